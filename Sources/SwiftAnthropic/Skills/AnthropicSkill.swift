import AICore

/// A [skill](https://docs.anthropic.com/en/api/skills): a folder of instructions and scripts Claude loads when a
/// task needs it. Its content lives in its versions (``AnthropicSkillVersion``); the skill names the newest one.
///
/// Fields the library does not model yet are kept in ``additionalFields`` and encoded back, so a skill read from the
/// API and stored survives a round trip unchanged.
public struct AnthropicSkill: Codable, Sendable {
    /// The skill id (`skill_…` for your own skills, a short name such as `pptx` for Anthropic's).
    public let id: String
    /// Always `skill`.
    public let type: String
    /// A human-readable, single-line label (at most 255 characters, not unique); taken from the `name` of the first
    /// upload's `SKILL.md` unless one was given at creation.
    public let displayName: String
    /// The id of the newest version, what a `latest` reference resolves to; nil only while a skill has no version
    /// left (after its last version was deleted, before the skill itself is).
    public let latestVersionID: String?
    /// Where the skill comes from: your own uploads (`custom`) or Anthropic's published skills.
    public let source: Source
    /// ISO 8601 creation time.
    public let createdAt: String
    /// ISO 8601 time of the last change (a new or deleted version).
    public let updatedAt: String
    /// Fields the server sent that this type does not model, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// A skill, e.g. for a test double.
    public init(
        id: String, displayName: String, latestVersionID: String?, source: Source = .custom, createdAt: String, updatedAt: String,
        type: String = "skill", additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.latestVersionID = latestVersionID
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.additionalFields = additionalFields
    }

    /// Where a skill comes from; also the `source` filter of ``AnthropicSkillsService/listSkills(limit:page:source:options:)``.
    public enum Source: Sendable, Hashable, Codable {
        /// Uploaded by you; private to your workspace.
        case custom
        /// Published by Anthropic (e.g. `pptx`, `xlsx`, `docx`, `pdf`); shared and read-only.
        case anthropic
        /// A sample skill Anthropic publishes.
        case anthropicExample
        /// Resolved from an installed plugin.
        case plugin
        /// A source this library does not know yet, as sent.
        case other(String)

        /// The value on the wire, e.g. `custom`.
        public var value: String {
            switch self {
            case .custom: "custom"
            case .anthropic: "anthropic"
            case .anthropicExample: "anthropic_example"
            case .plugin: "plugin"
            case .other(let value): value
            }
        }

        /// The source whose wire value is `value`.
        public init(value: String) {
            self = [Self.custom, .anthropic, .anthropicExample, .plugin].first { $0.value == value } ?? .other(value)
        }

        /// Reads `{"type": "custom"}`, or a plain `"custom"` as the Skills beta sent it.
        public init(from decoder: any Decoder) throws {
            if let type = decoder.stringField(named: "type") {
                self.init(value: type)
            } else {
                self.init(value: try decoder.singleValueContainer().decode(String.self))
            }
        }

        /// Writes `{"type": "custom"}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(value, forKey: AnyCodingKey("type"))
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, source
        case displayName = "display_name"
        case latestVersionID = "latest_version_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The names the Skills beta used for ``displayName`` and ``latestVersionID``, read when the current ones are absent.
    private enum BetaKeys: String, CodingKey {
        case displayTitle = "display_title"
        case latestVersion = "latest_version"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let beta = try decoder.container(keyedBy: BetaKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "skill"
        displayName =
            try container.decodeIfPresent(String.self, forKey: .displayName) ?? beta.decodeIfPresent(String.self, forKey: .displayTitle) ?? ""
        latestVersionID =
            try container.decodeIfPresent(String.self, forKey: .latestVersionID) ?? beta.decodeIfPresent(String.self, forKey: .latestVersion)
        source = try container.decodeIfPresent(Source.self, forKey: .source) ?? .custom
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt) ?? createdAt
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(latestVersionID, forKey: .latestVersionID)
        try container.encode(source, forKey: .source)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}
