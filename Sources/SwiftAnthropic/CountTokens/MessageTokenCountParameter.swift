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
    /// The top-level cache breakpoint of the request being counted.
    public var cacheControl: MessageParameter.CacheControl?
    /// The output configuration (effort, format) of the request being counted.
    public var outputConfig: MessageParameter.OutputConfig?
    /// The speed of the request being counted.
    public var speed: MessageParameter.Speed?
    /// Context editing (beta): the count is of the input after the edits, and the response reports the count
    /// before them (``MessageInputTokens/contextManagement``).
    public var contextManagement: MessageParameter.ContextManagement?
    /// The compaction request of the request being counted (beta).
    public var compaction: MessageParameter.CompactionConfig?
    /// MCP servers whose tool definitions count as input (beta MCP connector).
    public var mcpServers: [MessageParameter.MCPServerDefinition]?
    /// Betas to send besides those the fields imply; not part of the body.
    public var betas: [AnthropicBeta]

    /// A count request with the fields of the ``MessageParameter`` it stands for (there is no `maxTokens`).
    public init(
        model: Model, messages: [MessageParameter.Message], system: MessageParameter.System? = nil,
        tools: [MessageParameter.Tool]? = nil, thinking: MessageParameter.Thinking? = nil,
        toolChoice: MessageParameter.ToolChoice? = nil, cacheControl: MessageParameter.CacheControl? = nil,
        outputConfig: MessageParameter.OutputConfig? = nil, speed: MessageParameter.Speed? = nil,
        contextManagement: MessageParameter.ContextManagement? = nil, compaction: MessageParameter.CompactionConfig? = nil,
        mcpServers: [MessageParameter.MCPServerDefinition]? = nil, betas: [AnthropicBeta] = [])
    {
        self.model = model.value
        self.messages = messages
        self.system = system
        self.tools = tools
        self.thinking = thinking
        self.toolChoice = toolChoice
        self.cacheControl = cacheControl
        self.outputConfig = outputConfig
        self.speed = speed
        self.contextManagement = contextManagement
        self.compaction = compaction
        self.mcpServers = mcpServers
        self.betas = betas
    }

    /// The count request for `parameter`: the same model, conversation and every field that changes the input.
    public init(_ parameter: MessageParameter) {
        self.init(
            model: .other(parameter.model), messages: parameter.messages, system: parameter.system, tools: parameter.tools,
            thinking: parameter.thinking, toolChoice: parameter.toolChoice, cacheControl: parameter.cacheControl,
            outputConfig: parameter.outputConfig, speed: parameter.speed, contextManagement: parameter.contextManagement,
            compaction: parameter.compaction, mcpServers: parameter.mcpServers, betas: parameter.betas)
    }

    /// The `anthropic-beta` names the count needs, as for a message (see ``MessageParameter/requiredBetas``).
    public var requiredBetas: [String] {
        MessageParameter(
            model: .other(model), messages: [], maxTokens: 0, tools: tools, thinking: thinking, outputConfig: outputConfig,
            mcpServers: mcpServers, contextManagement: contextManagement, compaction: compaction, speed: speed, betas: betas
        ).requiredBetas
    }

    enum CodingKeys: String, CodingKey {
        case model, messages, system, tools, thinking, speed, compaction
        case toolChoice = "tool_choice"
        case cacheControl = "cache_control"
        case outputConfig = "output_config"
        case contextManagement = "context_management"
        case mcpServers = "mcp_servers"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(messages, forKey: .messages)
        try container.encodeIfPresent(system, forKey: .system)
        try container.encodeIfPresent(tools, forKey: .tools)
        try container.encodeIfPresent(thinking, forKey: .thinking)
        try container.encodeIfPresent(toolChoice, forKey: .toolChoice)
        try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
        try container.encodeIfPresent(outputConfig, forKey: .outputConfig)
        try container.encodeIfPresent(speed, forKey: .speed)
        try container.encodeIfPresent(contextManagement, forKey: .contextManagement)
        try container.encodeIfPresent(compaction, forKey: .compaction)
        try container.encodeIfPresent(mcpServers, forKey: .mcpServers)
    }
}

/// The token count of a message request.
public struct MessageInputTokens: Codable, Sendable {
    /// The input tokens the request would use: messages, system prompt and tools (after context edits).
    public let inputTokens: Int
    /// With context management: the count before the edits.
    public let contextManagement: ContextManagement?

    /// What context editing changed in a count.
    public struct ContextManagement: Codable, Sendable {
        /// The input tokens before the edits were applied.
        public let originalInputTokens: Int

        enum CodingKeys: String, CodingKey {
            case originalInputTokens = "original_input_tokens"
        }
    }

    enum CodingKeys: String, CodingKey {
        case inputTokens = "input_tokens"
        case contextManagement = "context_management"
    }
}
