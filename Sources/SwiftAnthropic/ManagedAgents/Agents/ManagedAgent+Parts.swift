import AICore
import Foundation

/// A skill an agent loads in its session container: one of Anthropic's (e.g. `xlsx`) or one the organization
/// uploaded, at a pinned version or the latest.
public struct ManagedAgentSkill: Codable, Sendable, Hashable {
    /// Whose skill it is: `anthropic` or `custom` (any other source is kept as it is spelled).
    public var source: Source
    /// The skill's id: a name such as `xlsx` for Anthropic's, a `skill_…` id for a custom one.
    public var skillID: String
    /// The pinned version; nil asks for the latest (answers carry the resolved version).
    public var version: String?

    /// A skill.
    public init(source: Source, skillID: String, version: String? = nil) {
        self.source = source
        self.skillID = skillID
        self.version = version
    }

    /// One of Anthropic's skills, e.g. `.anthropic("xlsx")`.
    public static func anthropic(_ skillID: String, version: String? = nil) -> ManagedAgentSkill {
        ManagedAgentSkill(source: .anthropic, skillID: skillID, version: version)
    }

    /// A skill the organization uploaded (`skill_…`).
    public static func custom(_ skillID: String, version: String? = nil) -> ManagedAgentSkill {
        ManagedAgentSkill(source: .custom, skillID: skillID, version: version)
    }

    /// Whose skill it is.
    public struct Source: ManagedAgentsStringValue {
        /// The source as the API spells it (`type`).
        public let rawValue: String
        /// A source by name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Anthropic's skills.
        public static let anthropic = Source(rawValue: "anthropic")
        /// The organization's uploaded skills.
        public static let custom = Source(rawValue: "custom")
    }

    enum CodingKeys: String, CodingKey {
        case source = "type"
        case skillID = "skill_id"
        case version
    }
}

/// The string-backed open enumerations of Managed Agents: Codable as the bare string, any value kept.
public protocol ManagedAgentsStringValue: RawRepresentable, Codable, Sendable, Hashable where RawValue == String {
    init(rawValue: String)
}

extension ManagedAgentsStringValue {
    /// Reads the string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// An MCP server an agent connects to by URL; its tools are enabled by an ``ManagedAgentMCPToolset`` naming it.
public struct ManagedAgentMCPServer: Codable, Sendable, Hashable {
    /// Unique name within the agent (1–255 characters), referenced by the toolset.
    public var name: String
    /// The server's endpoint.
    public var url: String
    /// The connection type; `url` is the one the API has.
    public var type: String

    /// A server at `url`.
    public init(name: String, url: String, type: String = "url") {
        self.name = name
        self.url = url
        self.type = type
    }
}

/// Who the agent's runs act as: Anthropic's service account (the default) or an AWS IAM role.
public enum ManagedAgentExecutionIdentity: Codable, Sendable, Hashable {
    /// The Anthropic-managed service account.
    case serviceAccount
    /// An AWS IAM role, by ARN.
    case awsRole(roleARN: String)
    /// An identity this version of the library doesn't know, as JSON.
    case unknown(JSONValue)

    private enum CodingKeys: String, CodingKey {
        case type
        case roleARN = "role_arn"
    }

    /// Reads the identity by its `type`.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        switch decoder.stringField(named: "type") {
        case "service_account": self = .serviceAccount
        case "aws_role":
            if let arn = raw["role_arn"]?.stringValue { self = .awsRole(roleARN: arn) } else { self = .unknown(raw) }
        default: self = .unknown(raw)
        }
    }

    /// Writes the identity with its `type`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .serviceAccount:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("service_account", forKey: .type)
        case .awsRole(let arn):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("aws_role", forKey: .type)
            try container.encode(arn, forKey: .roleARN)
        case .unknown(let raw): try raw.encode(to: encoder)
        }
    }
}
