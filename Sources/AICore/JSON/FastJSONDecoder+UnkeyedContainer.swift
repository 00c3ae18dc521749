import Foundation

extension FastJSONDecoder {
    /// A JSON array's elements in order. Three words, so it fits an existential without allocating.
    /// Errors, messages and edge cases (what advances `currentIndex`) are JSONDecoder's.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: DecoderImpl
        let array: Int32
        /// The coding path node of the array.
        let path: Int32
        /// The token of the next element (the array's end once all are decoded).
        private var cursor: Int32
        private var index: Int32 = 0

        init(decoder: DecoderImpl, array: Int32, path: Int32) {
            self.decoder = decoder
            self.array = array
            self.path = path
            self.cursor = array + 1
        }

        /// The decoder's document, which the decoder keeps alive.
        private var document: Document { decoder.document }

        var codingPath: [any CodingKey] { document.paths.path(path) }
        var count: Int? { Int(document.tokens[Int(array)].elementCount) }
        var isAtEnd: Bool { Int(index) >= Int(document.tokens[Int(array)].elementCount) }
        var currentIndex: Int { Int(index) }

        /// The next element's token, or nil at the end.
        @inline(__always)
        private var nextValue: Int? {
            Int(cursor) < Int(document.tokens[Int(array)].end) ? Int(cursor) : nil
        }

        @inline(__always)
        private mutating func advance() {
            index += 1
            if let value = nextValue { cursor = Int32(document.next(after: value)) }
        }

        @inline(__always)
        private func value(for type: Any.Type, message: String = "Unkeyed container is at end.") throws -> Int {
            guard let value = nextValue else { throw atEnd(type, message: message) }
            return value
        }

        @inline(never)
        private func atEnd(_ type: Any.Type, message: String) -> DecodingError {
            DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [_CodingKey(index: currentIndex)], debugDescription: message))
        }

        /// JSONDecoder's error for the current element being of the wrong kind.
        @inline(never)
        private func kindError(_ type: Any.Type, _ index: Int) -> DecodingError {
            decoder.kindError(type, index, document.paths.path(path, appending: _CodingKey(index: currentIndex)))
        }

        mutating func decodeNil() throws -> Bool {
            // Advances only past a null, as the protocol requires.
            guard document.tokens[try value(for: Never.self)].kind == .null else { return false }
            advance()
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool {
            let index = try value(for: type)
            guard let result = decoder.boolValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decode(_ type: String.Type) throws -> String {
            let index = try value(for: type)
            guard let result = decoder.stringValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decode(_ type: Double.Type) throws -> Double {
            let index = try value(for: type)
            guard let result = try decoder.doubleValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decode(_ type: Float.Type) throws -> Float {
            let index = try value(for: type)
            guard let result = try decoder.floatValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: Int128.Type) throws -> Int128 { throw decoder.unsupported() }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { throw decoder.unsupported() }

        @inline(__always)
        private mutating func integer<T: FixedWidthInteger>() throws -> T {
            let index = try value(for: T.self)
            guard let result = try decoder.integerValue(index, as: T.self) else { throw kindError(T.self, index) }
            advance()
            return result
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let result = try decoder.unwrap(try value(for: type), as: type, parent: path, index: currentIndex)
            advance()
            return result
        }

        // JSONDecoder's `decodeIfPresent` returns nil at the end (advancing past it) or for null, and
        // otherwise decodes the value.

        @inline(__always)
        private mutating func presentValue() -> Int? {
            guard let value = nextValue, document.tokens[value].kind != .null else {
                advance()
                return nil
            }
            return value
        }

        mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
            guard let index = presentValue() else { return nil }
            guard let result = decoder.boolValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
            guard let index = presentValue() else { return nil }
            guard let result = decoder.stringValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
            guard let index = presentValue() else { return nil }
            guard let result = try decoder.doubleValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
            guard let index = presentValue() else { return nil }
            guard let result = try decoder.floatValue(index) else { throw kindError(type, index) }
            advance()
            return result
        }

        mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try integerIfPresent() }
        mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try integerIfPresent() }

        @inline(__always)
        private mutating func integerIfPresent<T: FixedWidthInteger>() throws -> T? {
            guard let index = presentValue() else { return nil }
            guard let result = try decoder.integerValue(index, as: T.self) else { throw kindError(T.self, index) }
            advance()
            return result
        }

        mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
            guard let value = presentValue() else { return nil }
            let result = try decoder.unwrap(value, as: type, parent: path, index: currentIndex)
            advance()
            return result
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try nested(for: KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
            advance()
            return container
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let container = try nested(for: (any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
            advance()
            return container
        }

        /// Makes a container for the next element by pointing the decoder at it for the moment.
        private func nested<C>(for type: Any.Type, _ make: (DecoderImpl) throws -> C) throws -> C {
            let value = try value(for: type)
            let (savedToken, savedPath) = (decoder.current, decoder.path)
            decoder.current = value
            decoder.path = document.paths.append(.index(currentIndex), to: path)
            defer {
                decoder.current = savedToken
                decoder.path = savedPath
            }
            return try make(decoder)
        }

        mutating func superDecoder() throws -> any Decoder {
            let value = try value(for: (any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
            let superDecoder = decoder.superDecoder(for: value, path: document.paths.append(.index(currentIndex), to: path))
            advance()
            return superDecoder
        }
    }
}
