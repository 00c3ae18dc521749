import Foundation

extension FastJSONDecoder {
    /// The `Decoder`: one object per decode (plus one per `superDecoder`), pointed at the value being decoded.
    ///
    /// Like JSONDecoder's, it is reused for nested values: decoding a member or element points it at that
    /// value (and its coding path) for the duration of the nested `init(from:)`, then back. So a nested
    /// value costs no allocation here beyond what its own containers need.
    final class DecoderImpl: Decoder {
        typealias Token = FastJSONDecoder.Token

        let document: Document
        /// The token of the value being decoded.
        var current: Int
        /// The coding path node of that value.
        var path: Int32

        init(document: Document, current: Int = 0, path: Int32 = CodingPathArena.root) {
            self.document = document
            self.current = current
            self.path = path
        }

        var codingPath: [any CodingKey] { document.paths.path(path) }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            let token = document.tokens[current]
            guard token.kind == .object else {
                if token.kind == .null {
                    throw DecodingError.valueNotFound(
                        [String: Any].self,
                        DecodingError.Context(
                            codingPath: codingPath,
                            debugDescription: "Cannot get keyed decoding container -- found null value instead"))
                }
                throw DecodingError.typeMismatch(
                    [String: Any].self,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: Messages.dictionaryMismatch[Int(token.kind.rawValue)]))
            }
            return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, object: Int32(current), path: path))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let token = document.tokens[current]
            guard token.kind == .array else { throw unkeyedContainerError(token, codingPath) }
            return UnkeyedContainer(decoder: self, array: Int32(current), path: path)
        }

        /// JSONDecoder's error for an unkeyed container asked of something that is not an array.
        @inline(never)
        func unkeyedContainerError(_ token: Token, _ path: [any CodingKey]) -> DecodingError {
            if token.kind == .null {
                return DecodingError.valueNotFound(
                    [Any].self,
                    DecodingError.Context(
                        codingPath: path, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            }
            return DecodingError.typeMismatch(
                [Any].self, DecodingError.Context(codingPath: path, debugDescription: Messages.arrayMismatch[Int(token.kind.rawValue)]))
        }

        /// The decoder is its own single-value container, as JSONDecoder's is.
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        /// A separate decoder for `superDecoder()`/`superDecoder(forKey:)`, which callers may keep.
        func superDecoder(for token: Int, path: Int32) -> DecoderImpl {
            document.hasSuperDecoders = true
            return DecoderImpl(document: document, current: token, path: path)
        }

        // MARK: - Values

        /// Decodes the value at `token` (the member `key` of the value at path node `parent`) as `T`: scalars
        /// and arrays of scalars directly, JSONDecoder's special types as it treats them, anything else by
        /// `T(from:)` with this decoder pointed at the value.
        func unwrap<T: Decodable, K: CodingKey>(_ token: Int, as type: T.Type, parent: Int32, key: K) throws -> T {
            if Self.isScalar(type) { return try scalar(token, as: type) { $0.path(parent, appending: key) } }
            if Self.isScalarArray(type) { return try scalarArray(token, as: type) { $0.path(parent, appending: key) } }
            if Self.isSpecial(type) { return try unwrapSpecial(token, as: type, parent: parent, key: .key(key)) }
            return try decodeNested(token, as: type, path: document.paths.append(.key(key), to: parent))
        }

        /// `unwrap` for an array element, whose path key is its index.
        func unwrap<T: Decodable>(_ token: Int, as type: T.Type, parent: Int32, index: Int) throws -> T {
            if Self.isScalar(type) {
                return try scalar(token, as: type) { $0.path(parent, appending: _CodingKey(index: index)) }
            }
            if Self.isScalarArray(type) {
                return try scalarArray(token, as: type) { $0.path(parent, appending: _CodingKey(index: index)) }
            }
            if Self.isSpecial(type) { return try unwrapSpecial(token, as: type, parent: parent, key: .index(index)) }
            return try decodeNested(token, as: type, path: document.paths.append(.index(index), to: parent))
        }

        /// `unwrap` for the value the decoder points at (the top level, or a single-value container).
        func unwrap<T: Decodable>(_ token: Int, as type: T.Type, parent: Int32) throws -> T {
            if Self.isScalar(type) { return try scalar(token, as: type) { $0.path(parent) } }
            if Self.isScalarArray(type) { return try scalarArray(token, as: type) { $0.path(parent) } }
            if Self.isSpecial(type) { return try unwrapSpecial(token, as: type, parent: parent, key: nil) }
            return try decodeNested(token, as: type, path: parent)
        }

        /// `T(from:)` with the decoder pointed at `token`, whose coding path node is `path`.
        @inline(__always)
        private func decodeNested<T: Decodable>(_ token: Int, as type: T.Type, path: Int32) throws -> T {
            let (savedToken, savedPath) = (current, self.path)
            current = token
            self.path = path
            defer {
                current = savedToken
                self.path = savedPath
            }
            return try T(from: self)
        }

        /// Arrays of scalars, decoded as `Array.init(from:)` would through an unkeyed container (the same
        /// values and errors) without the per-element generic dispatch, which dominates long arrays.
        @inline(__always)
        private static func isScalarArray<T>(_ type: T.Type) -> Bool {
            T.self == [Double].self || T.self == [Float].self || T.self == [Int].self || T.self == [String].self
                || T.self == [Bool].self
        }

        private func scalarArray<T>(_ token: Int, as type: T.Type, path: (CodingPathArena) -> [any CodingKey]) throws -> T {
            if T.self == [Double].self { return unsafeBitCast(try elements(token, of: Double.self, path: path), to: T.self) }
            if T.self == [Float].self { return unsafeBitCast(try elements(token, of: Float.self, path: path), to: T.self) }
            if T.self == [Int].self { return unsafeBitCast(try elements(token, of: Int.self, path: path), to: T.self) }
            if T.self == [String].self { return unsafeBitCast(try elements(token, of: String.self, path: path), to: T.self) }
            return unsafeBitCast(try elements(token, of: Bool.self, path: path), to: T.self)
        }

        private func elements<Element>(
            _ token: Int, of type: Element.Type, path: (CodingPathArena) -> [any CodingKey]
        ) throws -> [Element] {
            let array = document.tokens[token]
            guard array.kind == .array else { throw unkeyedContainerError(array, path(document.paths)) }
            var result: [Element] = []
            result.reserveCapacity(Int(array.elementCount))
            // Scalars are one token each; anything else fails in `scalar` before the index moves on.
            var element = token + 1
            for index in 0..<Int(array.elementCount) {
                result.append(
                    try scalar(element, as: type) { paths in
                        var keys = path(paths)
                        keys.append(_CodingKey(index: index))
                        return keys
                    })
                element += 1
            }
            return result
        }

        @inline(__always)
        private static func isSpecial<T>(_ type: T.Type) -> Bool {
            T.self == Data.self || T.self == Date.self || T.self == URL.self || T.self == Decimal.self
        }

        /// Types decoded straight from the token (avoiding a nested `init(from:)`) with the same values and
        /// errors as `T(from:)` through a single-value container.
        @inline(__always)
        private static func isScalar<T>(_ type: T.Type) -> Bool {
            T.self == String.self || T.self == Double.self || T.self == Int.self || T.self == Bool.self
                || T.self == Float.self
        }

        @inline(__always)
        private func scalar<T>(_ token: Int, as type: T.Type, path: (CodingPathArena) -> [any CodingKey]) throws -> T {
            if T.self == String.self {
                guard let value = stringValue(token) else { throw kindError(String.self, token, path(document.paths)) }
                return unsafeBitCast(value, to: T.self)
            }
            if T.self == Double.self {
                guard let value = try doubleValue(token) else { throw kindError(Double.self, token, path(document.paths)) }
                return unsafeBitCast(value, to: T.self)
            }
            if T.self == Int.self {
                guard let value = try integerValue(token, as: Int.self) else { throw kindError(Int.self, token, path(document.paths)) }
                return unsafeBitCast(value, to: T.self)
            }
            if T.self == Bool.self {
                guard let value = boolValue(token) else { throw kindError(Bool.self, token, path(document.paths)) }
                return unsafeBitCast(value, to: T.self)
            }
            guard let value = try floatValue(token) else { throw kindError(Float.self, token, path(document.paths)) }
            return unsafeBitCast(value, to: T.self)
        }

        /// `Data`, `Date`, `URL` and `Decimal`, which JSONDecoder decodes by its strategies (the defaults here:
        /// base64, deferred to `Date`'s own `Double`, `URL(string:)`, the number's text).
        @inline(never)
        private func unwrapSpecial<T: Decodable>(
            _ token: Int, as type: T.Type, parent: Int32, key: CodingPathArena.Key?
        ) throws -> T {
            let tokenValue = document.tokens[token]
            func path() -> [any CodingKey] {
                var keys = document.paths.path(parent)
                switch key {
                case .index(let index): keys.append(_CodingKey(index: index))
                case .key(let key): keys.append(key)
                case nil: break
                }
                return keys
            }
            if tokenValue.kind == .null {
                throw DecodingError.valueNotFound(
                    type, DecodingError.Context(codingPath: path(), debugDescription: "Cannot get value of type \(type) -- found null value instead"))
            }
            if T.self == Date.self {
                let path = if let key { document.paths.append(key, to: parent) } else { parent }
                return try decodeNested(token, as: Date.self, path: path) as! T
            }
            if T.self == Decimal.self {
                guard tokenValue.kind == .number else {
                    throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: path(), debugDescription: ""))
                }
                // JSONDecoder reads it with Foundation's internal decimal parser; leave the whole decode to it.
                throw fallback()
            }
            guard tokenValue.kind == .string else {
                throw DecodingError.typeMismatch(
                    String.self,
                    DecodingError.Context(
                        codingPath: path(),
                        debugDescription: "Expected to decode \(String.self) but found \(tokenValue.kindDescription) instead."))
            }
            let string = document.string(tokenValue)
            if T.self == URL.self {
                guard let url = URL(string: string) else {
                    throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path(), debugDescription: "Invalid URL string."))
                }
                return url as! T
            }
            // Data: JSONDecoder tries its own base64 decoder on the raw bytes before `Data(base64Encoded:)`;
            // when the latter refuses, let JSONDecoder decide.
            guard let data = Data(base64Encoded: string) else { throw fallback() }
            return data as! T
        }

        /// Marks the decode to be redone by JSONDecoder and returns the error to throw meanwhile.
        func fallback() -> any Error {
            document.needsFallback = true
            return Unsupported()
        }

        // MARK: - Scalars
        //
        // Each returns nil for a value of the wrong kind (callers, which know the coding path, throw
        // `kindError`), and throws for numbers the type can't hold.

        /// JSONDecoder's error for a value of the wrong kind: `valueNotFound` for null (except for `Bool`,
        /// which it reports as a type mismatch), otherwise `typeMismatch`.
        @inline(never)
        func kindError(_ type: Any.Type, _ index: Int, _ path: [any CodingKey]) -> DecodingError {
            let token = document.tokens[index]
            let messages = Messages.scalars[ObjectIdentifier(type)]
            if token.kind == .null, type != Bool.self {
                return DecodingError.valueNotFound(
                    type,
                    DecodingError.Context(
                        codingPath: path, debugDescription: messages?.null ?? Messages.valueNotFound(type)))
            }
            return DecodingError.typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: path,
                    debugDescription: messages?.mismatch[Int(token.kind.rawValue)] ?? Messages.typeMismatch(type, token.kind)))
        }

        @inline(__always)
        func boolValue(_ index: Int) -> Bool? {
            switch document.tokens[index].kind {
            case .true: true
            case .false: false
            default: nil
            }
        }

        @inline(__always)
        func stringValue(_ index: Int) -> String? {
            let token = document.tokens[index]
            return token.kind == .string ? document.string(token) : nil
        }

        @inline(__always)
        func doubleValue(_ index: Int) throws -> Double? {
            let token = document.tokens[index]
            guard token.kind == .number else { return nil }
            let text = document.text(of: token)
            switch FastJSONDecoder.parseDouble(text) {
            case .value(let value, let trueZero):
                guard value.isFinite, value != 0 || trueZero else { throw notRepresentable(text) }
                return value
            case .failed:
                throw fallback()
            }
        }

        @inline(__always)
        func floatValue(_ index: Int) throws -> Float? {
            let token = document.tokens[index]
            guard token.kind == .number else { return nil }
            let text = document.text(of: token)
            switch FastJSONDecoder.parseFloat(text) {
            case .value(let value, let trueZero):
                guard value.isFinite, value != 0 || trueZero else { throw notRepresentable(text) }
                return value
            case .failed:
                throw fallback()
            }
        }

        @inline(__always)
        func integerValue<T: FixedWidthInteger>(_ index: Int, as type: T.Type) throws -> T? {
            let token = document.tokens[index]
            guard token.kind == .number else { return nil }
            let text = document.text(of: token)
            if token.flags & Token.numberNonInteger == 0 {
                if let value = FastJSONDecoder.parseInteger(text, as: T.self) { return value }
                // Digits outside T's range: JSONDecoder's Double and decimal routes both refuse them too.
                throw notRepresentable(text)
            }
            return try integerFromFraction(text, as: T.self)
        }

        /// JSONDecoder's route for integers written with a fraction or exponent: through `Double`, accepted
        /// when exact; past 2^53 it consults Foundation's decimal parser (which truncates fractions), so that
        /// case is left to it.
        @inline(never)
        private func integerFromFraction<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) throws -> T {
            guard case .value(let double, _) = FastJSONDecoder.parseDouble(text) else { throw fallback() }
            guard let value = T(exactly: double) else { throw notRepresentable(text) }
            guard double.magnitude < 9_007_199_254_740_992 else { throw fallback() }
            return value
        }

        @inline(never)
        func notRepresentable(_ text: UnsafeBufferPointer<UInt8>) -> any Error {
            JSONError.numberIsNotRepresentableInSwift(parsed: String(decoding: text, as: UTF8.self))
        }

        /// 128-bit integers: JSONDecoder parses them, rarely needed here; left to it.
        func unsupported() -> any Error { fallback() }
    }
}
