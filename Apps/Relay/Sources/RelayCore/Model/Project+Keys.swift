import Foundation

extension Project {
    /// A new partial key: `pk-` and 24 random bytes in base64url. It identifies the project to AIProxy-style
    /// clients and ships inside the app, so it is an identifier, not a credential on its own.
    public static func generatePartialKey() -> String {
        "pk-" + RandomToken.base64URL(bytes: 24)
    }

    /// Whether `id` can name a project: 1–64 of `a-z`, `0-9`, `-` and `_`, so it is a single URL path segment.
    public static func isValidID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }

    /// The project as the admin API and `relay projects show` print it: the bypass token replaced by a mark
    /// saying whether one is set.
    public var redacted: Project {
        var copy = self
        if copy.auth.deviceCheckBypassToken != nil { copy.auth.deviceCheckBypassToken = "(set)" }
        return copy
    }
}

/// Random strings for partial keys, admin tokens and challenges, from the system's secure generator.
public enum RandomToken {
    /// `bytes` random bytes as base64url without padding.
    public static func base64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URLEncodedString()
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 §5), as tokens and URLs carry it.
    public func base64URLEncodedString() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
