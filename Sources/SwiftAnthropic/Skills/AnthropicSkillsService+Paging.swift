import AICore
import Foundation

extension AnthropicSkillsService {
    /// Every skill (of `source`, or all when nil), fetched page by page as the loop reads them.
    ///
    /// ```swift
    /// for try await skill in service.allSkills(source: .custom) { print(skill.id, skill.displayName) }
    /// ```
    public func allSkills(
        source: AnthropicSkill.Source? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<AnthropicSkill> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listSkills(limit: pageSize, page: page, source: source, options: options)
        })
    }

    /// Every version of a skill, newest first, fetched page by page as the loop reads them.
    public func allSkillVersions(
        skillID: String, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<AnthropicSkillVersion> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listSkillVersions(skillID: skillID, limit: pageSize, page: page, options: options)
        })
    }
}
