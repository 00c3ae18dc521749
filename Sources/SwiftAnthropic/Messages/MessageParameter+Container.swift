import Foundation

extension MessageParameter {
    /// `container`: the code-execution container a request uses — an existing one by id, and/or the Skills
    /// loaded into it.
    ///
    /// With skills, the service adds the beta Skills need (`skills-2025-10-02`); offer the code-execution tool
    /// too, which runs them. The response's ``MessageResponse/container`` names the
    /// container, to reuse it in the next request.
    public struct Container: Encodable, Sendable {
        /// The id of a container to reuse; nil for a new one.
        public var id: String?
        /// The skills to load; nil for none.
        public var skills: [Skill]?

        /// A container: reuse `id` (nil for a new one) with `skills` loaded.
        public init(id: String? = nil, skills: [Skill]? = nil) {
            self.id = id
            self.skills = skills
        }

        /// An existing container by id, sent as the plain id string.
        public static func id(_ id: String) -> Container { Container(id: id) }

        /// A skill loaded into the container.
        public struct Skill: Encodable, Sendable, Equatable {
            /// `anthropic` for Anthropic's skills (`pptx`, `xlsx`, `docx`, `pdf`), `custom` for your uploaded ones.
            public var type: SkillType
            /// The skill's id: a short name for Anthropic's skills, `skill_…` for custom ones.
            public var skillID: String
            /// A version (`latest`, or a version id/date); the latest when nil.
            public var version: String?

            /// Who made a skill.
            public enum SkillType: String, Encodable, Sendable {
                case anthropic
                case custom
            }

            /// A skill by type, id and version.
            public init(type: SkillType, skillID: String, version: String? = nil) {
                self.type = type
                self.skillID = skillID
                self.version = version
            }

            /// One of Anthropic's skills, e.g. `.anthropic("xlsx")`.
            public static func anthropic(_ skillID: String, version: String? = nil) -> Skill {
                Skill(type: .anthropic, skillID: skillID, version: version)
            }

            /// One of your uploaded skills by its `skill_…` id.
            public static func custom(_ skillID: String, version: String? = nil) -> Skill {
                Skill(type: .custom, skillID: skillID, version: version)
            }

            enum CodingKeys: String, CodingKey {
                case type, version
                case skillID = "skill_id"
            }
        }

        enum CodingKeys: String, CodingKey { case id, skills }

        public func encode(to encoder: any Encoder) throws {
            if let id, skills == nil {
                var container = encoder.singleValueContainer()
                try container.encode(id)
                return
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(skills, forKey: .skills)
        }
    }
}
