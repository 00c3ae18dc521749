/// What the relay reads from a request before forwarding it: enough to check the limits and reserve its cost.
public struct RequestInspection: Sendable, Equatable {
    /// The model the request names: the body's `model`, an Azure deployment's name, or a multipart `model` field.
    /// Nil when the request names none (listing models, fetching a file).
    public var model: String?
    /// The most output tokens the request asks for (`max_tokens`, `max_completion_tokens` or `max_output_tokens`).
    public var maxOutputTokens: Int?
    /// Whether the answer is a server-sent event stream (`"stream": true`).
    public var stream: Bool
    /// Whether a chat-completions stream asked for its usage (`stream_options.include_usage`).
    public var includeUsage: Bool
    /// A bound on the input tokens, reserved before forwarding and corrected by the usage the upstream reports:
    /// a JSON body's bytes / 4 (about a token per four characters of English, generous for JSON punctuation), with
    /// each base64 payload (image, audio, file) counted as about 2,000 tokens; 0 for other bodies.
    public var estimatedInputTokens: Int
    /// The sampling parameters a trace shows (`temperature`, `top_p`), when the body sets them as numbers.
    public var temperature: Double?
    public var topP: Double?

    public init(model: String? = nil, maxOutputTokens: Int? = nil, stream: Bool = false, includeUsage: Bool = false, estimatedInputTokens: Int = 0) {
        self.model = model
        self.maxOutputTokens = maxOutputTokens
        self.stream = stream
        self.includeUsage = includeUsage
        self.estimatedInputTokens = estimatedInputTokens
    }
}
