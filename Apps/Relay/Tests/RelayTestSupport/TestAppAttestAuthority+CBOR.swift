import Foundation
import RelayAppAttest

/// The test side's CBOR encoder: definite lengths and shortest arguments, as Apple's objects are encoded. The relay
/// itself only decodes.
extension CBORValue {
    package func encoded() -> Data {
        var out = Data()
        encode(into: &out)
        return out
    }

    private func encode(into out: inout Data) {
        switch self {
        case .unsigned(let value):
            Self.head(major: 0, argument: value, into: &out)
        case .negative(let value):
            Self.head(major: 1, argument: value, into: &out)
        case .bytes(let value):
            Self.head(major: 2, argument: UInt64(value.count), into: &out)
            out.append(value)
        case .text(let value):
            let utf8 = Data(value.utf8)
            Self.head(major: 3, argument: UInt64(utf8.count), into: &out)
            out.append(utf8)
        case .array(let elements):
            Self.head(major: 4, argument: UInt64(elements.count), into: &out)
            for element in elements { element.encode(into: &out) }
        case .map(let entries):
            Self.head(major: 5, argument: UInt64(entries.count), into: &out)
            for entry in entries {
                entry.key.encode(into: &out)
                entry.value.encode(into: &out)
            }
        }
    }

    /// The initial byte and argument of an item: `major` in the top three bits, the argument inline below 24,
    /// else in the fewest of 1, 2, 4 or 8 following big-endian bytes.
    package static func head(major: UInt8, argument: UInt64, into out: inout Data) {
        let type = major << 5
        let width: Int
        switch argument {
        case 0..<24:
            out.append(type | UInt8(argument))
            return
        case 24...0xFF: (out, width) = (out + [type | 24], 1)
        case 0x100...0xFFFF: (out, width) = (out + [type | 25], 2)
        case 0x1_0000...0xFFFF_FFFF: (out, width) = (out + [type | 26], 4)
        default: (out, width) = (out + [type | 27], 8)
        }
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: argument >> UInt64(shift)))
        }
    }
}

extension CBORValue {
    /// A map with text keys, in the given order.
    package static func textMap(_ pairs: KeyValuePairs<String, CBORValue>) -> CBORValue {
        .map(pairs.map { CBORMapEntry(key: .text($0.key), value: $0.value) })
    }
}
