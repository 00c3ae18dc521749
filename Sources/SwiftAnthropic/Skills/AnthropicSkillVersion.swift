import AICore

/// One immutable upload of a skill: its files, with the name and description read from its `SKILL.md`.
///
/// Fields the library does not model yet are kept in ``additionalFields`` and encoded back.
public struct AnthropicSkillVersion: Codable, Sendable {
    /// The version id, for the version endpoints and to pin the version in a message's container.
    public let id: String
    /// Always `skill_version`.
    public let type: String
    /// The id of the skill this version belongs to.
    public let skillID: String
    /// The skill's kebab-case name from the `SKILL.md` front matter; every version of a skill has the same one.
    public let name: String
    /// The description from the `SKILL.md` front matter: what Claude reads to decide when to use the skill.
    public let description: String
    /// ISO 8601 creation time.
    public let createdAt: String
    /// Fields the server sent that this type does not model (e.g. the beta's `version` and `directory`), kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// A version, e.g. for a test double.
    public init(
        id: String, skillID: String, name: String, description: String, createdAt: String, type: String = "skill_version",
        additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.type = type
        self.skillID = skillID
        self.name = name
        self.description = description
        self.createdAt = createdAt
        self.additionalFields = additionalFields
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, name, description
        case skillID = "skill_id"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "skill_version"
        skillID = try container.decode(String.self, forKey: .skillID)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        createdAt = try container.decode(String.self, forKey: .createdAt)
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(skillID, forKey: .skillID)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(createdAt, forKey: .createdAt)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }
}
