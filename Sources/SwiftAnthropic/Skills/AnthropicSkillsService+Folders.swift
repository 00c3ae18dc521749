import AICore
import Foundation

extension AnthropicSkillsService {
    /// Creates a skill from a folder on disk (see ``AnthropicSkillFiles/folder(at:includeHidden:maximumBytes:)`` for
    /// what is sent and what is refused before any request).
    /// - Parameter displayName: a single-line label; the `SKILL.md` name when nil.
    public func uploadSkill(
        folder: URL, displayName: String? = nil, includeHidden: Bool = false, options: RequestOptions = .default
    ) async throws -> AnthropicSkill {
        try await createSkill(files: try .folder(at: folder, includeHidden: includeHidden), displayName: displayName, options: options)
    }

    /// Adds a version to a skill from a folder on disk; it becomes the skill's latest version.
    public func uploadSkillVersion(
        skillID: String, folder: URL, includeHidden: Bool = false, options: RequestOptions = .default
    ) async throws -> AnthropicSkillVersion {
        try await createSkillVersion(skillID: skillID, files: try .folder(at: folder, includeHidden: includeHidden), options: options)
    }
}
