import AICore
import Foundation

/// [Skills](https://docs.anthropic.com/en/api/skills): folders of instructions and scripts uploaded once and
/// loaded by Claude in a message's container when a task needs them.
///
/// A skill holds immutable versions; each upload of the folder is a new version and the skill's
/// ``AnthropicSkill/latestVersionID`` names the newest. Anthropic's own skills (`pptx`, `xlsx`, `docx`, `pdf`) are
/// listed with your own ones and are read-only.
public protocol AnthropicSkillsService: AnyObject, Sendable {
    /// [Creates](https://docs.anthropic.com/en/api/skills/create-skill) a skill from the files of one folder; they
    /// become its first version. See ``uploadSkill(folder:displayName:includeHidden:options:)`` to send a folder
    /// from disk.
    /// - Parameter displayName: a single-line label (at most 255 characters); the `SKILL.md` name when nil.
    func createSkill(files: AnthropicSkillFiles, displayName: String?, options: RequestOptions) async throws -> AnthropicSkill

    /// Retrieves a skill by id.
    func retrieveSkill(id: String, options: RequestOptions) async throws -> AnthropicSkill

    /// Lists skills, one page at a time; pass a page's ``AnthropicCursorPage/nextPage`` as `page` for the next.
    /// See ``allSkills(source:pageSize:options:)`` to read every page.
    /// - Parameters:
    ///   - limit: items per page (1–1000, 20 when nil).
    ///   - source: only skills from this source (`.custom` or `.anthropic`); every skill when nil.
    func listSkills(
        limit: Int?, page: String?, source: AnthropicSkill.Source?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AnthropicSkill>

    /// Deletes a skill. The API refuses a skill that still has versions: delete them first.
    func deleteSkill(id: String, options: RequestOptions) async throws -> DeletedObject

    /// Adds a version to a skill from the files of its folder; the `SKILL.md` name must be the skill's name.
    /// The new version becomes the skill's latest.
    func createSkillVersion(skillID: String, files: AnthropicSkillFiles, options: RequestOptions) async throws -> AnthropicSkillVersion

    /// Retrieves one version of a skill: a version id, or `latest` for the newest.
    func retrieveSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> AnthropicSkillVersion

    /// Lists a skill's versions, newest first, one page at a time. See ``allSkillVersions(skillID:pageSize:options:)``.
    func listSkillVersions(
        skillID: String, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AnthropicSkillVersion>

    /// Deletes one version of a skill, by its id.
    func deleteSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> DeletedObject
}
