import AICore
import Foundation

extension AnthropicSkillsService {
    /// Creates a skill from the files of one folder (see ``createSkill(files:displayName:options:)``).
    public func createSkill(files: AnthropicSkillFiles, displayName: String? = nil) async throws -> AnthropicSkill {
        try await createSkill(files: files, displayName: displayName, options: .default)
    }

    /// Retrieves a skill by id.
    public func retrieveSkill(id: String) async throws -> AnthropicSkill {
        try await retrieveSkill(id: id, options: .default)
    }

    /// Lists one page of skills (see ``listSkills(limit:page:source:options:)``).
    public func listSkills(
        limit: Int? = nil, page: String? = nil, source: AnthropicSkill.Source? = nil
    ) async throws -> AnthropicCursorPage<AnthropicSkill> {
        try await listSkills(limit: limit, page: page, source: source, options: .default)
    }

    /// Deletes a skill that has no versions left.
    public func deleteSkill(id: String) async throws -> DeletedObject {
        try await deleteSkill(id: id, options: .default)
    }

    /// Adds a version to a skill from the files of its folder.
    public func createSkillVersion(skillID: String, files: AnthropicSkillFiles) async throws -> AnthropicSkillVersion {
        try await createSkillVersion(skillID: skillID, files: files, options: .default)
    }

    /// Retrieves one version of a skill (a version id, or `latest`).
    public func retrieveSkillVersion(skillID: String, version: String) async throws -> AnthropicSkillVersion {
        try await retrieveSkillVersion(skillID: skillID, version: version, options: .default)
    }

    /// Lists one page of a skill's versions, newest first.
    public func listSkillVersions(
        skillID: String, limit: Int? = nil, page: String? = nil
    ) async throws -> AnthropicCursorPage<AnthropicSkillVersion> {
        try await listSkillVersions(skillID: skillID, limit: limit, page: page, options: .default)
    }

    /// Deletes one version of a skill, by its id.
    public func deleteSkillVersion(skillID: String, version: String) async throws -> DeletedObject {
        try await deleteSkillVersion(skillID: skillID, version: version, options: .default)
    }
}
