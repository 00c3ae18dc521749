import Foundation

extension FastJSONDecoder {
    /// A JSON object's members, found by comparing key bytes on the tape (see
    /// ``Document/valueIndex(forKey:inObject:)``); no dictionary is built, and unknown keys cost nothing.
    /// Errors and their messages are JSONDecoder's.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: DecoderImpl
        /// The decoder's document, which the decoder keeps alive.
        private unowned(unsafe) let document: Document
        let object: Int32
        /// The coding path node of the object.
        let path: Int32

        init(decoder: DecoderImpl, object: Int32, path: Int32) {
            self.decoder = decoder
            self.document = decoder.document
            self.object = object
            self.path = path
        }

        var codingPath: [any CodingKey] { document.paths.path(path) }

        /// The keys in wire order (JSONDecoder's come from a dictionary, in no particular order), each once,
        /// those `Key` doesn't recognise left out.
        var allKeys: [Key] {
            document.keyStrings(inObject: Int(object)).compactMap { Key(stringValue: $0) }
        }

        func contains(_ key: Key) -> Bool {
            document.valueIndex(forKey: key, inObject: Int(object)) != nil
        }

        @inline(__always)
        private func value(forKey key: Key) throws -> Int {
            guard let index = document.valueIndex(forKey: key, inObject: Int(object)) else { throw keyNotFound(key) }
            return index
        }

        /// The value's token, or nil when the key is missing or its value is null (`decodeIfPresent`).
        @inline(__always)
        private func presentValue(forKey key: Key) -> Int? {
            guard let index = document.valueIndex(forKey: key, inObject: Int(object)),
                document.tokens[index].kind != .null
            else { return nil }
            return index
        }

        @inline(never)
        private func keyNotFound(_ key: Key) -> DecodingError {
            DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            document.tokens[try value(forKey: key)].kind == .null
        }

        /// JSONDecoder's error for the member `key` being of the wrong kind.
        @inline(never)
        private func kindError(_ type: Any.Type, _ index: Int, _ key: Key) -> DecodingError {
            decoder.kindError(type, index, document.paths.path(path, appending: key))
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            let index = try value(forKey: key)
            guard let result = decoder.boolValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            let index = try value(forKey: key)
            guard let result = decoder.stringValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            let index = try value(forKey: key)
            guard let result = try decoder.doubleValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            let index = try value(forKey: key)
            guard let result = try decoder.floatValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(forKey: key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(forKey: key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(forKey: key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(forKey: key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(forKey: key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(forKey: key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(forKey: key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(forKey: key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(forKey: key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(forKey: key) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { throw decoder.unsupported() }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { throw decoder.unsupported() }

        @inline(__always)
        private func integer<T: FixedWidthInteger>(forKey key: Key) throws -> T {
            let index = try value(forKey: key)
            guard let result = try decoder.integerValue(index, as: T.self) else { throw kindError(T.self, index, key) }
            return result
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.unwrap(try value(forKey: key), as: type, parent: path, key: key)
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            guard let index = presentValue(forKey: key) else { return nil }
            guard let result = decoder.boolValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            guard let index = presentValue(forKey: key) else { return nil }
            guard let result = decoder.stringValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
            guard let index = presentValue(forKey: key) else { return nil }
            guard let result = try decoder.doubleValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
            guard let index = presentValue(forKey: key) else { return nil }
            guard let result = try decoder.floatValue(index) else { throw kindError(type, index, key) }
            return result
        }

        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(forKey: key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(forKey: key) }

        @inline(__always)
        private func integerIfPresent<T: FixedWidthInteger>(forKey key: Key) throws -> T? {
            guard let index = presentValue(forKey: key) else { return nil }
            guard let result = try decoder.integerValue(index, as: T.self) else { throw kindError(T.self, index, key) }
            return result
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let index = presentValue(forKey: key) else { return nil }
            return try decoder.unwrap(index, as: type, parent: path, key: key)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try nested(forKey: key) { try $0.container(keyedBy: type) }
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try nested(forKey: key) { try $0.unkeyedContainer() }
        }

        /// Makes a container for a member by pointing the decoder at it for the moment, as JSONDecoder does.
        private func nested<C>(forKey key: Key, _ make: (DecoderImpl) throws -> C) throws -> C {
            let index = try value(forKey: key)
            let (savedToken, savedPath) = (decoder.current, decoder.path)
            decoder.current = index
            decoder.path = document.paths.append(.key(key), to: path)
            defer {
                decoder.current = savedToken
                decoder.path = savedPath
            }
            return try make(decoder)
        }

        func superDecoder() throws -> any Decoder {
            superDecoder(key: _CodingKey.super)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            superDecoder(key: key)
        }

        /// A decoder for the member `key`, or for null when there is none (as JSONDecoder, which doesn't throw).
        private func superDecoder(key: some CodingKey) -> any Decoder {
            let index = document.valueIndex(forKey: key, inObject: Int(object)) ?? document.nullToken
            return decoder.superDecoder(for: index, path: document.paths.append(.key(key), to: path))
        }
    }
}
