import AIServerKit
import Foundation

/// Plain-text helpers shared by the routes.
enum SandboxText {
    /// Splits text into word tokens that keep their leading space, as model streams do.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if character == " ", !current.isEmpty, current != " " {
                tokens.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// A rough token count: words.
    static func countTokens(_ text: String) -> Int {
        max(1, text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count)
    }

    /// The text of a message's `content`: a string, or the text of its parts (OpenAI `image_url` and
    /// Anthropic `image` parts are counted).
    static func text(ofContent content: JSON?) -> String {
        if let string = content?.string { return string }
        guard let parts = content?.objects else { return "" }
        var texts: [String] = []
        var images = 0
        for part in parts {
            switch part["type"]?.string {
            case "text": texts.append(part["text"]?.string ?? "")
            case "image_url", "image": images += 1
            default: break
            }
        }
        if images > 0 { texts.append("[\(images) image\(images == 1 ? "" : "s")]") }
        return texts.joined(separator: " ")
    }

    /// A stable 64-bit hash (FNV-1a) of a string.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
