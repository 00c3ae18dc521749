import AICore
import Foundation

/// The [skills](https://platform.openai.com/docs/api-reference/skills) calls of ``OpenAIService``: versioned folders
/// of instructions and code (a `SKILL.md` and what it uses) that a model can load in a container.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say). On Azure OpenAI
/// skills are served by the v1 API only.
public protocol OpenAISkillsService: Sendable {
    /// [Creates a skill](https://platform.openai.com/docs/api-reference/skills/create) from its files or a zip; its
    /// first version is `1`. See ``uploadSkill(folder:includeHidden:options:)`` to send a folder from disk.
    func createSkill(files: SkillFiles, options: RequestOptions) async throws -> SkillObject

    /// [Lists skills](https://platform.openai.com/docs/api-reference/skills/list); one page.
    func listSkills(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<SkillObject>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/skills/retrieve) a skill.
    func retrieveSkill(id: String, options: RequestOptions) async throws -> SkillObject

    /// [Makes `defaultVersion`](https://platform.openai.com/docs/api-reference/skills/update) the version used when a
    /// request names the skill without a version.
    func updateSkillDefaultVersion(id: String, defaultVersion: String, options: RequestOptions) async throws -> SkillObject

    /// [Deletes](https://platform.openai.com/docs/api-reference/skills/delete) a skill and all its versions.
    func deleteSkill(id: String, options: RequestOptions) async throws -> SkillObject.DeletionStatus

    /// [The default version's bundle](https://platform.openai.com/docs/api-reference/skills/content), a zip, in memory.
    /// For large skills use ``skillContentStream(id:options:)`` or ``downloadSkillContent(id:version:to:options:)``.
    func retrieveSkillContent(id: String, options: RequestOptions) async throws -> Data

    /// The default version's zip as it arrives, chunk by chunk, so a large bundle is never held in memory whole.
    func skillContentStream(id: String, options: RequestOptions) async throws -> AIStream<Data>

    /// [Creates a new immutable version](https://platform.openai.com/docs/api-reference/skills/versions/create) of a
    /// skill; `makeDefault` also moves the default to it (nil leaves that to the API: the default stays).
    func createSkillVersion(skillID: String, files: SkillFiles, makeDefault: Bool?, options: RequestOptions) async throws -> SkillVersionObject

    /// [Lists a skill's versions](https://platform.openai.com/docs/api-reference/skills/versions/list); one page.
    /// `after` is a version's id (`skillver_…`).
    func listSkillVersions(skillID: String, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<SkillVersionObject>

    /// [Retrieves one version](https://platform.openai.com/docs/api-reference/skills/versions/retrieve) by number, e.g. `"2"`.
    func retrieveSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> SkillVersionObject

    /// [Deletes one version](https://platform.openai.com/docs/api-reference/skills/versions/delete).
    func deleteSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> SkillVersionObject.DeletionStatus

    /// [One version's bundle](https://platform.openai.com/docs/api-reference/skills/versions/content), a zip, in memory.
    func retrieveSkillVersionContent(skillID: String, version: String, options: RequestOptions) async throws -> Data

    /// One version's zip as it arrives, chunk by chunk.
    func skillVersionContentStream(skillID: String, version: String, options: RequestOptions) async throws -> AIStream<Data>
}
