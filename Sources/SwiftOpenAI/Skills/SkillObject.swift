import AICore
import Foundation

/// A [skill](https://platform.openai.com/docs/api-reference/skills/object): a versioned bundle of files with a
/// `SKILL.md` whose front matter gives its name and description.
public struct SkillObject: Codable, Sendable, Equatable {
    public let id: String
    /// Always `skill`.
    public let object: String
    /// The name from the default version's `SKILL.md` front matter.
    public let name: String
    /// The description from the default version's `SKILL.md` front matter.
    public let description: String
    /// Seconds since 1970.
    public let createdAt: Int
    /// The version a reference without a version uses, e.g. `"1"`.
    public let defaultVersion: String
    /// The newest version, e.g. `"3"`.
    public let latestVersion: String
    /// Fields of the skill object this version of the library does not model, as sent.
    public let additionalFields: [String: JSONValue]

    public init(
        id: String, object: String = "skill", name: String, description: String, createdAt: Int, defaultVersion: String,
        latestVersion: String, additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.object = object
        self.name = name
        self.description = description
        self.createdAt = createdAt
        self.defaultVersion = defaultVersion
        self.latestVersion = latestVersion
        self.additionalFields = additionalFields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "skill"
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        createdAt = try container.decodeIfPresent(Int.self, forKey: .createdAt) ?? 0
        defaultVersion = try container.decodeIfPresent(String.self, forKey: .defaultVersion) ?? ""
        latestVersion = try container.decodeIfPresent(String.self, forKey: .latestVersion) ?? ""
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(object, forKey: .object)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(defaultVersion, forKey: .defaultVersion)
        try container.encode(latestVersion, forKey: .latestVersion)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, object, name, description
        case createdAt = "created_at"
        case defaultVersion = "default_version"
        case latestVersion = "latest_version"
    }

    /// The answer to deleting a skill (`object` is `skill.deleted`).
    public typealias DeletionStatus = SwiftOpenAI.DeletionStatus
}

/// One immutable [version of a skill](https://platform.openai.com/docs/api-reference/skills/versions).
public struct SkillVersionObject: Codable, Sendable, Equatable {
    /// The version's own id (`skillver_…`), the cursor of version lists.
    public let id: String
    /// Always `skill.version`.
    public let object: String
    public let skillID: String
    /// The version number as a string, e.g. `"2"`; what the other version calls take.
    public let version: String
    /// Seconds since 1970.
    public let createdAt: Int
    /// The name from this version's `SKILL.md` front matter.
    public let name: String
    /// The description from this version's `SKILL.md` front matter.
    public let description: String
    /// Fields of the version object this version of the library does not model, as sent.
    public let additionalFields: [String: JSONValue]

    public init(
        id: String, object: String = "skill.version", skillID: String, version: String, createdAt: Int, name: String,
        description: String, additionalFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.object = object
        self.skillID = skillID
        self.version = version
        self.createdAt = createdAt
        self.name = name
        self.description = description
        self.additionalFields = additionalFields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "skill.version"
        skillID = try container.decodeIfPresent(String.self, forKey: .skillID) ?? ""
        version = try container.decode(String.self, forKey: .version)
        createdAt = try container.decodeIfPresent(Int.self, forKey: .createdAt) ?? 0
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        additionalFields = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(object, forKey: .object)
        try container.encode(skillID, forKey: .skillID)
        try container.encode(version, forKey: .version)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try AdditionalFields.encode(additionalFields, to: encoder)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, object
        case skillID = "skill_id"
        case version
        case createdAt = "created_at"
        case name, description
    }

    /// The answer to deleting a skill version: which version of which skill went.
    public struct DeletionStatus: Codable, Sendable, Equatable {
        /// The version's id.
        public let id: String
        /// Always `skill.version.deleted`.
        public let object: String
        public let deleted: Bool
        /// The deleted version number.
        public let version: String

        public init(id: String, object: String = "skill.version.deleted", deleted: Bool, version: String) {
            self.id = id
            self.object = object
            self.deleted = deleted
            self.version = version
        }
    }
}
