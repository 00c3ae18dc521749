import Foundation
import NIOConcurrencyHelpers
import RelayCore
import RelayStorage

/// Projects and their opened provider keys, read from the store and kept for a moment.
///
/// Every proxied request needs its project and a provider key; reading and decrypting them each time would put a
/// database round trip and an AES-GCM open on every request. Entries live `lifetime` (two seconds by default), so
/// a change made through another relay instance or the CLI is seen within that time; changes made through this
/// instance's admin API are seen at once (`forget`).
final class ProjectDirectory: Sendable {
    private struct Cached<Value: Sendable>: Sendable {
        var value: Value
        var expires: ContinuousClock.Instant
    }

    private let store: RelayStore
    private let secrets: SecretBox
    private let lifetime: Duration
    private let projects = NIOLockedValueBox<[String: Cached<Project?>]>([:])
    private let keys = NIOLockedValueBox<[String: Cached<String?>]>([:])

    init(store: RelayStore, secrets: SecretBox, lifetime: Duration = .seconds(2)) {
        self.store = store
        self.secrets = secrets
        self.lifetime = lifetime
    }

    func project(id: String) async throws -> Project? {
        let now = ContinuousClock.now
        if let cached = projects.withLockedValue({ $0[id] }), cached.expires > now { return cached.value }
        let project = try await store.project(id: id)
        projects.withLockedValue { $0[id] = Cached(value: project, expires: now + lifetime) }
        return project
    }

    /// The provider key of a project, opened; `nil` when none is set.
    func providerKey(projectID: String, provider: Provider) async throws -> String? {
        let name = provider.rawValue
        let cacheKey = "\(projectID)/\(name)"
        let now = ContinuousClock.now
        if let cached = keys.withLockedValue({ $0[cacheKey] }), cached.expires > now { return cached.value }
        var key: String?
        if let sealed = try await store.secret(projectID: projectID, name: name) {
            key = String(decoding: try secrets.open(sealed, context: cacheKey), as: UTF8.self)
        }
        keys.withLockedValue { $0[cacheKey] = Cached(value: key, expires: now + lifetime) }
        return key
    }

    /// Drops what is cached for a project, after a change made through this instance.
    func forget(projectID: String) {
        projects.withLockedValue { _ = $0.removeValue(forKey: projectID) }
        keys.withLockedValue { keys in
            for provider in Provider.allCases { keys["\(projectID)/\(provider.rawValue)"] = nil }
        }
    }
}
