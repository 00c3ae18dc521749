import AICore
import Foundation

extension DefaultAnthropicService {
    // Skills are generally available: anthropic-python 2.14's `client.skills` sends no `anthropic-beta`, and the
    // `skills-2025-10-02` beta would make the API address versions by timestamp instead of by id.

    public func createSkill(files: AnthropicSkillFiles, displayName: String?, options: RequestOptions) async throws -> AnthropicSkill {
        let form = try files.form(fields: displayName.map { [(name: "display_name", value: $0)] } ?? [])
        return try await client.decode(AnthropicSkill.self, for: .multipart(.post, "/skills", form: form), options: options)
    }

    public func retrieveSkill(id: String, options: RequestOptions) async throws -> AnthropicSkill {
        try await client.decode(AnthropicSkill.self, for: APIRequest(method: .get, path: try Self.skillPath(id)), options: options)
    }

    public func listSkills(
        limit: Int?, page: String?, source: AnthropicSkill.Source?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AnthropicSkill> {
        var query = Self.cursorQuery(limit, page)
        if let source { query.append(URLQueryItem(name: "source", value: source.value)) }
        return try await client.decode(
            AnthropicCursorPage<AnthropicSkill>.self, for: APIRequest(method: .get, path: "/skills", query: query), options: options)
    }

    public func deleteSkill(id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(DeletedObject.self, for: APIRequest(method: .delete, path: try Self.skillPath(id)), options: options)
    }

    public func createSkillVersion(skillID: String, files: AnthropicSkillFiles, options: RequestOptions) async throws -> AnthropicSkillVersion {
        let form = try files.form()
        return try await client.decode(
            AnthropicSkillVersion.self, for: .multipart(.post, try Self.skillPath(skillID) + "/versions", form: form), options: options)
    }

    public func retrieveSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> AnthropicSkillVersion {
        try await client.decode(
            AnthropicSkillVersion.self, for: APIRequest(method: .get, path: try Self.skillVersionPath(skillID, version)), options: options)
    }

    public func listSkillVersions(
        skillID: String, limit: Int?, page: String?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<AnthropicSkillVersion> {
        try await client.decode(
            AnthropicCursorPage<AnthropicSkillVersion>.self,
            for: APIRequest(method: .get, path: try Self.skillPath(skillID) + "/versions", query: Self.cursorQuery(limit, page)),
            options: options)
    }

    public func deleteSkillVersion(skillID: String, version: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(
            DeletedObject.self, for: APIRequest(method: .delete, path: try Self.skillVersionPath(skillID, version)), options: options)
    }

    /// `/skills/{id}`; an empty id is refused before sending, as it would address the list instead.
    private static func skillPath(_ id: String) throws -> String {
        guard !id.isEmpty else { throw APIError(kind: .invalidRequest, message: "A skill id is required.") }
        return "/skills/\(segment(id))"
    }

    private static func skillVersionPath(_ skillID: String, _ version: String) throws -> String {
        guard !version.isEmpty else { throw APIError(kind: .invalidRequest, message: "A skill version is required.") }
        return try skillPath(skillID) + "/versions/\(segment(version))"
    }

    /// The `limit` and `page` of a cursor-paged list.
    private static func cursorQuery(_ limit: Int?, _ page: String?) -> [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let page { query.append(URLQueryItem(name: "page", value: page)) }
        return query
    }
}
