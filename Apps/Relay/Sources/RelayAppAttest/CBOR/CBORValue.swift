import Foundation

/// One CBOR data item of the kinds App Attest objects use: integers, byte and text strings, arrays and maps.
///
/// Tags, floats, simple values and indefinite lengths never occur in an attestation or assertion, so the decoder
/// refuses them rather than modelling them.
package indirect enum CBORValue: Sendable, Equatable {
    case unsigned(UInt64)
    /// A negative integer, stored as CBOR does: the value is `-1 - n`.
    case negative(UInt64)
    case bytes(Data)
    case text(String)
    case array([CBORValue])
    /// Entries in the order they were encoded (keys are unique: the decoder refuses duplicates).
    case map([CBORMapEntry])

    /// The value of `key` when this is a map with a text key `key`.
    package subscript(key: String) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == .text(key) }?.value
    }

    package var bytes: Data? {
        if case .bytes(let value) = self { value } else { nil }
    }

    package var text: String? {
        if case .text(let value) = self { value } else { nil }
    }

    package var array: [CBORValue]? {
        if case .array(let value) = self { value } else { nil }
    }
}

/// One key-value pair of a CBOR map.
package struct CBORMapEntry: Sendable, Equatable {
    package var key: CBORValue
    package var value: CBORValue

    package init(key: CBORValue, value: CBORValue) {
        self.key = key
        self.value = value
    }
}
