import Foundation
import RelayAppAttest

/// How App Attest key ids and environments are written in the store.
enum AppAttestKeyID {
    /// `AttestedKey.environment` of a production key, as Apple names the environment.
    static let productionEnvironment = "appattest"
    static let developmentEnvironment = "appattestdevelop"

    /// The raw key id (32 bytes: the SHA-256 of the public key) from its base64 (or base64url) form.
    static func raw(_ encoded: String) -> Data? {
        guard let data = Data(base64Encoded: encoded) ?? Base64URL.decode(encoded), data.count == 32 else { return nil }
        return data
    }

    /// The one spelling a key id is stored and looked up under (standard base64, padded), whatever spelling the
    /// app sent.
    static func canonical(_ encoded: String) -> String? {
        raw(encoded)?.base64EncodedString()
    }

    static func environment(_ environment: AppAttestEnvironment) -> String {
        switch environment {
        case .production: productionEnvironment
        case .development: developmentEnvironment
        }
    }
}
