import Foundation

#if canImport(Security)
    import Security
#endif

/// Where the OpenAI API key is kept, with the InfiniteStories app's `saveString(_:for:)`, `loadString(key:)` and `delete(key:)`.
///
/// On Apple platforms the default store is the Keychain (encrypted, device-bound). Elsewhere — and on any
/// platform when a directory is given — each key is a file under `$XDG_CONFIG_HOME/infinite-stories/`
/// (default `~/.config/infinite-stories/`), in a folder only the user can open (0700), readable only by the
/// user (0600), and replaced atomically (written to a temporary file, then renamed) so a crash never leaves
/// half a key. Values are never logged; show them with ``masked(_:)``.
public final class KeychainHelper: Sendable {
    /// The InfiniteStories app's identifier of the OpenAI API key.
    public static let apiKeyIdentifier = "com.infinitestories.openai.apikey"
    /// The default store: the Keychain on Apple platforms, the config folder elsewhere.
    public static let shared = KeychainHelper()

    enum Storage: Sendable {
        case keychain(service: String)
        case files(URL)
    }

    let storage: Storage

    /// A store in `directory`, or the platform default when nil.
    public init(directory: URL? = nil) {
        if let directory {
            storage = .files(directory)
        } else {
            #if canImport(Security)
                storage = .keychain(service: "com.infinitestories")
            #else
                storage = .files(Self.defaultDirectory())
            #endif
        }
    }

    /// The folder of the file store: `$XDG_CONFIG_HOME/infinite-stories`, else `~/.config/infinite-stories`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("infinite-stories", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".config", isDirectory: true)
            .appendingPathComponent("infinite-stories", isDirectory: true)
    }

    /// The file store's folder, or nil for the Keychain.
    public var directory: URL? {
        if case .files(let directory) = storage { return directory }
        return nil
    }

    /// Saves `string` under `key`, replacing any earlier value; false when it could not be stored.
    @discardableResult
    public func saveString(_ string: String, for key: String) -> Bool {
        switch storage {
        case .files(let directory): return SecretFile.store(Data(string.utf8), at: SecretFile.url(for: key, in: directory))
        case .keychain(let service): return keychainSave(Data(string.utf8), key: key, service: service)
        }
    }

    /// The string saved under `key`, or nil.
    public func loadString(key: String) -> String? {
        let data: Data?
        switch storage {
        case .files(let directory): data = try? Data(contentsOf: SecretFile.url(for: key, in: directory))
        case .keychain(let service): data = keychainLoad(key: key, service: service)
        }
        return data.flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Removes `key`; true when it is gone (also when it never existed).
    @discardableResult
    public func delete(key: String) -> Bool {
        switch storage {
        case .files(let directory):
            let file = SecretFile.url(for: key, in: directory)
            guard FileManager.default.fileExists(atPath: file.path) else { return true }
            return (try? FileManager.default.removeItem(at: file)) != nil
        case .keychain(let service):
            return keychainDelete(key: key, service: service)
        }
    }

    /// The API key to use: `OPENAI_API_KEY` when set (it wins, as in the SDKs), else the stored key.
    public static func apiKey(
        environment: [String: String] = ProcessInfo.processInfo.environment, store: KeychainHelper = .shared
    ) -> String? {
        if let key = environment["OPENAI_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            return key
        }
        return store.loadString(key: apiKeyIdentifier)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Key prefixes OpenAI issues today, longest first.
    static let keyPrefixes = ["sk-svcacct-", "sk-admin-", "sk-proj-", "sk-"]

    /// Whether `key` looks like an OpenAI key: `sk-…`, `sk-proj-…`, `sk-svcacct-…` (or `sk-admin-…`)
    /// followed by at least 20 letters, digits, `-` or `_`. The InfiniteStories app's `^sk-[a-zA-Z0-9]{48}$` rejects
    /// every project and service-account key issued today.
    public static func isValidAPIKeyFormat(_ key: String) -> Bool {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let prefix = keyPrefixes.first(where: { trimmed.hasPrefix($0) }) else { return false }
        let body = trimmed.dropFirst(prefix.count)
        return body.count >= 20 && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// `key` safe to show: its prefix and last four characters (`sk-proj-…a1B2`), or `****` when short.
    public static func masked(_ key: String) -> String {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = keyPrefixes.first { trimmed.hasPrefix($0) } ?? ""
        guard trimmed.count >= prefix.count + 12 else { return prefix.isEmpty ? "****" : "\(prefix)****" }
        return "\(prefix)…\(trimmed.suffix(4))"
    }
}

#if canImport(Security)
    extension KeychainHelper {
        private func baseQuery(key: String, service: String) -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: key]
        }

        fileprivate func keychainSave(_ data: Data, key: String, service: String) -> Bool {
            let query = baseQuery(key: key, service: service)
            SecItemDelete(query as CFDictionary)
            var attributes = query
            attributes[kSecValueData as String] = data
            attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            return SecItemAdd(attributes as CFDictionary, nil) == errSecSuccess
        }

        fileprivate func keychainLoad(key: String, service: String) -> Data? {
            var query = baseQuery(key: key, service: service)
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: AnyObject?
            guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
            return result as? Data
        }

        fileprivate func keychainDelete(key: String, service: String) -> Bool {
            let status = SecItemDelete(baseQuery(key: key, service: service) as CFDictionary)
            return status == errSecSuccess || status == errSecItemNotFound
        }
    }
#else
    extension KeychainHelper {
        // Without the Security framework the Keychain storage is never chosen; these keep the switch total.
        fileprivate func keychainSave(_ data: Data, key: String, service: String) -> Bool { false }
        fileprivate func keychainLoad(key: String, service: String) -> Data? { nil }
        fileprivate func keychainDelete(key: String, service: String) -> Bool { false }
    }
#endif
