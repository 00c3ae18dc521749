import Foundation

/// The fast path's own errors; the `DecodingError`s it throws are built where they arise, as JSONDecoder's.
extension FastJSONDecoder {
    /// Thrown when the fast path meets something it can't decode exactly as JSONDecoder would (with the
    /// document marked for fallback, so the whole decode is redone by JSONDecoder).
    struct Unsupported: Error {}

    /// What JSONDecoder throws inside a decode for a number the requested type can't hold: its error type is
    /// internal to Foundation, so this one mirrors it (name, case, `String(describing:)`). Like it, it is not
    /// a `DecodingError`, so code that catches only `DecodingError` behaves the same.
    enum JSONError: Error {
        case numberIsNotRepresentableInSwift(parsed: String)
    }

    /// JSONDecoder's error messages, made once per type: unions decoded with `try?` build (and drop) an error
    /// for every type they try, and interpolating a type's name is most of that cost.
    enum Messages {
        static func typeMismatch(_ type: Any.Type, _ kind: Token.Kind) -> String {
            "Expected to decode \(type) but found \(Token(kind: kind, flags: 0, start: 0, end: 0, payload: 0).kindDescription) instead."
        }

        static func valueNotFound(_ type: Any.Type) -> String {
            "Cannot get value of type \(type) -- found null value instead"
        }

        /// `typeMismatch` messages by `Token.Kind` raw value.
        private static func mismatches(_ type: Any.Type) -> [String] {
            (0...Token.Kind.array.rawValue).map { typeMismatch(type, Token.Kind(rawValue: $0)!) }
        }

        static let scalars: [ObjectIdentifier: (mismatch: [String], null: String)] = {
            let types: [Any.Type] = [
                Bool.self, String.self, Double.self, Float.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
                UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
            ]
            return Dictionary(uniqueKeysWithValues: types.map { (ObjectIdentifier($0), (mismatches($0), valueNotFound($0))) })
        }()

        static let dictionaryMismatch = mismatches([String: Any].self)
        static let arrayMismatch = mismatches([Any].self)
    }
}
