import Foundation

/// The tokens a session (or a thread) used so far, and what they cost at list price.
public struct AgentSessionUsage: Codable, Sendable, Equatable {
    /// Tokens written to the prompt cache, by cache lifetime.
    public struct CacheCreation: Codable, Sendable, Equatable {
        /// Tokens cached for one hour.
        public let ephemeral1hInputTokens: Int?
        /// Tokens cached for five minutes.
        public let ephemeral5mInputTokens: Int?

        enum CodingKeys: String, CodingKey {
            case ephemeral1hInputTokens = "ephemeral_1h_input_tokens"
            case ephemeral5mInputTokens = "ephemeral_5m_input_tokens"
        }
    }

    /// Server tools' requests.
    public struct ServerToolUse: Codable, Sendable, Equatable {
        /// Web fetches made.
        public let webFetchRequests: Int?
        /// Web searches made.
        public let webSearchRequests: Int?

        enum CodingKeys: String, CodingKey {
            case webFetchRequests = "web_fetch_requests"
            case webSearchRequests = "web_search_requests"
        }
    }

    /// Seconds the agent spent working.
    public let activeSeconds: Double?
    /// Tokens written to the prompt cache.
    public let cacheCreation: CacheCreation?
    /// Tokens read from the prompt cache.
    public let cacheReadInputTokens: Int?
    /// Input tokens.
    public let inputTokens: Int?
    /// The list-price cost so far.
    public let listCost: AgentSessionMoney?
    /// Output tokens.
    public let outputTokens: Int?
    /// Server tools' requests.
    public let serverToolUse: ServerToolUse?

    /// Usage figures, e.g. for a test double.
    public init(
        activeSeconds: Double? = nil, cacheCreation: CacheCreation? = nil, cacheReadInputTokens: Int? = nil,
        inputTokens: Int? = nil, listCost: AgentSessionMoney? = nil, outputTokens: Int? = nil,
        serverToolUse: ServerToolUse? = nil
    ) {
        self.activeSeconds = activeSeconds
        self.cacheCreation = cacheCreation
        self.cacheReadInputTokens = cacheReadInputTokens
        self.inputTokens = inputTokens
        self.listCost = listCost
        self.outputTokens = outputTokens
        self.serverToolUse = serverToolUse
    }

    enum CodingKeys: String, CodingKey {
        case activeSeconds = "active_seconds"
        case cacheCreation = "cache_creation"
        case cacheReadInputTokens = "cache_read_input_tokens"
        case inputTokens = "input_tokens"
        case listCost = "list_cost"
        case outputTokens = "output_tokens"
        case serverToolUse = "server_tool_use"
    }
}

/// How long a session (or thread) has existed and worked.
public struct AgentSessionStats: Codable, Sendable, Equatable {
    /// Seconds the agent spent working.
    public let activeSeconds: Double?
    /// Seconds since the session started.
    public let durationSeconds: Double?
    /// Seconds the thread took to start (threads only).
    public let startupSeconds: Double?

    enum CodingKeys: String, CodingKey {
        case activeSeconds = "active_seconds"
        case durationSeconds = "duration_seconds"
        case startupSeconds = "startup_seconds"
    }
}

/// An amount of money in minor units of a currency: `"2500"` USD is $25.00. A string, so no rounding ever applies.
public struct AgentSessionMoney: Codable, Sendable, Equatable {
    /// The amount in minor units, as a decimal integer string without leading zeros.
    public let amount: String
    /// The currency, e.g. `USD`.
    public let currency: String

    /// An amount, e.g. `AgentSessionMoney(amount: "2500", currency: "USD")` for $25.00.
    public init(amount: String, currency: String = "USD") {
        self.amount = amount
        self.currency = currency
    }
}

/// A hard spend ceiling: the session stops making model requests once its list cost reaches `maxListCost`.
public struct AgentSessionBudget: Codable, Sendable, Equatable {
    /// Always `limit`.
    public let type: String
    /// The most the session may cost at list price.
    public let maxListCost: AgentSessionMoney

    /// A ceiling of `maxListCost`.
    public init(maxListCost: AgentSessionMoney) {
        type = "limit"
        self.maxListCost = maxListCost
    }

    enum CodingKeys: String, CodingKey {
        case type
        case maxListCost = "max_list_cost"
    }
}
