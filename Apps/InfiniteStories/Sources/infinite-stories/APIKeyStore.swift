import Foundation
import InfiniteStories

/// Where the command finds the OpenAI API key: `OPENAI_API_KEY` first, then the key saved with `key set`
/// (the Keychain on Apple platforms, a 0600 file under `$XDG_CONFIG_HOME/infinite-stories/` elsewhere), under
/// the seed's identifier so the CLI and the app share one saved key.
enum APIKeyStore {
    static let identifier = KeychainHelper.apiKeyIdentifier

    /// The key from the environment, when set and not empty.
    static var environmentKey: String? {
        ProcessInfo.processInfo.environment["OPENAI_API_KEY"]
            .flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }

    /// The key saved with `key set`.
    static var savedKey: String? {
        KeychainHelper.shared.loadString(key: identifier).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key to use, or nil when none is configured.
    static func currentKey() -> String? {
        KeychainHelper.apiKey().flatMap { $0.isEmpty ? nil : $0 }
    }
}
