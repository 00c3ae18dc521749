import Foundation
import RelayCore

extension RelayStore {
    /// Adds a project.
    /// - Throws: `.conflict` when its id or its partial key is already taken.
    public func createProject(_ project: Project) async throws {
        do {
            _ = try await driver.execute(
                """
                INSERT INTO projects (id, partial_key, upstreams, project_limits, client_limits, auth, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, try Self.projectColumns(project))
        } catch RelayStoreError.conflict {
            throw RelayStoreError.conflict("a project with the id \"\(project.id)\" or its partial key already exists")
        }
    }

    /// Replaces a project's settings (everything but its id).
    /// - Throws: `.notFound` when no project has this id, `.conflict` when the new partial key is another's.
    public func updateProject(_ project: Project) async throws {
        let columns = try Self.projectColumns(project)
        let updated: [SQLRow]
        do {
            updated = try await driver.execute(
                """
                UPDATE projects SET partial_key = ?, upstreams = ?, project_limits = ?, client_limits = ?, auth = ?,
                    created_at = ?
                WHERE id = ? RETURNING id
                """, Array(columns.dropFirst()) + [columns[0]])
        } catch RelayStoreError.conflict {
            throw RelayStoreError.conflict("another project already has the partial key of \"\(project.id)\"")
        }
        guard !updated.isEmpty else {
            throw RelayStoreError.notFound("no project \"\(project.id)\"")
        }
    }

    public func project(id: String) async throws -> Project? {
        try await driver.execute("\(Self.projectSelect) WHERE id = ?", .text(id)).first.map(Self.project(from:))
    }

    /// The project whose app ships this partial key: how a proxied request finds its project.
    public func project(partialKey: String) async throws -> Project? {
        try await driver.execute("\(Self.projectSelect) WHERE partial_key = ?", .text(partialKey)).first
            .map(Self.project(from:))
    }

    /// Every project, by id.
    public func projects() async throws -> [Project] {
        try await driver.execute("\(Self.projectSelect) ORDER BY id").map(Self.project(from:))
    }

    /// Deletes a project with its secrets, App Attest keys and pending challenges (its usage history stays).
    /// - Returns: whether the project existed.
    public func deleteProject(id: String) async throws -> Bool {
        try await driver.transaction { tx in
            for table in ["secrets", "attested_keys", "challenges"] {
                _ = try await tx.execute("DELETE FROM \(table) WHERE project_id = ?", .text(id))
            }
            return !(try await tx.execute("DELETE FROM projects WHERE id = ? RETURNING id", .text(id)).isEmpty)
        }
    }

    private static let projectSelect =
        "SELECT id, partial_key, upstreams, project_limits, client_limits, auth, created_at FROM projects"

    private static func projectColumns(_ project: Project) throws -> [SQLValue] {
        [
            .text(project.id), .text(project.partialKey), try json(project.upstreams), try json(project.projectLimits),
            try json(project.clientLimits), try json(project.auth), Timestamp.exact(project.createdAt),
        ]
    }

    private static func project(from row: SQLRow) throws -> Project {
        let id = try row.text(0)
        return Project(
            id: id,
            partialKey: try row.text(1),
            upstreams: try decode(row.text(2), project: id, column: "upstreams"),
            projectLimits: try decode(row.text(3), project: id, column: "project_limits"),
            clientLimits: try decode(row.text(4), project: id, column: "client_limits"),
            auth: try decode(row.text(5), project: id, column: "auth"),
            createdAt: Timestamp.date(exact: try row.real(6)))
    }

    private static func json(_ value: some Encodable) throws -> SQLValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    private static func decode<T: Decodable>(_ text: String, project: String, column: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw RelayStoreError.corrupt("the \(column) of project \"\(project)\" is not valid JSON for this relay")
        }
    }
}
