import AICore
import Foundation

/// The body of [`POST /responses/input_tokens`](https://platform.openai.com/docs/api-reference/responses/input-tokens):
/// the parts of a request that make up its input.
public struct ResponseInputTokensParameter: Encodable, Sendable {
    public var model: String?
    public var input: ModelResponseParameter.InputType?
    public var instructions: String?
    public var previousResponseId: String?
    public var conversation: ModelResponseParameter.Conversation?
    public var tools: [ModelResponseParameter.Tool]?
    public var toolChoice: ModelResponseParameter.ToolChoice?
    public var parallelToolCalls: Bool?
    public var text: ModelResponseParameter.TextConfiguration?
    public var reasoning: ModelResponseParameter.Reasoning?
    /// `auto` or `disabled`.
    public var truncation: String?

    public init(
        model: String? = nil, input: ModelResponseParameter.InputType? = nil, instructions: String? = nil,
        previousResponseId: String? = nil, conversation: ModelResponseParameter.Conversation? = nil,
        tools: [ModelResponseParameter.Tool]? = nil, toolChoice: ModelResponseParameter.ToolChoice? = nil,
        parallelToolCalls: Bool? = nil, text: ModelResponseParameter.TextConfiguration? = nil,
        reasoning: ModelResponseParameter.Reasoning? = nil, truncation: String? = nil
    ) {
        self.model = model
        self.input = input
        self.instructions = instructions
        self.previousResponseId = previousResponseId
        self.conversation = conversation
        self.tools = tools
        self.toolChoice = toolChoice
        self.parallelToolCalls = parallelToolCalls
        self.text = text
        self.reasoning = reasoning
        self.truncation = truncation
    }

    /// The input of `request`: what `responseCreate(request)` would be charged as input, before sending it.
    public init(_ request: ModelResponseParameter) {
        self.init(
            model: request.model, input: request.input, instructions: request.instructions,
            previousResponseId: request.previousResponseId, conversation: request.conversation, tools: request.tools,
            toolChoice: request.toolChoice, parallelToolCalls: request.parallelToolCalls, text: request.text,
            reasoning: request.reasoning, truncation: request.truncation)
    }

    enum CodingKeys: String, CodingKey {
        case model, input, instructions
        case previousResponseId = "previous_response_id"
        case conversation, tools
        case toolChoice = "tool_choice"
        case parallelToolCalls = "parallel_tool_calls"
        case text, reasoning, truncation
    }
}

/// The answer of `POST /responses/input_tokens`.
public struct ResponseInputTokens: Codable, Sendable, Equatable {
    /// `response.input_tokens`.
    public var object: String
    public var inputTokens: Int

    enum CodingKeys: String, CodingKey {
        case object
        case inputTokens = "input_tokens"
    }
}

/// The body of [`POST /responses/compact`](https://platform.openai.com/docs/api-reference/responses/compact):
/// a conversation to shrink, given as input items and/or a previous response.
public struct ResponseCompactParameter: Encodable, Sendable {
    public var model: String
    public var input: ModelResponseParameter.InputType?
    public var previousResponseId: String?
    public var instructions: String?
    public var promptCacheKey: String?
    public var serviceTier: String?

    public init(
        model: String, input: ModelResponseParameter.InputType? = nil, previousResponseId: String? = nil,
        instructions: String? = nil, promptCacheKey: String? = nil, serviceTier: String? = nil
    ) {
        self.model = model
        self.input = input
        self.previousResponseId = previousResponseId
        self.instructions = instructions
        self.promptCacheKey = promptCacheKey
        self.serviceTier = serviceTier
    }

    enum CodingKeys: String, CodingKey {
        case model, input
        case previousResponseId = "previous_response_id"
        case instructions
        case promptCacheKey = "prompt_cache_key"
        case serviceTier = "service_tier"
    }
}

/// A compacted conversation (`response.compaction`): its `output` replaces the conversation as the input of
/// the next request (``inputItems``).
public struct ResponseCompaction: Codable, Sendable {
    public var id: String
    /// `response.compaction`.
    public var object: String
    /// The kept items and the `compaction` item that stands for the rest.
    public var output: [ResponseModel.OutputItem]
    public var createdAt: Int
    public var usage: ResponseModel.Usage?

    /// `output` as input items for the next `responseCreate`, each sent back as it was received.
    public var inputItems: [ModelResponseParameter.InputItem] { output.map { .outputItem($0) } }

    enum CodingKeys: String, CodingKey {
        case id, object, output
        case createdAt = "created_at"
        case usage
    }
}
