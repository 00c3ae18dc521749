import AICore
import Foundation

/// A [message](https://docs.anthropic.com/en/api/messages) returned by the model.
public struct MessageResponse: Codable, Sendable {
    /// The message id (`msg_…`).
    public let id: String
    /// Always `message`.
    public let type: String
    /// The model that handled the request.
    public let model: String
    /// Always `assistant`.
    public let role: String
    /// The content blocks.
    public let content: [Content]
    /// `end_turn`, `max_tokens`, `stop_sequence`, `tool_use`, `pause_turn`, `refusal`, …
    public let stopReason: String?
    /// The custom stop sequence that was hit.
    public let stopSequence: String?
    /// The tokens the request used, for billing and rate limits.
    public let usage: Usage

    enum CodingKeys: String, CodingKey {
        case id, type, model, role, content, usage
        case stopReason = "stop_reason"
        case stopSequence = "stop_sequence"
    }

    /// The text of all text blocks, joined.
    public var text: String {
        content.compactMap(\.text).joined()
    }

    /// The tool calls of the response.
    public var toolUses: [Content.ToolUse] {
        content.compactMap { block in
            if case .toolUse(let id, let name, let input) = block { return Content.ToolUse(id: id, name: name, input: input) }
            return nil
        }
    }

    /// Token usage; cache fields are present when prompt caching applies.
    public struct Usage: Codable, Sendable {
        /// Input tokens not read from or written to the cache; nil when an event leaves it out.
        public let inputTokens: Int?
        /// Output tokens (0 when absent); in a stream's `message_delta`, the total so far.
        public let outputTokens: Int
        /// Tokens written to the cache.
        public let cacheCreationInputTokens: Int?
        /// Tokens read from the cache.
        public let cacheReadInputTokens: Int?
        /// Cache writes by time to live.
        public let cacheCreation: CacheCreation?
        /// Server tool requests (web searches, fetches).
        public let serverToolUse: [String: Int]?
        /// The tier that served the request.
        public let serviceTier: String?

        /// Tokens written to the cache, split by the lifetime of the entries.
        public struct CacheCreation: Codable, Sendable {
            /// Tokens written to 5-minute cache entries.
            public let ephemeral5mInputTokens: Int?
            /// Tokens written to 1-hour cache entries.
            public let ephemeral1hInputTokens: Int?

            enum CodingKeys: String, CodingKey {
                case ephemeral5mInputTokens = "ephemeral_5m_input_tokens"
                case ephemeral1hInputTokens = "ephemeral_1h_input_tokens"
            }
        }

        enum CodingKeys: String, CodingKey {
            case inputTokens = "input_tokens"
            case outputTokens = "output_tokens"
            case cacheCreationInputTokens = "cache_creation_input_tokens"
            case cacheReadInputTokens = "cache_read_input_tokens"
            case cacheCreation = "cache_creation"
            case serverToolUse = "server_tool_use"
            case serviceTier = "service_tier"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            inputTokens = try container.decodeIfPresent(Int.self, forKey: .inputTokens)
            outputTokens = try container.decodeIfPresent(Int.self, forKey: .outputTokens) ?? 0
            cacheCreationInputTokens = try container.decodeIfPresent(Int.self, forKey: .cacheCreationInputTokens)
            cacheReadInputTokens = try container.decodeIfPresent(Int.self, forKey: .cacheReadInputTokens)
            cacheCreation = try container.decodeIfPresent(CacheCreation.self, forKey: .cacheCreation)
            serverToolUse = try? container.decodeIfPresent([String: Int].self, forKey: .serverToolUse)
            serviceTier = try container.decodeIfPresent(String.self, forKey: .serviceTier)
        }

        init(
            inputTokens: Int?, outputTokens: Int, cacheCreationInputTokens: Int?, cacheReadInputTokens: Int?,
            cacheCreation: CacheCreation?, serverToolUse: [String: Int]?, serviceTier: String?
        ) {
            self.inputTokens = inputTokens
            self.outputTokens = outputTokens
            self.cacheCreationInputTokens = cacheCreationInputTokens
            self.cacheReadInputTokens = cacheReadInputTokens
            self.cacheCreation = cacheCreation
            self.serverToolUse = serverToolUse
            self.serviceTier = serviceTier
        }
    }
}
