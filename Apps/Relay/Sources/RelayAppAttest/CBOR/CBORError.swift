/// Why bytes are not a CBOR item the decoder accepts; `offset` is where in the input the problem is.
package enum CBORError: Error, Sendable, Equatable {
    /// The input ends inside an item (a header, a length or the content it announces).
    case truncated(offset: Int)
    /// Bytes follow the single top-level item.
    case trailingBytes(offset: Int)
    /// A major type or additional information this decoder does not accept (tags, floats, simple values, reserved
    /// values).
    case unsupported(offset: Int)
    /// An indefinite-length string, array or map: App Attest objects only use definite lengths.
    case indefiniteLength(offset: Int)
    /// Arrays and maps nested deeper than the limit.
    case tooDeep(offset: Int)
    /// An array or map with more entries than the limit, or an input longer than the limit.
    case tooLarge(offset: Int)
    /// A text string that is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// A map with the same key twice.
    case duplicateKey(offset: Int)

    /// A one-line explanation for error messages and logs (it holds no input bytes).
    package var reason: String {
        switch self {
        case .truncated(let offset): "CBOR truncated at byte \(offset)"
        case .trailingBytes(let offset): "CBOR has trailing bytes at byte \(offset)"
        case .unsupported(let offset): "CBOR item of an unsupported type at byte \(offset)"
        case .indefiniteLength(let offset): "CBOR indefinite length at byte \(offset)"
        case .tooDeep(let offset): "CBOR nested too deeply at byte \(offset)"
        case .tooLarge(let offset): "CBOR item too large at byte \(offset)"
        case .invalidUTF8(let offset): "CBOR text is not UTF-8 at byte \(offset)"
        case .duplicateKey(let offset): "CBOR map repeats a key at byte \(offset)"
        }
    }
}
