import AICore
import Foundation

// Every `OpenAISkillsService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAISkillsService {
    public func createSkill(files: SkillFiles) async throws -> SkillObject {
        try await createSkill(files: files, options: .default)
    }

    public func listSkills(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<SkillObject> {
        try await listSkills(parameters: parameters, options: .default)
    }

    public func retrieveSkill(id: String) async throws -> SkillObject {
        try await retrieveSkill(id: id, options: .default)
    }

    public func updateSkillDefaultVersion(id: String, defaultVersion: String) async throws -> SkillObject {
        try await updateSkillDefaultVersion(id: id, defaultVersion: defaultVersion, options: .default)
    }

    public func deleteSkill(id: String) async throws -> SkillObject.DeletionStatus {
        try await deleteSkill(id: id, options: .default)
    }

    public func retrieveSkillContent(id: String) async throws -> Data {
        try await retrieveSkillContent(id: id, options: .default)
    }

    public func skillContentStream(id: String) async throws -> AIStream<Data> {
        try await skillContentStream(id: id, options: .default)
    }

    public func createSkillVersion(skillID: String, files: SkillFiles, makeDefault: Bool? = nil) async throws -> SkillVersionObject {
        try await createSkillVersion(skillID: skillID, files: files, makeDefault: makeDefault, options: .default)
    }

    public func listSkillVersions(skillID: String, parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<SkillVersionObject> {
        try await listSkillVersions(skillID: skillID, parameters: parameters, options: .default)
    }

    public func retrieveSkillVersion(skillID: String, version: String) async throws -> SkillVersionObject {
        try await retrieveSkillVersion(skillID: skillID, version: version, options: .default)
    }

    public func deleteSkillVersion(skillID: String, version: String) async throws -> SkillVersionObject.DeletionStatus {
        try await deleteSkillVersion(skillID: skillID, version: version, options: .default)
    }

    public func retrieveSkillVersionContent(skillID: String, version: String) async throws -> Data {
        try await retrieveSkillVersionContent(skillID: skillID, version: version, options: .default)
    }

    public func skillVersionContentStream(skillID: String, version: String) async throws -> AIStream<Data> {
        try await skillVersionContentStream(skillID: skillID, version: version, options: .default)
    }
}
