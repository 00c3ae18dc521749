import AICore

/// The body of [Count message tokens](https://docs.anthropic.com/en/api/messages-count-tokens).
public struct MessageTokenCountParameter: Encodable, Sendable {
    /// The model id; counts differ between models.
    public let model: String
    /// The conversation whose input tokens are counted.
    public let messages: [MessageParameter.Message]
    /// The system prompt, counted as input; nil when there is none.
    public let system: MessageParameter.System?
    /// Tool definitions, whose names, descriptions and schemas count as input.
    public let tools: [MessageParameter.Tool]?
    /// The thinking setting of the request being counted.
    public let thinking: MessageParameter.Thinking?
    /// The tool choice of the request being counted (it changes the system prompt the API adds).
    public let toolChoice: MessageParameter.ToolChoice?

    /// A count request with the fields of the ``MessageParameter`` it stands for (there is no `maxTokens`).
    public init(
        model: Model, messages: [MessageParameter.Message], system: MessageParameter.System? = nil,
        tools: [MessageParameter.Tool]? = nil, thinking: MessageParameter.Thinking? = nil,
        toolChoice: MessageParameter.ToolChoice? = nil)
    {
        self.model = model.value
        self.messages = messages
        self.system = system
        self.tools = tools
        self.thinking = thinking
        self.toolChoice = toolChoice
    }

    enum CodingKeys: String, CodingKey {
        case model, messages, system, tools, thinking
        case toolChoice = "tool_choice"
    }
}

/// The token count of a message request.
public struct MessageInputTokens: Codable, Sendable {
    /// The input tokens the request would use: messages, system prompt and tools.
    public let inputTokens: Int

    enum CodingKeys: String, CodingKey {
        case inputTokens = "input_tokens"
    }
}
