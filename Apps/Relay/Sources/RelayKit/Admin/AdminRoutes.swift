import Foundation
import Hummingbird
import RelayCore
import RelayStorage

/// The admin API, under `/admin/v1`, behind the admin token: projects, provider keys, usage and App Attest keys.
/// It does what the `relay` CLI does, for operators who manage a relay from elsewhere. Provider keys go in and are
/// never read back.
struct AdminRoutes: Sendable {
    let store: RelayStore
    let secrets: SecretBox
    let directory: ProjectDirectory
    /// Flushed before usage is read, so the report includes this instance's latest requests.
    let ledger: UsageLedger
    let adminTokenSHA256: String

    /// The body of `PUT …/keys/{provider}`.
    struct KeyBody: Decodable { var key: String }
    /// One App Attest key as listed (the receipt left out).
    struct AttestedKeyView: Encodable {
        var id: String
        var environment: String
        var counter: UInt32
        var createdAt: Date
        var revoked: Bool
    }

    func add(to group: RouterGroup<RelayRequestContext>) {
        group.add(middleware: AdminTokenMiddleware(tokenSHA256: adminTokenSHA256))
        group.get("projects") { _, _ in try AdminJSON.response(try await store.projects().map(\.redacted)) }
        group.post("projects") { request, _ in
            var project = try await AdminJSON.decode(Project.self, from: request)
            guard Project.isValidID(project.id) else {
                return AdminJSON.error(.badRequest, "A project id is 1–64 of a-z, 0-9, '-' and '_'.")
            }
            if project.partialKey.isEmpty { project.partialKey = Project.generatePartialKey() }
            do {
                try await store.createProject(project)
            } catch RelayStoreError.conflict {
                return AdminJSON.error(.conflict, "A project with this id or partial key exists.")
            }
            return try AdminJSON.response(project.redacted, status: .created)
        }
        group.get("projects/:id") { _, context in
            guard let project = try await store.project(id: try context.parameters.require("id")) else {
                return AdminJSON.error(.notFound, "No such project.")
            }
            return try AdminJSON.response(project.redacted)
        }
        group.put("projects/:id") { request, context in
            let id = try context.parameters.require("id")
            var project = try await AdminJSON.decode(Project.self, from: request)
            guard project.id == id, let existing = try await store.project(id: id) else {
                return AdminJSON.error(.notFound, "No such project (the body's id must match the path).")
            }
            // The bypass token is never read back; "(set)" means "keep the one stored".
            if project.auth.deviceCheckBypassToken == "(set)" {
                project.auth.deviceCheckBypassToken = existing.auth.deviceCheckBypassToken
            }
            if project.partialKey.isEmpty { project.partialKey = existing.partialKey }
            try await store.updateProject(project)
            directory.forget(projectID: id)
            return try AdminJSON.response(project.redacted)
        }
        group.delete("projects/:id") { _, context in
            let id = try context.parameters.require("id")
            guard try await store.deleteProject(id: id) else { return AdminJSON.error(.notFound, "No such project.") }
            directory.forget(projectID: id)
            return Response(status: .noContent)
        }
        group.get("projects/:id/keys") { _, context in
            try AdminJSON.response(try await store.secretNames(projectID: try context.parameters.require("id")))
        }
        group.put("projects/:id/keys/:provider") { request, context in
            let id = try context.parameters.require("id")
            guard let provider = Provider(rawValue: try context.parameters.require("provider")) else {
                return AdminJSON.error(.badRequest, "The provider is one of openai, azure, anthropic.")
            }
            guard try await store.project(id: id) != nil else { return AdminJSON.error(.notFound, "No such project.") }
            let body = try await AdminJSON.decode(KeyBody.self, from: request)
            let name = provider.rawValue
            try await store.putSecret(
                try secrets.seal(Data(body.key.utf8), context: "\(id)/\(name)"), projectID: id, name: name)
            directory.forget(projectID: id)
            return Response(status: .noContent)
        }
        group.delete("projects/:id/keys/:provider") { _, context in
            let id = try context.parameters.require("id")
            guard try await store.deleteSecret(projectID: id, name: try context.parameters.require("provider")) else {
                return AdminJSON.error(.notFound, "No such key.")
            }
            directory.forget(projectID: id)
            return Response(status: .noContent)
        }
        group.get("projects/:id/attested-keys") { _, context in
            let keys = try await store.attestedKeys(projectID: try context.parameters.require("id"))
            return try AdminJSON.response(
                keys.map { AttestedKeyView(id: $0.id, environment: $0.environment, counter: $0.counter, createdAt: $0.createdAt, revoked: $0.revoked) })
        }
        // Key ids are base64 (with `/` and `+`), so they travel in the query: `DELETE …/attested-keys?id=…`.
        group.delete("attested-keys") { request, _ in
            guard let id = request.uri.queryParameters["id"].map(String.init) else {
                return AdminJSON.error(.badRequest, "Name the key: ?id=<base64 key id>.")
            }
            guard try await store.revokeAttestedKey(id: id) else {
                return AdminJSON.error(.notFound, "No such App Attest key.")
            }
            return Response(status: .noContent)
        }
        group.get("usage") { request, _ in
            let since = request.uri.queryParameters["since"].flatMap { ISO8601DateFormatter().date(from: String($0)) }
                ?? Date(timeIntervalSinceNow: -30 * 86_400)
            let project = request.uri.queryParameters["project"].map(String.init)
            await ledger.flush()
            return try AdminJSON.response(try await store.usage(projectID: project, since: since))
        }
    }
}
