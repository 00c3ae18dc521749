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
    /// The code-execution container the request used (with its Skills); nil when none was used.
    public var container: Container? = nil
    /// The context edits applied to the request (beta context management); nil when none were asked for.
    public var contextManagement: ContextManagement? = nil
    /// More about why the model stopped, e.g. a refusal's category.
    public var stopDetails: StopDetails? = nil
    /// Why the prompt cache missed, when the request asked with ``MessageParameter/diagnostics``.
    public var diagnostics: Diagnostics? = nil

    enum CodingKeys: String, CodingKey {
        case id, type, model, role, content, usage, container, diagnostics
        case stopReason = "stop_reason"
        case stopSequence = "stop_sequence"
        case contextManagement = "context_management"
        case stopDetails = "stop_details"
    }

    /// The compaction block of the response, if the API compacted the conversation.
    public var compaction: Content.Compaction? {
        content.lazy.compactMap { block in
            if case .compaction(let compaction) = block { return compaction }
            return nil
        }.first
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
        /// Server tool requests by kind: `web_search_requests`, `web_fetch_requests`, ….
        public let serverToolUse: [String: Int]?
        /// The tier that served the request: `standard`, `priority` or `batch`.
        public let serviceTier: String?
        /// The speed the request ran at: `standard` or `fast`.
        public var speed: String? = nil
        /// Where inference ran.
        public var inferenceGeo: String? = nil
        /// Output tokens spent on thinking (part of ``outputTokens``).
        public var thinkingTokens: Int? = nil
        /// The sampling steps of the request, when it took more than one (e.g. a compaction and then the answer),
        /// each with its own counts; the top-level counts leave the compaction step out.
        public var iterations: [Iteration]? = nil

        /// Web searches the request made.
        public var webSearchRequests: Int { serverToolUse?["web_search_requests"] ?? 0 }
        /// Web fetches the request made.
        public var webFetchRequests: Int { serverToolUse?["web_fetch_requests"] ?? 0 }

        /// The usage of one sampling step (`usage.iterations`).
        public struct Iteration: Codable, Sendable, Equatable {
            /// `message` for the answer, `compaction` for a summary, or another step's type.
            public let type: String
            /// Input tokens of the step.
            public let inputTokens: Int
            /// Output tokens of the step.
            public let outputTokens: Int
            /// Tokens the step wrote to the cache.
            public let cacheCreationInputTokens: Int?
            /// Tokens the step read from the cache.
            public let cacheReadInputTokens: Int?
            /// The model of the step, when the API says.
            public let model: String?

            /// A step's usage from its counts.
            public init(
                type: String, inputTokens: Int, outputTokens: Int, cacheCreationInputTokens: Int? = nil,
                cacheReadInputTokens: Int? = nil, model: String? = nil
            ) {
                self.type = type
                self.inputTokens = inputTokens
                self.outputTokens = outputTokens
                self.cacheCreationInputTokens = cacheCreationInputTokens
                self.cacheReadInputTokens = cacheReadInputTokens
                self.model = model
            }

            enum CodingKeys: String, CodingKey {
                case type, model
                case inputTokens = "input_tokens"
                case outputTokens = "output_tokens"
                case cacheCreationInputTokens = "cache_creation_input_tokens"
                case cacheReadInputTokens = "cache_read_input_tokens"
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                type = try container.decode(String.self, forKey: .type)
                inputTokens = try container.decodeIfPresent(Int.self, forKey: .inputTokens) ?? 0
                outputTokens = try container.decodeIfPresent(Int.self, forKey: .outputTokens) ?? 0
                cacheCreationInputTokens = try container.decodeIfPresent(Int.self, forKey: .cacheCreationInputTokens)
                cacheReadInputTokens = try container.decodeIfPresent(Int.self, forKey: .cacheReadInputTokens)
                model = try container.decodeIfPresent(String.self, forKey: .model)
            }
        }

        private struct OutputTokensDetails: Codable {
            let thinkingTokens: Int?
            enum CodingKeys: String, CodingKey { case thinkingTokens = "thinking_tokens" }
        }

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
            case speed, iterations
            case inferenceGeo = "inference_geo"
            case outputTokensDetails = "output_tokens_details"
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
            speed = try container.decodeIfPresent(String.self, forKey: .speed)
            inferenceGeo = try container.decodeIfPresent(String.self, forKey: .inferenceGeo)
            thinkingTokens = try container.decodeIfPresent(OutputTokensDetails.self, forKey: .outputTokensDetails)?.thinkingTokens
            iterations = try container.decodeIfPresent([Iteration].self, forKey: .iterations)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(inputTokens, forKey: .inputTokens)
            try container.encode(outputTokens, forKey: .outputTokens)
            try container.encodeIfPresent(cacheCreationInputTokens, forKey: .cacheCreationInputTokens)
            try container.encodeIfPresent(cacheReadInputTokens, forKey: .cacheReadInputTokens)
            try container.encodeIfPresent(cacheCreation, forKey: .cacheCreation)
            try container.encodeIfPresent(serverToolUse, forKey: .serverToolUse)
            try container.encodeIfPresent(serviceTier, forKey: .serviceTier)
            try container.encodeIfPresent(speed, forKey: .speed)
            try container.encodeIfPresent(inferenceGeo, forKey: .inferenceGeo)
            try container.encodeIfPresent(thinkingTokens.map { OutputTokensDetails(thinkingTokens: $0) }, forKey: .outputTokensDetails)
            try container.encodeIfPresent(iterations, forKey: .iterations)
        }

        init(
            inputTokens: Int?, outputTokens: Int, cacheCreationInputTokens: Int?, cacheReadInputTokens: Int?,
            cacheCreation: CacheCreation?, serverToolUse: [String: Int]?, serviceTier: String?, speed: String? = nil,
            inferenceGeo: String? = nil, thinkingTokens: Int? = nil, iterations: [Iteration]? = nil
        ) {
            self.speed = speed
            self.inferenceGeo = inferenceGeo
            self.thinkingTokens = thinkingTokens
            self.iterations = iterations
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
