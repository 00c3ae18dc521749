import AICore
import Foundation

extension OpenAISkillsService {
    /// Creates a skill from a folder on disk (see ``SkillFiles/folder(at:includeHidden:maximumBytes:)`` for what is
    /// sent and what is refused).
    public func uploadSkill(folder: URL, includeHidden: Bool = false, options: RequestOptions = .default) async throws -> SkillObject {
        try await createSkill(files: try .folder(at: folder, includeHidden: includeHidden), options: options)
    }

    /// Adds a version to a skill from a folder on disk; `makeDefault` also moves the default to it.
    public func uploadSkillVersion(
        skillID: String, folder: URL, makeDefault: Bool? = nil, includeHidden: Bool = false, options: RequestOptions = .default
    ) async throws -> SkillVersionObject {
        try await createSkillVersion(
            skillID: skillID, files: try .folder(at: folder, includeHidden: includeHidden), makeDefault: makeDefault, options: options)
    }
}
