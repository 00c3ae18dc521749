import AIServerKit
import Foundation

// Bridges between the typed-JSON sandbox helpers and the routes that still hold Foundation objects, while the
// Anthropic and Realtime routes move to `JSON`; each goes when its last caller does.

extension SandboxText {
    /// The text of a message's `content`: a string, or the text of its parts (images counted).
    static func text(ofContent content: JSON?) -> String {
        text(ofContent: content?.foundationObject)
    }
}

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
