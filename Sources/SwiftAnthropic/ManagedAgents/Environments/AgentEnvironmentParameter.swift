import AICore
import Foundation

/// What an environment is made of, for ``AnthropicEnvironmentsService/createEnvironment(_:options:)``.
public struct AgentEnvironmentParameter: Encodable, Sendable {
    /// Human-readable name.
    public var name: String
    /// Cloud (with networking and packages) or self-hosted; nil lets the API use its default (a cloud
    /// environment with unrestricted networking).
    public var config: AgentEnvironmentConfig?
    /// What the environment is for.
    public var description: String?
    /// Key-value pairs for the app (at most 16).
    public var metadata: [String: String]?
    /// `organization` (every account sees it) or `account` (only the owner); API organizations support only
    /// `organization`.
    public var scope: String?

    /// An environment.
    public init(
        name: String, config: AgentEnvironmentConfig? = nil, description: String? = nil, metadata: [String: String]? = nil,
        scope: String? = nil
    ) {
        self.name = name
        self.config = config
        self.description = description
        self.metadata = metadata
        self.scope = scope
    }
}

/// A change to an environment, for ``AnthropicEnvironmentsService/updateEnvironment(id:_:options:)``: fields left
/// nil keep their value. A config's type can't change; within a cloud config, parts left nil keep their value.
public struct AgentEnvironmentUpdateParameter: Encodable, Sendable {
    /// A new name.
    public var name: String?
    /// A new config of the same type.
    public var config: AgentEnvironmentConfig?
    /// A new description (an empty string is stored as empty).
    public var description: String?
    /// A metadata patch: a value upserts its key, a nil value removes it, keys not named stay.
    public var metadata: [String: String?]?
    /// A new scope.
    public var scope: String?

    /// A change; nil fields stay as they are.
    public init(
        name: String? = nil, config: AgentEnvironmentConfig? = nil, description: String? = nil, metadata: [String: String?]? = nil,
        scope: String? = nil
    ) {
        self.name = name
        self.config = config
        self.description = description
        self.metadata = metadata
        self.scope = scope
    }
}
