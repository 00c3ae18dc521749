import AICore
import Foundation
import HTTPTypes

extension DefaultOpenAIService {
    public func createSkill(files: SkillFiles, options: RequestOptions) async throws -> SkillObject {
        try await client.decode(SkillObject.self, for: .multipart(.post, try skillsPath(""), form: try files.form()), options: options)
    }

    public func listSkills(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<SkillObject> {
        try await client.decode(
            OpenAIResponse<SkillObject>.self, for: APIRequest(method: .get, path: try skillsPath(""), query: parameters.queryItems),
            options: options)
    }

    public func retrieveSkill(id: String, options: RequestOptions) async throws -> SkillObject {
        try await client.decode(SkillObject.self, for: APIRequest(method: .get, path: try skillPath(id)), options: options)
    }

    public func updateSkillDefaultVersion(id: String, defaultVersion: String, options: RequestOptions) async throws -> SkillObject {
        struct Body: Encodable {
            let defaultVersion: String
            enum CodingKeys: String, CodingKey { case defaultVersion = "default_version" }
        }
        return try await client.decode(
            SkillObject.self, for: .json(.post, try skillPath(id), body: Body(defaultVersion: defaultVersion)), options: options)
    }

    public func deleteSkill(id: String, options: RequestOptions) async throws -> SkillObject.DeletionStatus {
        try await client.decode(SkillObject.DeletionStatus.self, for: APIRequest(method: .delete, path: try skillPath(id)), options: options)
    }

    public func retrieveSkillContent(id: String, options: RequestOptions) async throws -> Data {
        try await client.send(Self.download(try skillPath(id) + "/content"), options: options).body
    }

    public func skillContentStream(id: String, options: RequestOptions) async throws -> AIStream<Data> {
        try await client.eventStream(
            Self.download(try skillPath(id) + "/content"), options: options, framing: .bytes, handler: RawBytesHandler())
    }

    public func createSkillVersion(
        skillID: String, files: SkillFiles, makeDefault: Bool?, options: RequestOptions
    ) async throws -> SkillVersionObject {
        let form = try files.form(extra: makeDefault.map { [("default", $0 ? "true" : "false")] } ?? [])
        return try await client.decode(
            SkillVersionObject.self, for: .multipart(.post, try skillPath(skillID) + "/versions", form: form), options: options)
    }

    public func listSkillVersions(
        skillID: String, parameters: ListParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<SkillVersionObject> {
        try await client.decode(
            OpenAIResponse<SkillVersionObject>.self,
            for: APIRequest(method: .get, path: try skillPath(skillID) + "/versions", query: parameters.queryItems), options: options)
    }

    public func retrieveSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> SkillVersionObject {
        try await client.decode(
            SkillVersionObject.self, for: APIRequest(method: .get, path: try skillVersionPath(skillID, version)), options: options)
    }

    public func deleteSkillVersion(
        skillID: String, version: String, options: RequestOptions
    ) async throws -> SkillVersionObject.DeletionStatus {
        try await client.decode(
            SkillVersionObject.DeletionStatus.self, for: APIRequest(method: .delete, path: try skillVersionPath(skillID, version)),
            options: options)
    }

    public func retrieveSkillVersionContent(skillID: String, version: String, options: RequestOptions) async throws -> Data {
        try await client.send(Self.download(try skillVersionPath(skillID, version) + "/content"), options: options).body
    }

    public func skillVersionContentStream(skillID: String, version: String, options: RequestOptions) async throws -> AIStream<Data> {
        try await client.eventStream(
            Self.download(try skillVersionPath(skillID, version) + "/content"), options: options, framing: .bytes,
            handler: RawBytesHandler())
    }

    /// A GET for a skill bundle; `application/binary` as the API's own SDK asks, so no JSON is expected.
    private static func download(_ path: String) -> APIRequest {
        APIRequest(method: .get, path: path, headers: [.accept: "application/binary"])
    }

    /// Skills live on Azure OpenAI's v1 API only.
    private func skillsPath(_ suffix: String) throws -> String { try routing.v1OnlyPath("/skills" + suffix, feature: "Skills") }

    private func skillPath(_ id: String) throws -> String {
        guard !id.isEmpty else { throw APIError(kind: .invalidRequest, message: "The skill id is empty.") }
        return try skillsPath("/\(Self.pathComponent(id))")
    }

    private func skillVersionPath(_ id: String, _ version: String) throws -> String {
        guard !version.isEmpty else { throw APIError(kind: .invalidRequest, message: "The skill version is empty.") }
        return try skillPath(id) + "/versions/\(Self.pathComponent(version))"
    }
}
