import AICore

/// The body of [Count message tokens](https://docs.anthropic.com/en/api/messages-count-tokens).
public struct MessageTokenCountParameter: Encodable, Sendable {
    public let model: String
    public let messages: [MessageParameter.Message]
    public let system: MessageParameter.System?
    public let tools: [MessageParameter.Tool]?
    public let thinking: MessageParameter.Thinking?
    public let toolChoice: MessageParameter.ToolChoice?

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
    public let inputTokens: Int

    enum CodingKeys: String, CodingKey {
        case inputTokens = "input_tokens"
    }
}
