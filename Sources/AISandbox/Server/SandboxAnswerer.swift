/// An app's own answers to chat completion requests, registered when a sandbox starts
/// (``Sandbox/start(host:port:requireAuthorization:maxBodyBytes:requestTimeout:webhookURL:webhookSecret:answerer:)``).
///
/// The sandbox answers every chat with its usual generic replies (an echo, tool calls, a sample of the requested
/// JSON schema). An app that wants realistic answers offline — a story app wants stories — recognizes its own
/// prompts here, so the sandbox never has to know any app's prompt wording: rewording a prompt in the app changes
/// only the app's answerer.
///
/// The sandbox asks once per chat completion request (direct, Azure or a batch line), before it decides what to
/// answer. A non-nil answer replaces the usual text reply (a `response_format`, tool calls or a queued
/// ``SandboxBehavior`` still take precedence) and, when it gives ``SandboxAnswer/promptTokens``, the request's
/// prompt token count in `usage`. It is called on the sandbox's event loop: keep it quick and free of I/O.
public protocol SandboxAnswerer: Sendable {
    /// The answer to `request`, or nil to let the sandbox answer as usual.
    func answer(_ request: SandboxChatRequest) -> SandboxAnswer?
}

/// What an answerer sees of a chat completion request: its messages as plain text, and its completion limit.
public struct SandboxChatRequest: Sendable {
    /// One message: its role (`system`, `developer`, `user`, `assistant`, `tool`) and its text (the text parts of
    /// a content array joined with spaces, images counted as `[1 image]`).
    public struct Message: Sendable, Equatable {
        public var role: String
        public var text: String

        public init(role: String, text: String) {
            self.role = role
            self.text = text
        }
    }

    public var messages: [Message]
    /// `max_completion_tokens` (or the older `max_tokens`) when positive: where a model would stop with
    /// `finish_reason` `length`.
    public var maxTokens: Int?

    public init(messages: [Message], maxTokens: Int?) {
        self.messages = messages
        self.maxTokens = maxTokens
    }
}

/// An answerer's reply: the assistant's text, why it ended and what it cost in tokens.
public struct SandboxAnswer: Sendable, Equatable {
    public var text: String
    /// `stop`, or `length` when the text was cut at ``SandboxChatRequest/maxTokens``.
    public var finishReason: String
    public var completionTokens: Int
    /// The request's prompt tokens as the answerer counts them; nil keeps the sandbox's own count (one per word).
    public var promptTokens: Int?

    public init(text: String, finishReason: String = "stop", completionTokens: Int, promptTokens: Int? = nil) {
        self.text = text
        self.finishReason = finishReason
        self.completionTokens = completionTokens
        self.promptTokens = promptTokens
    }
}
