import AICore
import Foundation

extension OpenAISkillsService {
    /// Every skill, page after page as the sequence is consumed.
    public func allSkills(pageSize: Int? = nil, order: String? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<SkillObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listSkills(parameters: ListParameters(limit: pageSize, order: order, after: after), options: options)
            }, id: \.id)
    }

    /// Every version of a skill, page after page as the sequence is consumed.
    public func allSkillVersions(
        skillID: String, pageSize: Int? = nil, order: String? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<SkillVersionObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listSkillVersions(
                    skillID: skillID, parameters: ListParameters(limit: pageSize, order: order, after: after), options: options)
            }, id: \.id)
    }
}
