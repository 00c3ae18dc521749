import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Managed Agents: memory stores and vaults")
struct ManagedAgentsMemoryVaultTests {
    /// SHA-256 digests (lowercase hex) of the contents the tests write, computed independently.
    static let digests = [
        "Ship on Friday": "42525bd41b577f2f039043631f9001e4abe4267422260650b07371352ead9f22",
        "password: hunter2": "f8a178e0213a2d96850911cb2b43af702e04548f1dc8c0a210d79003f470d551",
    ]

    @Test("memory stores: create, retrieve, update, list with created_at filters, archive, delete", arguments: TransportKind.allCases)
    func memoryStores(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let store = try await service.createMemoryStore(name: "user-42", description: "What Ana prefers", metadata: ["user": "42"])
            let create = try #require(sandbox.lastRequest)
            #expect(create.method == "POST" && create.path == "/v1/memory_stores")
            #expect(create.header("anthropic-beta")?.contains("agent-memory-2026-07-22") == true)
            #expect(create.json?["name"] as? String == "user-42" && (create.json?["metadata"] as? [String: String]) == ["user": "42"])
            #expect(store.id.hasPrefix("memstore_") && store.type == "memory_store" && store.description == "What Ana prefers")
            #expect(try await service.retrieveMemoryStore(id: store.id) == store)

            let renamed = try await service.updateMemoryStore(id: store.id, name: "user-42-prefs", description: "", metadata: ["user": nil, "plan": "pro"])
            #expect((sandbox.lastRequest?.json?["metadata"] as? [String: Any])?["user"] is NSNull)
            #expect(renamed.name == "user-42-prefs" && renamed.description == "" && renamed.metadata == ["plan": "pro"])

            let second = try await service.createMemoryStore(name: "team")
            let threshold = try #require(ISO8601DateFormatter.withFractions.date(from: second.createdAt))
            #expect(try await service.listMemoryStores(createdAtOrAfter: threshold).data.map(\.id) == [second.id])
            #expect(sandbox.lastRequest?.queryValue("created_at[gte]") != nil)
            #expect(try await service.listMemoryStores(createdAtOrBefore: threshold).data.map(\.id) == [second.id, store.id])

            let archived = try await service.archiveMemoryStore(id: store.id)
            #expect(archived.isArchived && sandbox.lastRequest?.path == "/v1/memory_stores/\(store.id)/archive")
            let readOnly = await #expect(throws: APIError.self) { _ = try await service.createMemory(storeID: store.id, path: "/a.md", content: "x") }
            #expect(readOnly?.kind == .badRequest)
            var all: [String] = []
            for try await item in service.allMemoryStores(includeArchived: true, pageSize: 1) { all.append(item.id) }
            #expect(all == [second.id, store.id])

            let deleted = try await service.deleteMemoryStore(id: store.id)
            #expect(deleted.type == "memory_store_deleted" && deleted.id == store.id)
            let gone = await #expect(throws: APIError.self) { _ = try await service.retrieveMemoryStore(id: store.id) }
            #expect(gone?.kind == .notFound)
        }
    }

    @Test("memories keep what was written: content and hash, views, renames, preconditions, path conflicts, prefixes", arguments: TransportKind.allCases)
    func memories(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let store = try await service.createMemoryStore(name: "notes")
            let memory = try await service.createMemory(storeID: store.id, path: "/projects/foo/notes.md", content: "Ship on Friday")
            let create = try #require(sandbox.lastRequest)
            #expect(create.path == "/v1/memory_stores/\(store.id)/memories" && create.json?["content"] as? String == "Ship on Friday")
            #expect(create.header("anthropic-beta")?.contains("agent-memory-2026-07-22") == true)
            #expect(memory.id.hasPrefix("mem_") && memory.memoryStoreID == store.id && memory.content == nil)
            #expect(memory.contentSHA256 == Self.digests["Ship on Friday"] && memory.contentSizeBytes == 14)

            let read = try await service.retrieveMemory(storeID: store.id, id: memory.id)
            #expect(read.content == "Ship on Friday" && read.memoryVersionID == memory.memoryVersionID)
            let basic = try await service.retrieveMemory(storeID: store.id, id: memory.id, view: .basic)
            #expect(basic.content == nil && sandbox.lastRequest?.queryValue("view") == "basic")
            let full = try await service.createMemory(storeID: store.id, path: "/projects/bar.md", content: "", view: .full)
            #expect(full.content == "" && full.contentSizeBytes == 0)

            let taken = await #expect(throws: APIError.self) { _ = try await service.createMemory(storeID: store.id, path: "/projects/bar.md", content: "again") }
            #expect(taken?.kind == .conflict && taken?.type == "memory_path_conflict_error")
            let badPath = await #expect(throws: APIError.self) { _ = try await service.createMemory(storeID: store.id, path: "relative/../x", content: "") }
            #expect(badPath?.kind == .badRequest && badPath?.message.contains("path") == true)

            let moved = try await service.updateMemory(
                storeID: store.id, id: memory.id, content: "Ship on Monday", path: "/projects/foo/plan.md", expectedContentSHA256: memory.contentSHA256,
                view: .full)
            let update = try #require(sandbox.lastRequest?.json)
            #expect((update["precondition"] as? [String: Any])?["type"] as? String == "content_sha256")
            #expect((update["precondition"] as? [String: Any])?["content_sha256"] as? String == memory.contentSHA256)
            #expect(moved.id == memory.id && moved.path == "/projects/foo/plan.md" && moved.content == "Ship on Monday")
            #expect(moved.memoryVersionID != memory.memoryVersionID)
            let stale = await #expect(throws: APIError.self) {
                _ = try await service.updateMemory(storeID: store.id, id: memory.id, content: "lost", expectedContentSHA256: memory.contentSHA256)
            }
            #expect(stale?.kind == .conflict && stale?.type == "memory_precondition_failed_error")
            #expect(try await service.retrieveMemory(storeID: store.id, id: memory.id).content == "Ship on Monday")

            _ = try await service.createMemory(storeID: store.id, path: "/projects/foo/deep/a.md", content: "a")
            _ = try await service.createMemory(storeID: store.id, path: "/projects-archive/old.md", content: "old")
            let below = try await service.listMemories(storeID: store.id, pathPrefix: "/projects/")
            #expect(below.data.compactMap(\.path) == ["/projects/bar.md", "/projects/foo/deep/a.md", "/projects/foo/plan.md"])
            #expect(below.data.allSatisfy { $0.memory?.content == nil })
            #expect(sandbox.lastRequest?.queryValue("path_prefix") == "/projects/")
            let children = try await service.listMemories(storeID: store.id, pathPrefix: "/projects/", depth: 1, view: .full)
            #expect(sandbox.lastRequest?.queryValue("depth") == "1" && sandbox.lastRequest?.queryValue("view") == "full")
            #expect(children.data == [.memory(try await service.retrieveMemory(storeID: store.id, id: full.id)), .prefix(path: "/projects/foo/")])
            var everything: [String] = []
            for try await item in service.allMemories(storeID: store.id, pageSize: 2) { everything.append(item.path ?? "") }
            #expect(everything.count == 4 && everything.first == "/projects-archive/old.md")

            let refusedDelete = await #expect(throws: APIError.self) {
                _ = try await service.deleteMemory(storeID: store.id, id: memory.id, expectedContentSHA256: memory.contentSHA256)
            }
            #expect(refusedDelete?.kind == .conflict)
            #expect(sandbox.lastRequest?.queryValue("expected_content_sha256") == memory.contentSHA256)
            let deleted = try await service.deleteMemory(storeID: store.id, id: memory.id, expectedContentSHA256: moved.contentSHA256)
            #expect(deleted.type == "memory_deleted" && deleted.id == memory.id)
            let gone = await #expect(throws: APIError.self) { _ = try await service.retrieveMemory(storeID: store.id, id: memory.id) }
            #expect(gone?.kind == .notFound)
            let otherStore = try await service.createMemoryStore(name: "other")
            let elsewhere = await #expect(throws: APIError.self) { _ = try await service.retrieveMemory(storeID: otherStore.id, id: full.id) }
            #expect(elsewhere?.kind == .notFound)
        }
    }

    @Test("memory versions: one per write, filters, views, redaction", arguments: TransportKind.allCases)
    func memoryVersions(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let store = try await service.createMemoryStore(name: "history")
            let memory = try await service.createMemory(storeID: store.id, path: "/secret.md", content: "password: hunter2")
            _ = try await service.updateMemory(storeID: store.id, id: memory.id, content: "password: (rotated)")
            _ = try await service.createMemory(storeID: store.id, path: "/other.md", content: "other")
            _ = try await service.deleteMemory(storeID: store.id, id: memory.id)

            let history = try await service.listMemoryVersions(storeID: store.id, filter: .init(memoryID: memory.id))
            #expect(sandbox.lastRequest?.path == "/v1/memory_stores/\(store.id)/memory_versions")
            #expect(sandbox.lastRequest?.queryValue("memory_id") == memory.id)
            #expect(history.data.map(\.operation) == [.deleted, .modified, .created])
            #expect(history.data.allSatisfy { $0.content == nil && $0.memoryID == memory.id })
            #expect(history.data[0].contentSHA256 == nil && history.data[2].contentSHA256 == Self.digests["password: hunter2"])
            #expect(history.data[2].createdBy == .apiKey(apiKeyID: "apikey_sandbox_0001"))
            let created = try await service.listMemoryVersions(storeID: store.id, filter: .init(operation: .created), view: .full)
            #expect(created.data.map(\.content) == ["other", "password: hunter2"])
            #expect(sandbox.lastRequest?.queryValue("operation") == "created")

            let original = history.data[2]
            let fetched = try await service.retrieveMemoryVersion(storeID: store.id, id: original.id)
            #expect(fetched.content == "password: hunter2" && fetched.path == "/secret.md" && !fetched.isRedacted)
            let redacted = try await service.redactMemoryVersion(storeID: store.id, id: original.id)
            #expect(sandbox.lastRequest?.path == "/v1/memory_stores/\(store.id)/memory_versions/\(original.id)/redact")
            #expect(redacted.isRedacted && redacted.content == nil && redacted.path == nil && redacted.contentSHA256 == nil)
            #expect(redacted.redactedBy == .apiKey(apiKeyID: "apikey_sandbox_0001") && redacted.createdBy == original.createdBy)
            #expect(try await service.retrieveMemoryVersion(storeID: store.id, id: original.id).content == nil)

            var operations: [MemoryVersionOperation] = []
            for try await version in service.allMemoryVersions(storeID: store.id, pageSize: 1) { operations.append(version.operation) }
            #expect(operations == [.deleted, .created, .modified, .created])
            let bad = await #expect(throws: APIError.self) { _ = try await service.retrieveMemoryVersion(storeID: store.id, id: "memver_nope") }
            #expect(bad?.kind == .notFound)
        }
    }

    @Test("vaults: create, retrieve, update, list, archive, delete", arguments: TransportKind.allCases)
    func vaults(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let vault = try await service.createVault(displayName: "Ana's tools", metadata: ["user": "ana"])
            let create = try #require(sandbox.lastRequest)
            #expect(create.path == "/v1/vaults" && create.json?["display_name"] as? String == "Ana's tools")
            #expect(create.header("anthropic-beta")?.contains("managed-agents-2026-04-01") == true)
            #expect(vault.id.hasPrefix("vlt_") && vault.type == "vault" && vault.metadata == ["user": "ana"])
            #expect(try await service.retrieveVault(id: vault.id) == vault)
            let renamed = try await service.updateVault(id: vault.id, displayName: "Tools", metadata: ["user": nil])
            #expect(renamed.displayName == "Tools" && renamed.metadata.isEmpty)
            let other = try await service.createVault(displayName: "Other")
            #expect(try await service.listVaults().data.map(\.id) == [other.id, vault.id])
            _ = try await service.archiveVault(id: other.id)
            #expect(try await service.listVaults().data.map(\.id) == [vault.id])
            var every: [String] = []
            for try await item in service.allVaults(includeArchived: true, pageSize: 1) { every.append(item.id) }
            #expect(every == [other.id, vault.id])
            let deleted = try await service.deleteVault(id: other.id)
            #expect(deleted.type == "vault_deleted" && sandbox.lastRequest?.method == "DELETE")
            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveVault(id: other.id) }
            #expect(missing?.kind == .notFound)
            let noName = await #expect(throws: APIError.self) { _ = try await service.createVault(displayName: "") }
            #expect(noName?.kind == .badRequest && noName?.message.contains("display_name") == true)
        }
    }

    @Test("credentials: secrets sent once, never answered nor printed; type-preserving updates; validation", arguments: TransportKind.allCases)
    func credentials(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let vault = try await service.createVault(displayName: "Tools")
            let refresh = VaultOAuthRefreshParameter(
                clientID: "client-1", refreshToken: "rt-secret", tokenEndpoint: "https://auth.example.com/token",
                tokenEndpointAuth: .clientSecretBasic(clientSecret: "cs-secret"), scope: "read")
            let oauth = VaultCredentialAuthParameter.mcpOAuth(
                accessToken: "at-secret", mcpServerURL: "https://mcp.example.com", expiresAt: "2099-01-01T00:00:00Z", refresh: refresh)
            for printed in ["\(oauth)", String(reflecting: oauth), { var text = ""; dump(oauth, to: &text); return text }()] {
                #expect(!printed.contains("at-secret") && !printed.contains("rt-secret") && !printed.contains("cs-secret") && printed.contains("<redacted>"))
            }
            let credential = try await service.createVaultCredential(vaultID: vault.id, auth: oauth, displayName: "Docs MCP")
            let create = try #require(sandbox.lastRequest)
            #expect(create.path == "/v1/vaults/\(vault.id)/credentials")
            let auth = try #require(create.json?["auth"] as? [String: Any])
            #expect(auth["type"] as? String == "mcp_oauth" && auth["access_token"] as? String == "at-secret")
            #expect(((auth["refresh"] as? [String: Any])?["token_endpoint_auth"] as? [String: Any])?["client_secret"] as? String == "cs-secret")
            let answer = String(decoding: try JSONEncoder().encode(credential), as: UTF8.self)
            #expect(!answer.contains("secret\"") && !answer.contains("at-secret") && !answer.contains("rt-secret"))
            #expect(credential.id.hasPrefix("vcrd_") && credential.vaultID == vault.id && credential.displayName == "Docs MCP")
            guard case .mcpOAuth(let details) = credential.auth else {
                Issue.record("auth: \(credential.auth)")
                return
            }
            #expect(details.mcpServerURL == "https://mcp.example.com" && details.refresh?.tokenEndpointAuthMethod == "client_secret_basic")
            #expect(details.refresh?.clientID == "client-1" && details.refresh?.scope == "read" && credential.auth.mcpServerURL == "https://mcp.example.com")
            #expect(try await service.retrieveVaultCredential(vaultID: vault.id, id: credential.id) == credential)

            let validation = try await service.validateVaultCredential(vaultID: vault.id, id: credential.id)
            #expect(sandbox.lastRequest?.path == "/v1/vaults/\(vault.id)/credentials/\(credential.id)/mcp_oauth_validate")
            #expect(validation.isValid && validation.hasRefreshToken && validation.credentialID == credential.id && validation.mcpProbe == nil)

            let update = VaultCredentialAuthUpdate.mcpOAuth(accessToken: "at-new", refresh: .init(scope: "", tokenEndpointAuth: .clientSecretPost(clientSecret: "cs-new")))
            #expect(!"\(update)".contains("at-new") && !"\(update)".contains("cs-new"))
            let updated = try await service.updateVaultCredential(vaultID: vault.id, id: credential.id, auth: update, metadata: ["env": "prod"])
            #expect((sandbox.lastRequest?.json?["auth"] as? [String: Any])?["access_token"] as? String == "at-new")
            guard case .mcpOAuth(let changed) = updated.auth else {
                Issue.record("auth: \(updated.auth)")
                return
            }
            #expect(changed.refresh?.tokenEndpointAuthMethod == "client_secret_post" && changed.refresh?.scope == nil && updated.metadata == ["env": "prod"])
            let typeChange = await #expect(throws: APIError.self) {
                _ = try await service.updateVaultCredential(vaultID: vault.id, id: credential.id, auth: .staticBearer(token: "t"))
            }
            #expect(typeChange?.kind == .badRequest)

            let bearer = try await service.createVaultCredential(
                vaultID: vault.id, auth: .staticBearer(token: "pat-secret", mcpServerURL: "https://git.example.com/mcp"))
            #expect(bearer.auth == .staticBearer(mcpServerURL: "https://git.example.com/mcp") && !"\(VaultCredentialAuthParameter.staticBearer(token: "pat-secret", mcpServerURL: "u"))".contains("pat-secret"))
            let variable = try await service.createVaultCredential(
                vaultID: vault.id,
                auth: .environmentVariable(
                    secretName: "STRIPE_KEY", secretValue: "sk_live_secret", networking: .limited(allowedHosts: ["api.stripe.com"]),
                    injectionLocation: .init(header: true)),
                metadata: ["service": "stripe"])
            guard case .environmentVariable(let env) = variable.auth else {
                Issue.record("auth: \(variable.auth)")
                return
            }
            #expect(env.secretName == "STRIPE_KEY" && env.networking == .limited(allowedHosts: ["api.stripe.com"]) && env.injectionLocation.header == true)
            let notOAuth = await #expect(throws: APIError.self) { _ = try await service.validateVaultCredential(vaultID: vault.id, id: variable.id) }
            #expect(notOAuth?.kind == .badRequest)

            #expect(try await service.listVaultCredentials(vaultID: vault.id).data.map(\.id) == [variable.id, bearer.id, credential.id])
            _ = try await service.archiveVaultCredential(vaultID: vault.id, id: bearer.id)
            #expect(sandbox.lastRequest?.path == "/v1/vaults/\(vault.id)/credentials/\(bearer.id)/archive")
            var listed: [String] = []
            for try await item in service.allVaultCredentials(vaultID: vault.id, pageSize: 1) { listed.append(item.id) }
            #expect(listed == [variable.id, credential.id])
            #expect(try await service.listVaultCredentials(vaultID: vault.id, includeArchived: true).data.count == 3)
            let deleted = try await service.deleteVaultCredential(vaultID: vault.id, id: bearer.id)
            #expect(deleted.type == "vault_credential_deleted")

            let otherVault = try await service.createVault(displayName: "Other")
            let wrongVault = await #expect(throws: APIError.self) { _ = try await service.retrieveVaultCredential(vaultID: otherVault.id, id: credential.id) }
            #expect(wrongVault?.kind == .notFound)
            let missingField = await #expect(throws: APIError.self) {
                _ = try await service.createVaultCredential(vaultID: vault.id, auth: .staticBearer(token: "", mcpServerURL: "https://x.example"))
            }
            #expect(missingField?.kind == .badRequest && missingField?.message.contains("auth.token") == true)
        }
    }

    @Test("README: create an agent and an environment, list agents")
    func readme() async throws {
        try await withAnthropic { _, sandboxService in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                let line = items.map { "\($0)" }.joined(separator: separator) + terminator
                printed.withLock { $0 += line }
            }

            let service = sandboxService  // README: let service = AnthropicServiceFactory.service(apiKey: "sk-ant-…")

            let agent = try await service.createAgent(
                ManagedAgentParameter(
                    name: "Researcher", model: .init(.claudeOpus45, effort: .high),
                    system: "Answer with sources.", tools: [.builtInTools]))
            let environment = try await service.createEnvironment(
                AgentEnvironmentParameter(
                    name: "python", config: .cloud(networking: .unrestricted, packages: .init(pip: ["pandas"]))))
            print(agent.id, "version", agent.version, "runs in", environment.id)

            for try await agent in service.allAgents() {
                print(agent.name, agent.model.id.value)
            }

            #expect(printed.current == "\(agent.id) version 1 runs in \(environment.id)\nResearcher claude-opus-4-5\n")
        }
    }
}
