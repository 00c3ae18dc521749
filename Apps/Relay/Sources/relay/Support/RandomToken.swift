import Foundation

/// Random strings for partial keys and admin tokens, from the system's secure generator.
enum RandomToken {
    /// `bytes` random bytes as base64url without padding.
    static func base64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
