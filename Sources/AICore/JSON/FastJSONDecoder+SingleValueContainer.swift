import Foundation

/// The decoder as its own single-value container (as JSONDecoder's is): it reads the value it is pointed
/// at, with JSONDecoder's errors.
extension FastJSONDecoder.DecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool { document.tokens[current].kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard let result = boolValue(current) else { throw kindError(type, current, codingPath) }
        return result
    }

    func decode(_ type: String.Type) throws -> String {
        guard let result = stringValue(current) else { throw kindError(type, current, codingPath) }
        return result
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let result = try doubleValue(current) else { throw kindError(type, current, codingPath) }
        return result
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard let result = try floatValue(current) else { throw kindError(type, current, codingPath) }
        return result
    }

    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    @inline(__always)
    private func integer<T: FixedWidthInteger>() throws -> T {
        guard let result = try integerValue(current, as: T.self) else { throw kindError(T.self, current, codingPath) }
        return result
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { throw unsupported() }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { throw unsupported() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unwrap(current, as: type, parent: path)
    }
}
