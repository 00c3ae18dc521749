import Foundation

/// Where a session (or one of its threads) is in its life.
public enum AgentSessionStatus: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A transient error occurred; the platform retries on its own.
    case rescheduling
    /// The agent is working.
    case running
    /// The agent waits for input: a user message, a tool confirmation or a custom tool result. Sessions start idle.
    case idle
    /// The session ended, by an error or by completion.
    case terminated
    /// A status this version of the library does not know, as the API spells it.
    case other(String)

    /// The status as the API spells it (`idle`, `running`…).
    public init(rawValue: String) {
        switch rawValue {
        case "rescheduling": self = .rescheduling
        case "running": self = .running
        case "idle": self = .idle
        case "terminated": self = .terminated
        default: self = .other(rawValue)
        }
    }

    /// The status as the API spells it.
    public var rawValue: String {
        switch self {
        case .rescheduling: "rescheduling"
        case .running: "running"
        case .idle: "idle"
        case .terminated: "terminated"
        case .other(let value): value
        }
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
