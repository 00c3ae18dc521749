import AICore
import Foundation

/// A tool entry of an agent: the built-in toolset, the tools of one MCP server, or a custom tool the app runs.
///
/// A type the library doesn't know yet decodes as ``unknown(_:)`` with its JSON, and is sent back as it was.
public enum ManagedAgentTool: Codable, Sendable, Hashable {
    /// The built-in tools (`bash`, `edit`, `read`, `write`, `glob`, `grep`, `web_fetch`, `web_search`), run in the
    /// session's environment: `agent_toolset_20260401`.
    case agentToolset(ManagedAgentToolset)
    /// The tools of an MCP server listed in the agent's ``ManagedAgent/mcpServers``: `mcp_toolset`.
    case mcpToolset(ManagedAgentMCPToolset)
    /// A tool the app runs: the session emits `agent.custom_tool_use` and waits for the app's result.
    case custom(ManagedAgentCustomTool)
    /// A tool type this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    /// Every built-in tool, enabled with the API's default permission policy.
    public static var builtInTools: ManagedAgentTool { .agentToolset(ManagedAgentToolset()) }

    /// Reads a tool by its `type`; a known type whose fields don't decode is kept as ``unknown(_:)``.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case ManagedAgentToolset.type: self = (try? .agentToolset(ManagedAgentToolset(from: decoder))) ?? .unknown(raw)
        case ManagedAgentMCPToolset.type: self = (try? .mcpToolset(ManagedAgentMCPToolset(from: decoder))) ?? .unknown(raw)
        case ManagedAgentCustomTool.type: self = (try? .custom(ManagedAgentCustomTool(from: decoder))) ?? .unknown(raw)
        default: self = .unknown(raw)
        }
    }

    /// Writes the tool with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .agentToolset(let toolset): try toolset.encode(to: encoder)
        case .mcpToolset(let toolset): try toolset.encode(to: encoder)
        case .custom(let tool): try tool.encode(to: encoder)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}

/// The built-in toolset: which tools are on and what they may do without asking.
public struct ManagedAgentToolset: Codable, Sendable, Hashable {
    static let type = "agent_toolset_20260401"

    /// What applies to every tool of the set unless a config overrides it.
    public var defaultConfig: ManagedAgentToolDefaults?
    /// Per-tool overrides, e.g. `bash` disabled or `web_fetch` asking first.
    public var configs: [ManagedAgentToolConfig]

    /// The toolset, by default every tool with the API's default policy.
    public init(defaultConfig: ManagedAgentToolDefaults? = nil, configs: [ManagedAgentToolConfig] = []) {
        self.defaultConfig = defaultConfig
        self.configs = configs
    }

    enum CodingKeys: String, CodingKey {
        case type, configs
        case defaultConfig = "default_config"
    }

    /// Reads the toolset; a missing `configs` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        defaultConfig = try container.decodeIfPresent(ManagedAgentToolDefaults.self, forKey: .defaultConfig)
        configs = try container.decodeIfPresent([ManagedAgentToolConfig].self, forKey: .configs) ?? []
    }

    /// Writes the toolset with its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encodeIfPresent(defaultConfig, forKey: .defaultConfig)
        try container.encode(configs, forKey: .configs)
    }
}

/// The tools of one MCP server the agent connects to.
public struct ManagedAgentMCPToolset: Codable, Sendable, Hashable {
    static let type = "mcp_toolset"

    /// The ``ManagedAgentMCPServer/name`` of the server.
    public var mcpServerName: String
    /// What applies to every tool of the server unless a config overrides it.
    public var defaultConfig: ManagedAgentToolDefaults?
    /// Per-tool overrides, by the MCP tool's name.
    public var configs: [ManagedAgentToolConfig]

    /// The tools of server `mcpServerName`.
    public init(mcpServerName: String, defaultConfig: ManagedAgentToolDefaults? = nil, configs: [ManagedAgentToolConfig] = []) {
        self.mcpServerName = mcpServerName
        self.defaultConfig = defaultConfig
        self.configs = configs
    }

    enum CodingKeys: String, CodingKey {
        case type, configs
        case mcpServerName = "mcp_server_name"
        case defaultConfig = "default_config"
    }

    /// Reads the toolset; a missing `configs` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mcpServerName = try container.decode(String.self, forKey: .mcpServerName)
        defaultConfig = try container.decodeIfPresent(ManagedAgentToolDefaults.self, forKey: .defaultConfig)
        configs = try container.decodeIfPresent([ManagedAgentToolConfig].self, forKey: .configs) ?? []
    }

    /// Writes the toolset with its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encode(mcpServerName, forKey: .mcpServerName)
        try container.encodeIfPresent(defaultConfig, forKey: .defaultConfig)
        try container.encode(configs, forKey: .configs)
    }
}

/// A tool the app implements: the agent sees its name, description and input schema.
public struct ManagedAgentCustomTool: Codable, Sendable, Hashable {
    static let type = "custom"

    /// Unique name, 1–128 letters, digits, underscores and hyphens.
    public var name: String
    /// What the tool does, so the agent knows when to call it.
    public var description: String
    /// The JSON Schema of the tool's input (an `object` schema).
    public var inputSchema: JSONValue

    /// A custom tool.
    public init(name: String, description: String, inputSchema: JSONValue) {
        self.name = name
        self.description = description
        self.inputSchema = inputSchema
    }

    enum CodingKeys: String, CodingKey {
        case type, name, description
        case inputSchema = "input_schema"
    }

    /// Reads the tool.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decode(String.self, forKey: .description)
        inputSchema = try container.decode(JSONValue.self, forKey: .inputSchema)
    }

    /// Writes the tool with its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(inputSchema, forKey: .inputSchema)
    }
}

/// What applies to every tool of a toolset: whether the tools are on and whether calls need approval.
public struct ManagedAgentToolDefaults: Codable, Sendable, Hashable {
    /// Whether the tools are available (the API's default: true).
    public var enabled: Bool?
    /// Whether calls run at once, ask first, or are judged call by call.
    public var permissionPolicy: ManagedAgentPermissionPolicy?

    /// Defaults for a toolset.
    public init(enabled: Bool? = nil, permissionPolicy: ManagedAgentPermissionPolicy? = nil) {
        self.enabled = enabled
        self.permissionPolicy = permissionPolicy
    }

    enum CodingKeys: String, CodingKey {
        case enabled
        case permissionPolicy = "permission_policy"
    }
}

/// One tool's override within a toolset: a built-in tool (`bash`, `web_fetch`…) or an MCP tool by name.
///
/// Tool-specific options (e.g. `web_fetch`'s `allowed_domains`, `web_search`'s `user_location`) are in
/// ``additionalFields``, sent and kept as they are.
public struct ManagedAgentToolConfig: Codable, Sendable, Hashable {
    /// The tool's name.
    public var name: String
    /// Whether the tool is available, overriding the toolset's default.
    public var enabled: Bool?
    /// The tool's permission policy, overriding the toolset's default.
    public var permissionPolicy: ManagedAgentPermissionPolicy?
    /// Other fields of the config (the built-in tool's `type`, its specific options).
    public var additionalFields: [String: JSONValue]

    /// An override for tool `name`.
    public init(
        name: String, enabled: Bool? = nil, permissionPolicy: ManagedAgentPermissionPolicy? = nil, additionalFields: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.enabled = enabled
        self.permissionPolicy = permissionPolicy
        self.additionalFields = additionalFields
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, enabled
        case permissionPolicy = "permission_policy"
    }

    /// Reads the config, keeping fields the library doesn't model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled)
        permissionPolicy = try container.decodeIfPresent(ManagedAgentPermissionPolicy.self, forKey: .permissionPolicy)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// Writes the config and the fields it kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(enabled, forKey: .enabled)
        try container.encodeIfPresent(permissionPolicy, forKey: .permissionPolicy)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}

/// Whether a tool call runs without asking.
public enum ManagedAgentPermissionPolicy: Codable, Sendable, Hashable {
    /// Calls run without confirmation.
    case alwaysAllow
    /// Calls wait for the user's confirmation.
    case alwaysAsk
    /// The server judges each call: safe calls run, high-risk ones are denied, unclear ones ask.
    case auto
    /// A policy this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey { case type }

    /// Reads `{"type": …}`.
    public init(from decoder: any Decoder) throws {
        switch decoder.stringField(named: "type") {
        case "always_allow": self = .alwaysAllow
        case "always_ask": self = .alwaysAsk
        case "auto": self = .auto
        default: self = .unknown(try JSONValue(from: decoder))
        }
    }

    /// Writes `{"type": …}`.
    public func encode(to encoder: any Encoder) throws {
        let type: String
        switch self {
        case .alwaysAllow: type = "always_allow"
        case .alwaysAsk: type = "always_ask"
        case .auto: type = "auto"
        case .unknown(let raw): return try raw.encode(to: encoder)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
    }
}
