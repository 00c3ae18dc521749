import AIServerKit

extension SandboxChatRequest {
    /// The request's messages and limit as an answerer sees them, from a chat completion body's `messages`.
    init(messages: [JSON], maxTokens: Int?) {
        self.init(
            messages: messages.map { Message(role: $0["role"]?.string ?? "", text: SandboxText.text(ofContent: $0["content"])) },
            maxTokens: maxTokens)
    }
}
