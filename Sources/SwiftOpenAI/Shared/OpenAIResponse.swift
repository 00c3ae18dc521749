import AICore

/// A list object: `{"object":"list","data":[…]}`, with pagination fields where the endpoint has them.
public struct OpenAIResponse<T: Codable & Sendable>: Codable, Sendable {
    /// Always "list".
    public let object: String?
    public let data: [T]
    public let firstID: String?
    public let lastID: String?
    public let hasMore: Bool?
    /// The model that produced the data (embeddings).
    public let model: String?
    /// Token usage (embeddings, GPT image models).
    public let usage: Usage?
    /// Seconds since 1970 (images).
    public let created: Int?

    public init(
        data: [T], firstID: String? = nil, lastID: String? = nil, hasMore: Bool? = nil, object: String? = "list",
        model: String? = nil, usage: Usage? = nil, created: Int? = nil
    ) {
        self.object = object
        self.data = data
        self.firstID = firstID
        self.lastID = lastID
        self.hasMore = hasMore
        self.model = model
        self.usage = usage
        self.created = created
    }

    public struct Usage: Codable, Sendable {
        public let promptTokens: Int?
        public let totalTokens: Int?
        /// Input tokens (GPT image models).
        public let inputTokens: Int?
        /// Output tokens (GPT image models).
        public let outputTokens: Int?

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case totalTokens = "total_tokens"
            case inputTokens = "input_tokens"
            case outputTokens = "output_tokens"
        }
    }

    enum CodingKeys: String, CodingKey {
        case object, data, model, usage, created
        case firstID = "first_id"
        case lastID = "last_id"
        case hasMore = "has_more"
    }
}
