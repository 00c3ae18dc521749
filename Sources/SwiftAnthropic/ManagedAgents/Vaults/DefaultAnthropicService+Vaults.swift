import AICore
import Foundation

extension DefaultAnthropicService {
    private struct VaultBody: Encodable {
        var displayName: String?
        var metadata: [String: String?]?

        enum CodingKeys: String, CodingKey {
            case metadata
            case displayName = "display_name"
        }
    }

    private struct CredentialBody<Auth: Encodable & Sendable>: Encodable {
        var auth: Auth?
        var displayName: String?
        var metadata: [String: String?]?

        enum CodingKeys: String, CodingKey {
            case auth, metadata
            case displayName = "display_name"
        }
    }

    // MARK: Vaults

    public func createVault(displayName: String, metadata: [String: String]?, options: RequestOptions) async throws -> Vault {
        let body = VaultBody(displayName: displayName, metadata: metadata.map { $0.mapValues { Optional($0) } })
        return try await client.decode(Vault.self, for: .json(.post, "/vaults", body: body), options: managedAgentsOptions(options))
    }

    public func retrieveVault(id: String, options: RequestOptions) async throws -> Vault {
        try await client.decode(Vault.self, for: APIRequest(method: .get, path: vaultPath(id)), options: managedAgentsOptions(options))
    }

    public func updateVault(id: String, displayName: String?, metadata: [String: String?]?, options: RequestOptions) async throws -> Vault {
        try await client.decode(
            Vault.self, for: .json(.post, vaultPath(id), body: VaultBody(displayName: displayName, metadata: metadata)),
            options: managedAgentsOptions(options))
    }

    public func listVaults(limit: Int?, page: String?, includeArchived: Bool?, options: RequestOptions) async throws -> AnthropicCursorPage<Vault> {
        let query = ManagedListQuery.items(limit: limit, page: page, [("include_archived", ManagedListQuery.flag(includeArchived))])
        return try await client.decode(
            AnthropicCursorPage<Vault>.self, for: APIRequest(method: .get, path: "/vaults", query: query), options: managedAgentsOptions(options))
    }

    public func deleteVault(id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(DeletedObject.self, for: APIRequest(method: .delete, path: vaultPath(id)), options: managedAgentsOptions(options))
    }

    public func archiveVault(id: String, options: RequestOptions) async throws -> Vault {
        try await client.decode(Vault.self, for: APIRequest(method: .post, path: vaultPath(id) + "/archive"), options: managedAgentsOptions(options))
    }

    // MARK: Credentials

    public func createVaultCredential(
        vaultID: String, auth: VaultCredentialAuthParameter, displayName: String?, metadata: [String: String]?, options: RequestOptions
    ) async throws -> VaultCredential {
        let body = CredentialBody(auth: auth, displayName: displayName, metadata: metadata.map { $0.mapValues { Optional($0) } })
        return try await client.decode(
            VaultCredential.self, for: .json(.post, vaultPath(vaultID) + "/credentials", body: body), options: managedAgentsOptions(options))
    }

    public func retrieveVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> VaultCredential {
        try await client.decode(
            VaultCredential.self, for: APIRequest(method: .get, path: credentialPath(vaultID, id)), options: managedAgentsOptions(options))
    }

    public func updateVaultCredential(
        vaultID: String, id: String, auth: VaultCredentialAuthUpdate?, displayName: String?, metadata: [String: String?]?, options: RequestOptions
    ) async throws -> VaultCredential {
        let body = CredentialBody(auth: auth, displayName: displayName, metadata: metadata)
        return try await client.decode(
            VaultCredential.self, for: .json(.post, credentialPath(vaultID, id), body: body), options: managedAgentsOptions(options))
    }

    public func listVaultCredentials(
        vaultID: String, limit: Int?, page: String?, includeArchived: Bool?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<VaultCredential> {
        let query = ManagedListQuery.items(limit: limit, page: page, [("include_archived", ManagedListQuery.flag(includeArchived))])
        return try await client.decode(
            AnthropicCursorPage<VaultCredential>.self, for: APIRequest(method: .get, path: vaultPath(vaultID) + "/credentials", query: query),
            options: managedAgentsOptions(options))
    }

    public func deleteVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(
            DeletedObject.self, for: APIRequest(method: .delete, path: credentialPath(vaultID, id)), options: managedAgentsOptions(options))
    }

    public func archiveVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> VaultCredential {
        try await client.decode(
            VaultCredential.self, for: APIRequest(method: .post, path: credentialPath(vaultID, id) + "/archive"), options: managedAgentsOptions(options))
    }

    public func validateVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> VaultCredentialValidation {
        try await client.decode(
            VaultCredentialValidation.self, for: APIRequest(method: .post, path: credentialPath(vaultID, id) + "/mcp_oauth_validate"),
            options: managedAgentsOptions(options))
    }

    private func vaultPath(_ id: String) -> String { "/vaults/\(Self.segment(id))" }
    private func credentialPath(_ vaultID: String, _ id: String) -> String { vaultPath(vaultID) + "/credentials/\(Self.segment(id))" }
}
