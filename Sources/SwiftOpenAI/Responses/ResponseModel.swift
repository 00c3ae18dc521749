import AICore
import Foundation

/// A [response](https://platform.openai.com/docs/api-reference/responses/object) of the Responses API.
public struct ResponseModel: Codable, Sendable {
    public var id: String
    /// `response`.
    public var object: String?
    /// Seconds since 1970.
    public var createdAt: Double?
    public var completedAt: Double?
    /// `completed`, `failed`, `in_progress`, `cancelled`, `queued` or `incomplete`.
    public var status: String?
    /// Why the response failed.
    public var error: ResponseError?
    /// Why the response is incomplete, e.g. `max_output_tokens`.
    public var incompleteDetails: IncompleteDetails?
    /// The instructions as sent (a string, or input items for prompt templates).
    public var instructions: JSONValue?
    public var maxOutputTokens: Int?
    public var maxToolCalls: Int?
    public var model: String?
    /// What the model produced: messages, tool calls, reasoning …
    public var output: [OutputItem]
    public var parallelToolCalls: Bool?
    public var previousResponseId: String?
    public var reasoning: ModelResponseParameter.Reasoning?
    public var serviceTier: String?
    public var store: Bool?
    public var background: Bool?
    public var temperature: Double?
    public var text: ModelResponseParameter.TextConfiguration?
    public var toolChoice: ModelResponseParameter.ToolChoice?
    public var tools: [ModelResponseParameter.Tool]?
    public var topLogprobs: Int?
    public var topP: Double?
    public var truncation: String?
    public var usage: Usage?
    public var user: String?
    public var safetyIdentifier: String?
    public var promptCacheKey: String?
    /// `in_memory` or `24h`, as the request set it.
    public var promptCacheRetention: String?
    public var promptCacheOptions: ModelResponseParameter.PromptCacheOptions?
    /// The moderation the response ran with.
    public var moderation: ModelResponseParameter.Moderation?
    public var metadata: [String: String]?
    /// The conversation the response was added to.
    public var conversation: ModelResponseParameter.Conversation?

    public init(id: String, status: String? = nil, model: String? = nil, output: [OutputItem] = [], usage: Usage? = nil) {
        self.id = id
        self.object = "response"
        self.status = status
        self.model = model
        self.output = output
        self.usage = usage
    }

    /// The text of every `output_text` part of every message, joined (what the official SDKs call `output_text`).
    public var outputText: String {
        output.compactMap(\.message).flatMap(\.content).compactMap(\.text).joined()
    }

    /// The function calls the model asked for, in order.
    public var functionCalls: [OutputItem.FunctionCall] {
        output.compactMap { if case .functionCall(let call) = $0 { call } else { nil } }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object)
        createdAt = try container.decodeIfPresent(Double.self, forKey: .createdAt)
        completedAt = try container.decodeIfPresent(Double.self, forKey: .completedAt)
        status = try container.decodeIfPresent(String.self, forKey: .status)
        error = try container.decodeIfPresent(ResponseError.self, forKey: .error)
        incompleteDetails = try container.decodeIfPresent(IncompleteDetails.self, forKey: .incompleteDetails)
        instructions = try container.decodeIfPresent(JSONValue.self, forKey: .instructions)
        maxOutputTokens = try container.decodeIfPresent(Int.self, forKey: .maxOutputTokens)
        maxToolCalls = try container.decodeIfPresent(Int.self, forKey: .maxToolCalls)
        model = try container.decodeIfPresent(String.self, forKey: .model)
        output = try container.decodeIfPresent([OutputItem].self, forKey: .output) ?? []
        parallelToolCalls = try container.decodeIfPresent(Bool.self, forKey: .parallelToolCalls)
        previousResponseId = try container.decodeIfPresent(String.self, forKey: .previousResponseId)
        reasoning = try container.decodeIfPresent(ModelResponseParameter.Reasoning.self, forKey: .reasoning)
        serviceTier = try container.decodeIfPresent(String.self, forKey: .serviceTier)
        store = try container.decodeIfPresent(Bool.self, forKey: .store)
        background = try container.decodeIfPresent(Bool.self, forKey: .background)
        temperature = try container.decodeIfPresent(Double.self, forKey: .temperature)
        text = try container.decodeIfPresent(ModelResponseParameter.TextConfiguration.self, forKey: .text)
        toolChoice = try container.decodeIfPresent(ModelResponseParameter.ToolChoice.self, forKey: .toolChoice)
        tools = try container.decodeIfPresent([ModelResponseParameter.Tool].self, forKey: .tools)
        topLogprobs = try container.decodeIfPresent(Int.self, forKey: .topLogprobs)
        topP = try container.decodeIfPresent(Double.self, forKey: .topP)
        truncation = try container.decodeIfPresent(String.self, forKey: .truncation)
        usage = try container.decodeIfPresent(Usage.self, forKey: .usage)
        user = try container.decodeIfPresent(String.self, forKey: .user)
        safetyIdentifier = try container.decodeIfPresent(String.self, forKey: .safetyIdentifier)
        promptCacheKey = try container.decodeIfPresent(String.self, forKey: .promptCacheKey)
        promptCacheRetention = try container.decodeIfPresent(String.self, forKey: .promptCacheRetention)
        promptCacheOptions = try? container.decodeIfPresent(ModelResponseParameter.PromptCacheOptions.self, forKey: .promptCacheOptions)
        moderation = try? container.decodeIfPresent(ModelResponseParameter.Moderation.self, forKey: .moderation)
        metadata = try? container.decodeIfPresent([String: String].self, forKey: .metadata)
        conversation = try? container.decodeIfPresent(ModelResponseParameter.Conversation.self, forKey: .conversation)
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case completedAt = "completed_at"
        case status, error
        case incompleteDetails = "incomplete_details"
        case instructions
        case maxOutputTokens = "max_output_tokens"
        case maxToolCalls = "max_tool_calls"
        case model, output
        case parallelToolCalls = "parallel_tool_calls"
        case previousResponseId = "previous_response_id"
        case reasoning
        case serviceTier = "service_tier"
        case store, background, temperature, text
        case toolChoice = "tool_choice"
        case tools
        case topLogprobs = "top_logprobs"
        case topP = "top_p"
        case truncation, usage, user
        case safetyIdentifier = "safety_identifier"
        case promptCacheKey = "prompt_cache_key"
        case promptCacheRetention = "prompt_cache_retention"
        case promptCacheOptions = "prompt_cache_options"
        case moderation
        case metadata, conversation
    }

    /// The error of a failed response.
    public struct ResponseError: Codable, Sendable, Equatable {
        public var code: String?
        public var message: String

        public init(code: String?, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Why a response is incomplete.
    public struct IncompleteDetails: Codable, Sendable, Equatable {
        /// `max_output_tokens` or `content_filter`.
        public var reason: String?
    }

    /// Token counts.
    public struct Usage: Codable, Sendable, Equatable {
        public var inputTokens: Int
        public var inputTokensDetails: InputTokensDetails?
        public var outputTokens: Int
        public var outputTokensDetails: OutputTokensDetails?
        public var totalTokens: Int

        public init(inputTokens: Int, outputTokens: Int, totalTokens: Int, cachedTokens: Int? = nil, reasoningTokens: Int? = nil) {
            self.inputTokens = inputTokens
            self.outputTokens = outputTokens
            self.totalTokens = totalTokens
            self.inputTokensDetails = cachedTokens.map { InputTokensDetails(cachedTokens: $0) }
            self.outputTokensDetails = reasoningTokens.map { OutputTokensDetails(reasoningTokens: $0) }
        }

        public struct InputTokensDetails: Codable, Sendable, Equatable {
            /// Tokens read from the prompt cache.
            public var cachedTokens: Int?
            enum CodingKeys: String, CodingKey { case cachedTokens = "cached_tokens" }
        }

        public struct OutputTokensDetails: Codable, Sendable, Equatable {
            public var reasoningTokens: Int?
            enum CodingKeys: String, CodingKey { case reasoningTokens = "reasoning_tokens" }
        }

        enum CodingKeys: String, CodingKey {
            case inputTokens = "input_tokens"
            case inputTokensDetails = "input_tokens_details"
            case outputTokens = "output_tokens"
            case outputTokensDetails = "output_tokens_details"
            case totalTokens = "total_tokens"
        }
    }

    /// The answer to deleting a response.
    public struct DeletionStatus: Codable, Sendable {
        public var id: String
        public var object: String?
        public var deleted: Bool
    }

    /// A page of the input items of a response.
    public struct InputItemList: Codable, Sendable {
        public var object: String?
        /// Input messages (content `input_text`, `input_image`, `input_file`), tool outputs and other items.
        public var data: [OutputItem]
        public var firstId: String?
        public var lastId: String?
        public var hasMore: Bool

        enum CodingKeys: String, CodingKey {
            case object, data
            case firstId = "first_id"
            case lastId = "last_id"
            case hasMore = "has_more"
        }
    }
}

/// Parameters of `responseInputItems(id:parameters:)`.
public struct ResponseInputItemsParameter: Sendable {
    /// 1…100; the server's default is 20.
    public var limit: Int?
    /// `asc` or `desc` (the default).
    public var order: String?
    /// An item id to list after.
    public var after: String?
    public var include: [String]?

    public init(limit: Int? = nil, order: String? = nil, after: String? = nil, include: [String]? = nil) {
        self.limit = limit
        self.order = order
        self.after = after
        self.include = include
    }

    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let order { items.append(URLQueryItem(name: "order", value: order)) }
        if let after { items.append(URLQueryItem(name: "after", value: after)) }
        for value in include ?? [] { items.append(URLQueryItem(name: "include[]", value: value)) }
        return items
    }
}
