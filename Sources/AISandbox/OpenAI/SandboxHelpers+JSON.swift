import AIServerKit
import Foundation

extension SandboxText {
    /// The text of a message's `content`: a string, or the text of its parts (OpenAI `image_url` and Anthropic
    /// `image` parts are counted); the twin of the `Any?` reading until every caller holds `JSON`.
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
}

// Bridges for the routes that still hold Foundation objects (Anthropic, Realtime) to the typed-JSON helpers; each
// goes when its last caller holds `JSON`.

extension SchemaSample {
    /// The JSON text of a value for `schema`, from Foundation objects (Anthropic and Realtime callers).
    static func json(schema: [String: Any]) -> String {
        json(schema: JSON(foundationObject: schema) ?? [:])
    }
}

extension SandboxToolCall {
    /// Calls for `names`, from tool schemas held as Foundation objects (Anthropic callers).
    static func calls(
        _ names: [String], offered: [(name: String, schema: [String: Any])], idPrefix: String, turn: Int
    ) -> [SandboxToolCall] {
        calls(names, offered: offered.map { ($0.name, JSON(foundationObject: $0.schema) ?? [:]) }, idPrefix: idPrefix, turn: turn)
    }
}

extension SandboxChatRequest {
    /// The request's messages and limit as an answerer sees them, from a chat completion body's `messages`.
    init(messages: [JSON], maxTokens: Int?) {
        self.init(
            messages: messages.map { Message(role: $0["role"]?.string ?? "", text: SandboxText.text(ofContent: $0["content"])) },
            maxTokens: maxTokens)
    }
}
