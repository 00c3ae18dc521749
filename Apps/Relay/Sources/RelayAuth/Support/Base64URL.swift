import Foundation

/// Reading base64url (RFC 4648 §5): how JWTs and EdDSA client-token keys are written (RelayCore's
/// `Data.base64URLEncodedString()` writes it).
enum Base64URL {
    /// `nil` for anything that isn't base64url (padding is tolerated, as some encoders add it).
    static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.hasSuffix("=") { base64.removeLast() }
        guard !base64.contains("=") else { return nil }
        switch base64.count % 4 {
        case 2: base64 += "=="
        case 3: base64 += "="
        case 1: return nil
        default: break
        }
        return Data(base64Encoded: base64)
    }

    /// Whether `text` is non-empty and made only of base64url characters.
    static func isAlphabet(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }
}
