import AICore

/// A JSON value that is either an integer or a string (e.g. `finish_reason`, `n_epochs`).
public enum IntOrStringValue: Codable, Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    /// The value as text.
    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        }
    }
}
