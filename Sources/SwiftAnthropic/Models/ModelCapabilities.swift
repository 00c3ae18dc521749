import AICore

/// What a model supports, as ``ModelInfo/capabilities`` lists it: one entry per capability, each saying whether it
/// is supported and, for some, which variants (effort levels, thinking types, context-management strategies).
///
/// Every entry is optional so a server that adds or drops one never breaks decoding; capabilities this library
/// does not model yet are kept in ``additionalFields``.
public struct ModelCapabilities: Codable, Sendable {
    /// The Message Batches API.
    public let batch: CapabilitySupport?
    /// Citations in answers.
    public let citations: CapabilitySupport?
    /// Code run by the code execution tool calling the request's other tools (programmatic tool calling, dynamic
    /// filtering for web search and fetch). The tool itself is in ``serverTools``.
    public let codeExecution: CapabilitySupport?
    /// Context management, and which strategies.
    public let contextManagement: ContextManagementCapability?
    /// The effort parameter, and which levels.
    public let effort: EffortCapability?
    /// Image content blocks.
    public let imageInput: CapabilitySupport?
    /// PDF content blocks.
    public let pdfInput: CapabilitySupport?
    /// The web search and code execution server tools (supported when at least one is).
    public let serverTools: ServerToolsCapability?
    /// Structured outputs (JSON outputs and strict tool schemas).
    public let structuredOutputs: CapabilitySupport?
    /// Extended thinking, and which `thinking.type` values a request may send.
    public let thinking: ThinkingCapability?
    /// Capabilities the server listed that this type does not model, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// Capabilities, e.g. for a test double.
    public init(
        batch: CapabilitySupport? = nil, citations: CapabilitySupport? = nil, codeExecution: CapabilitySupport? = nil,
        contextManagement: ContextManagementCapability? = nil, effort: EffortCapability? = nil, imageInput: CapabilitySupport? = nil,
        pdfInput: CapabilitySupport? = nil, serverTools: ServerToolsCapability? = nil, structuredOutputs: CapabilitySupport? = nil,
        thinking: ThinkingCapability? = nil, additionalFields: [String: JSONValue] = [:]
    ) {
        self.batch = batch
        self.citations = citations
        self.codeExecution = codeExecution
        self.contextManagement = contextManagement
        self.effort = effort
        self.imageInput = imageInput
        self.pdfInput = pdfInput
        self.serverTools = serverTools
        self.structuredOutputs = structuredOutputs
        self.thinking = thinking
        self.additionalFields = additionalFields
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case batch, citations, effort, thinking
        case codeExecution = "code_execution"
        case contextManagement = "context_management"
        case imageInput = "image_input"
        case pdfInput = "pdf_input"
        case serverTools = "server_tools"
        case structuredOutputs = "structured_outputs"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        batch = try container.decodeIfPresent(CapabilitySupport.self, forKey: .batch)
        citations = try container.decodeIfPresent(CapabilitySupport.self, forKey: .citations)
        codeExecution = try container.decodeIfPresent(CapabilitySupport.self, forKey: .codeExecution)
        contextManagement = try container.decodeIfPresent(ContextManagementCapability.self, forKey: .contextManagement)
        effort = try container.decodeIfPresent(EffortCapability.self, forKey: .effort)
        imageInput = try container.decodeIfPresent(CapabilitySupport.self, forKey: .imageInput)
        pdfInput = try container.decodeIfPresent(CapabilitySupport.self, forKey: .pdfInput)
        serverTools = try container.decodeIfPresent(ServerToolsCapability.self, forKey: .serverTools)
        structuredOutputs = try container.decodeIfPresent(CapabilitySupport.self, forKey: .structuredOutputs)
        thinking = try container.decodeIfPresent(ThinkingCapability.self, forKey: .thinking)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(batch, forKey: .batch)
        try container.encodeIfPresent(citations, forKey: .citations)
        try container.encodeIfPresent(codeExecution, forKey: .codeExecution)
        try container.encodeIfPresent(contextManagement, forKey: .contextManagement)
        try container.encodeIfPresent(effort, forKey: .effort)
        try container.encodeIfPresent(imageInput, forKey: .imageInput)
        try container.encodeIfPresent(pdfInput, forKey: .pdfInput)
        try container.encodeIfPresent(serverTools, forKey: .serverTools)
        try container.encodeIfPresent(structuredOutputs, forKey: .structuredOutputs)
        try container.encodeIfPresent(thinking, forKey: .thinking)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// Whether one capability (or one variant of it) is supported.
public struct CapabilitySupport: Codable, Sendable, Hashable {
    /// Whether the model supports it.
    public let supported: Bool

    /// A capability that is or is not supported.
    public init(supported: Bool) {
        self.supported = supported
    }
}
