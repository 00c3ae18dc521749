import Foundation

extension JSON {
    /// Why a body is not JSON.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What the parser said, without the body (a body may hold secrets).
        public var description: String
    }

    /// Parses a JSON text (any value at the top level, as RFC 8259 allows).
    ///
    /// Numbers without a fraction or exponent that fit in `Int` become `.int`, other numbers `.double`.
    /// - Throws: ``ParseError`` when `data` is not one JSON value.
    public init(parsing data: Data) throws(ParseError) {
        do {
            self = try JSONDecoder().decode(JSON.self, from: data)
        } catch let error as DecodingError {
            throw ParseError(description: Self.reason(error))
        } catch {
            throw ParseError(description: "The data is not valid JSON.")
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            return "The data is not valid JSON: \(context.debugDescription)"
        @unknown default:
            return "The data is not valid JSON."
        }
    }
}

extension JSON: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}
