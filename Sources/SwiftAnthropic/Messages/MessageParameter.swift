import AICore
import Foundation

/// ``MessageParameter`` under a name no other module uses: write `AnthropicMessageParameter` in a file that
/// also imports SwiftOpenAI, whose `MessageParameter` creates a message in an Assistants thread.
public typealias AnthropicMessageParameter = MessageParameter

/// The body of [Create a message](https://docs.anthropic.com/en/api/messages).
///
/// `model`, `messages` and `maxTokens` are required; every other field is optional and defaulted.
public struct MessageParameter: Encodable, Sendable {
    /// The model id.
    public let model: String
    /// The conversation: alternating `user` and `assistant` turns.
    public var messages: [Message]
    /// The maximum number of tokens to generate.
    public let maxTokens: Int
    /// A system prompt, as text or as blocks (with cache control).
    public let system: System?
    /// Request metadata.
    public let metadata: MetaData?
    /// Custom stop sequences.
    public let stopSequences: [String]?
    /// Set by the service for streamed calls.
    public var stream: Bool
    /// Sampling temperature, 0–1.
    public let temperature: Double?
    /// Only sample from the top K options.
    public let topK: Int?
    /// Nucleus sampling mass.
    public let topP: Double?
    /// Tools the model may use: custom tools and server tools.
    public var tools: [Tool]?
    /// How the model should use the tools.
    public var toolChoice: ToolChoice?
    /// Extended thinking: adaptive, enabled with a budget, or disabled.
    public let thinking: Thinking?
    /// `auto` or `standard_only`.
    public let serviceTier: String?
    /// Structured outputs (`output_config.format`): the answer is JSON matching a schema.
    public var outputConfig: OutputConfig?
    /// Remote MCP servers whose tools the API calls itself (the MCP connector; the service adds its beta header).
    public var mcpServers: [MCPServerDefinition]?
    /// A cache breakpoint the API puts on the last cacheable block of the request (`cache_control`).
    public var cacheControl: CacheControl?
    /// The code-execution container to use: an existing one by id, and/or the Skills to load.
    public var container: Container?
    /// Context editing (beta): clear old tool results or thinking, or compact the conversation.
    public var contextManagement: ContextManagement?
    /// Summarize the conversation now (beta `compaction`); the answer is a compaction block.
    public var compaction: CompactionConfig?
    /// `standard`, or `fast` output on the models that offer it.
    public var speed: Speed?
    /// Models to retry with when the requested one declines (beta).
    public var fallbacks: Fallbacks?
    /// Ask the response to explain prompt-cache misses against an earlier response.
    public var diagnostics: Diagnostics?
    /// Where inference runs (e.g. `us`, `global`); the workspace's default when nil.
    public var inferenceGeo: String?
    /// Betas to send in the `anthropic-beta` header besides those the fields imply (see ``requiredBetas``), e.g.
    /// ``AnthropicBeta/context1M``. Not part of the body.
    public var betas: [AnthropicBeta]

    /// A request; `model` is sent as its id, and `stream` is overwritten by the service
    /// (false for `createMessage`, true for `streamMessage`). The fields after `mcpServers` are today's API:
    /// prompt caching, containers and Skills, context management, fast mode, fallbacks, diagnostics and betas.
    public init(
        model: Model,
        messages: [Message],
        maxTokens: Int,
        system: System? = nil,
        metadata: MetaData? = nil,
        stopSequences: [String]? = nil,
        stream: Bool = false,
        temperature: Double? = nil,
        topK: Int? = nil,
        topP: Double? = nil,
        tools: [Tool]? = nil,
        toolChoice: ToolChoice? = nil,
        thinking: Thinking? = nil,
        serviceTier: String? = nil,
        outputConfig: OutputConfig? = nil,
        mcpServers: [MCPServerDefinition]? = nil,
        cacheControl: CacheControl? = nil,
        container: Container? = nil,
        contextManagement: ContextManagement? = nil,
        compaction: CompactionConfig? = nil,
        speed: Speed? = nil,
        fallbacks: Fallbacks? = nil,
        diagnostics: Diagnostics? = nil,
        inferenceGeo: String? = nil,
        betas: [AnthropicBeta] = [])
    {
        self.cacheControl = cacheControl
        self.container = container
        self.contextManagement = contextManagement
        self.compaction = compaction
        self.speed = speed
        self.fallbacks = fallbacks
        self.diagnostics = diagnostics
        self.inferenceGeo = inferenceGeo
        self.betas = betas
        self.outputConfig = outputConfig
        self.mcpServers = mcpServers
        self.model = model.value
        self.messages = messages
        self.maxTokens = maxTokens
        self.system = system
        self.metadata = metadata
        self.stopSequences = stopSequences
        self.stream = stream
        self.temperature = temperature
        self.topK = topK
        self.topP = topP
        self.tools = tools
        self.toolChoice = toolChoice
        self.thinking = thinking
        self.serviceTier = serviceTier
    }

    enum CodingKeys: String, CodingKey {
        case model, messages, system, metadata, stream, temperature, tools, thinking
        case maxTokens = "max_tokens"
        case stopSequences = "stop_sequences"
        case topK = "top_k"
        case topP = "top_p"
        case toolChoice = "tool_choice"
        case serviceTier = "service_tier"
        case outputConfig = "output_config"
        case mcpServers = "mcp_servers"
        case cacheControl = "cache_control"
        case container, compaction, speed, fallbacks, diagnostics
        case contextManagement = "context_management"
        case inferenceGeo = "inference_geo"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(messages, forKey: .messages)
        try container.encode(maxTokens, forKey: .maxTokens)
        try container.encodeIfPresent(system, forKey: .system)
        try container.encodeIfPresent(metadata, forKey: .metadata)
        try container.encodeIfPresent(stopSequences, forKey: .stopSequences)
        if stream { try container.encode(true, forKey: .stream) }
        try container.encodeIfPresent(temperature, forKey: .temperature)
        try container.encodeIfPresent(topK, forKey: .topK)
        try container.encodeIfPresent(topP, forKey: .topP)
        try container.encodeIfPresent(tools, forKey: .tools)
        try container.encodeIfPresent(toolChoice, forKey: .toolChoice)
        try container.encodeIfPresent(thinking, forKey: .thinking)
        try container.encodeIfPresent(serviceTier, forKey: .serviceTier)
        try container.encodeIfPresent(outputConfig, forKey: .outputConfig)
        try container.encodeIfPresent(mcpServers, forKey: .mcpServers)
        try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
        try container.encodeIfPresent(self.container, forKey: .container)
        try container.encodeIfPresent(contextManagement, forKey: .contextManagement)
        try container.encodeIfPresent(compaction, forKey: .compaction)
        try container.encodeIfPresent(speed, forKey: .speed)
        try container.encodeIfPresent(fallbacks, forKey: .fallbacks)
        try container.encodeIfPresent(diagnostics, forKey: .diagnostics)
        try container.encodeIfPresent(inferenceGeo, forKey: .inferenceGeo)
    }

    /// A system prompt: plain text, or text blocks that may carry cache control.
    public enum System: Encodable, Sendable {
        /// A plain-text system prompt.
        case text(String)
        /// Text blocks, each of which can carry cache control.
        case list([Cache])

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let string): try container.encode(string)
            case .list(let objects): try container.encode(objects)
            }
        }
    }

    /// Request metadata.
    public struct MetaData: Encodable, Sendable {
        /// An opaque id for the end user (a uuid or hash; no personal data).
        public let userId: UUID

        /// Metadata identifying the end user by `userId`.
        public init(userId: UUID) {
            self.userId = userId
        }

        enum CodingKeys: String, CodingKey {
            case userId = "user_id"
        }
    }

    /// How the model should use tools: `auto`, `any`, `tool` (with a name) or `none`.
    public struct ToolChoice: Codable, Sendable {
        /// The wire values of `tool_choice.type`: `auto` lets the model decide, `any` makes it use some
        /// tool, `tool` makes it use the one in `name`, and `none` forbids tools.
        public enum ToolType: String, Codable, Sendable {
            case tool
            case auto
            case any
            case none
        }

        /// How the model may use the tools.
        public let type: ToolType
        /// The tool the model must use when `type` is `.tool`; nil otherwise.
        public let name: String?
        /// With `auto`, at most one tool; with `any` or `tool`, exactly one.
        public let disableParallelToolUse: Bool?

        /// A tool choice; give `name` with `.tool`.
        public init(type: ToolType, name: String? = nil, disableParallelToolUse: Bool? = nil) {
            self.type = type
            self.name = name
            self.disableParallelToolUse = disableParallelToolUse
        }

        enum CodingKeys: String, CodingKey {
            case type, name
            case disableParallelToolUse = "disable_parallel_tool_use"
        }
    }

    /// A text block with optional cache control (system prompts and messages).
    public struct Cache: Encodable, Sendable {
        /// The block type; always `.text`.
        public let type: CacheType
        /// The text of the block.
        public let text: String
        /// Makes this block a cache breakpoint (the prompt up to it is cached); nil for none.
        public let cacheControl: CacheControl?

        /// A text block, a cache breakpoint when `cacheControl` is set.
        public init(type: CacheType = .text, text: String, cacheControl: CacheControl?) {
            self.type = type
            self.text = text
            self.cacheControl = cacheControl
        }

        /// The wire type of a cacheable block; only `text`.
        public enum CacheType: String, Encodable, Sendable {
            case text
        }

        enum CodingKeys: String, CodingKey {
            case type, text
            case cacheControl = "cache_control"
        }
    }

    /// Marks a cache breakpoint: `{"type": "ephemeral", "ttl": "5m" | "1h"}`.
    public struct CacheControl: Codable, Equatable, Sendable {
        /// The cache type; always `.ephemeral`.
        public let type: CacheControlType
        /// How long the cache entry lives; the server default (5 minutes) when nil.
        public let ttl: TTL?

        /// A cache breakpoint whose entry lives for `ttl` (5 minutes when nil).
        public init(type: CacheControlType, ttl: TTL? = nil) {
            self.type = type
            self.ttl = ttl
        }

        /// The wire value of `cache_control.type`; only `ephemeral`.
        public enum CacheControlType: String, Codable, Sendable {
            case ephemeral
        }

        /// The wire values of `cache_control.ttl`: `5m` (the default) or `1h`, which costs more to write.
        public enum TTL: String, Codable, Sendable {
            case fiveMinutes = "5m"
            case oneHour = "1h"
        }
    }
}

/// ``MessageParameter/ToolChoice`` at the top level, where SwiftAnthropic has always had it.
public typealias ToolChoice = MessageParameter.ToolChoice
