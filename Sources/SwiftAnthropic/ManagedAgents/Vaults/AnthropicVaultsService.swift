import AICore
import Foundation

/// Managed Agents' vaults (beta): credentials sessions use to reach outside services, kept out of prompts.
///
/// The SDK sends the `managed-agents-2026-04-01` beta itself.
public protocol AnthropicVaultsService: AnyObject, Sendable {
    // MARK: Vaults

    /// Creates a vault.
    func createVault(displayName: String, metadata: [String: String]?, options: RequestOptions) async throws -> Vault

    /// A vault.
    func retrieveVault(id: String, options: RequestOptions) async throws -> Vault

    /// Changes a vault's name or metadata (a nil value removes its key); nil keeps what is there.
    func updateVault(id: String, displayName: String?, metadata: [String: String?]?, options: RequestOptions) async throws -> Vault

    /// One page of vaults, newest first; archived ones only with `includeArchived`.
    func listVaults(limit: Int?, page: String?, includeArchived: Bool?, options: RequestOptions) async throws -> AnthropicCursorPage<Vault>

    /// Deletes a vault; the answer's `type` is `vault_deleted`.
    func deleteVault(id: String, options: RequestOptions) async throws -> DeletedObject

    /// Archives a vault.
    func archiveVault(id: String, options: RequestOptions) async throws -> Vault

    // MARK: Credentials

    /// Stores a credential in a vault; its secret is never returned.
    func createVaultCredential(
        vaultID: String, auth: VaultCredentialAuthParameter, displayName: String?, metadata: [String: String]?, options: RequestOptions
    ) async throws -> VaultCredential

    /// A credential (without its secret).
    func retrieveVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> VaultCredential

    /// Changes a credential: new secrets or settings of its own type, its name, its metadata; nil keeps what is there.
    func updateVaultCredential(
        vaultID: String, id: String, auth: VaultCredentialAuthUpdate?, displayName: String?, metadata: [String: String?]?, options: RequestOptions
    ) async throws -> VaultCredential

    /// One page of a vault's credentials, newest first; archived ones only with `includeArchived`.
    func listVaultCredentials(
        vaultID: String, limit: Int?, page: String?, includeArchived: Bool?, options: RequestOptions
    ) async throws -> AnthropicCursorPage<VaultCredential>

    /// Deletes a credential; the answer's `type` is `vault_credential_deleted`.
    func deleteVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> DeletedObject

    /// Archives a credential.
    func archiveVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> VaultCredential

    /// Probes an MCP OAuth credential against its server (`mcp_oauth_validate`), refreshing the token on a 401.
    func validateVaultCredential(vaultID: String, id: String, options: RequestOptions) async throws -> VaultCredentialValidation
}

extension AnthropicVaultsService {
    /// Creates a vault.
    public func createVault(displayName: String, metadata: [String: String]? = nil) async throws -> Vault {
        try await createVault(displayName: displayName, metadata: metadata, options: .default)
    }

    /// A vault.
    public func retrieveVault(id: String) async throws -> Vault {
        try await retrieveVault(id: id, options: .default)
    }

    /// Changes a vault's name or metadata.
    public func updateVault(id: String, displayName: String? = nil, metadata: [String: String?]? = nil) async throws -> Vault {
        try await updateVault(id: id, displayName: displayName, metadata: metadata, options: .default)
    }

    /// One page of vaults, newest first.
    public func listVaults(limit: Int? = nil, page: String? = nil, includeArchived: Bool? = nil) async throws -> AnthropicCursorPage<Vault> {
        try await listVaults(limit: limit, page: page, includeArchived: includeArchived, options: .default)
    }

    /// Deletes a vault.
    public func deleteVault(id: String) async throws -> DeletedObject {
        try await deleteVault(id: id, options: .default)
    }

    /// Archives a vault.
    public func archiveVault(id: String) async throws -> Vault {
        try await archiveVault(id: id, options: .default)
    }

    /// Stores a credential in a vault.
    public func createVaultCredential(
        vaultID: String, auth: VaultCredentialAuthParameter, displayName: String? = nil, metadata: [String: String]? = nil
    ) async throws -> VaultCredential {
        try await createVaultCredential(vaultID: vaultID, auth: auth, displayName: displayName, metadata: metadata, options: .default)
    }

    /// A credential.
    public func retrieveVaultCredential(vaultID: String, id: String) async throws -> VaultCredential {
        try await retrieveVaultCredential(vaultID: vaultID, id: id, options: .default)
    }

    /// Changes a credential.
    public func updateVaultCredential(
        vaultID: String, id: String, auth: VaultCredentialAuthUpdate? = nil, displayName: String? = nil, metadata: [String: String?]? = nil
    ) async throws -> VaultCredential {
        try await updateVaultCredential(vaultID: vaultID, id: id, auth: auth, displayName: displayName, metadata: metadata, options: .default)
    }

    /// One page of a vault's credentials, newest first.
    public func listVaultCredentials(
        vaultID: String, limit: Int? = nil, page: String? = nil, includeArchived: Bool? = nil
    ) async throws -> AnthropicCursorPage<VaultCredential> {
        try await listVaultCredentials(vaultID: vaultID, limit: limit, page: page, includeArchived: includeArchived, options: .default)
    }

    /// Deletes a credential.
    public func deleteVaultCredential(vaultID: String, id: String) async throws -> DeletedObject {
        try await deleteVaultCredential(vaultID: vaultID, id: id, options: .default)
    }

    /// Archives a credential.
    public func archiveVaultCredential(vaultID: String, id: String) async throws -> VaultCredential {
        try await archiveVaultCredential(vaultID: vaultID, id: id, options: .default)
    }

    /// Probes an MCP OAuth credential against its server.
    public func validateVaultCredential(vaultID: String, id: String) async throws -> VaultCredentialValidation {
        try await validateVaultCredential(vaultID: vaultID, id: id, options: .default)
    }

    /// Every vault, newest first, fetched page by page as the loop reads them.
    public func allVaults(includeArchived: Bool? = nil, pageSize: Int? = nil, options: RequestOptions = .default) -> AnthropicPageSequence<Vault> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listVaults(limit: pageSize, page: page, includeArchived: includeArchived, options: options)
        })
    }

    /// Every credential of a vault, newest first, fetched page by page as the loop reads them.
    public func allVaultCredentials(
        vaultID: String, includeArchived: Bool? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<VaultCredential> {
        AnthropicPageSequence(cursorPages: { page in
            try await self.listVaultCredentials(vaultID: vaultID, limit: pageSize, page: page, includeArchived: includeArchived, options: options)
        })
    }
}
