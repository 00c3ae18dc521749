import AICore

/// Describes an OpenAI [model](https://platform.openai.com/docs/api-reference/models/object).
public struct ModelObject: Codable, Sendable {
    /// The model identifier, which can be referenced in the API endpoints.
    public let id: String
    /// The Unix timestamp (in seconds) when the model was created.
    public let created: Int
    /// The object type, which is always "model".
    public let object: String
    /// The organization that owns the model.
    public let ownedBy: String
    /// Legacy permission entries, when the server still sends them.
    public let permission: [Permission]?

    public struct Permission: Codable, Sendable {
        public let id: String?
        public let object: String?
        public let created: Int?
        public let allowCreateEngine: Bool?
        public let allowSampling: Bool?
        public let allowLogprobs: Bool?
        public let allowSearchIndices: Bool?
        public let allowView: Bool?
        public let allowFineTuning: Bool?
        public let organization: String?
        public let group: String?
        public let isBlocking: Bool?

        enum CodingKeys: String, CodingKey {
            case id, object, created, organization, group
            case allowCreateEngine = "allow_create_engine"
            case allowSampling = "allow_sampling"
            case allowLogprobs = "allow_logprobs"
            case allowSearchIndices = "allow_search_indices"
            case allowView = "allow_view"
            case allowFineTuning = "allow_fine_tuning"
            case isBlocking = "is_blocking"
        }
    }

    /// The response of [deleting](https://platform.openai.com/docs/api-reference/models/delete) a fine-tuned model.
    public struct DeletionStatus: Codable, Sendable {
        public let id: String
        public let object: String
        public let deleted: Bool
    }

    enum CodingKeys: String, CodingKey {
        case id, created, object, permission
        case ownedBy = "owned_by"
    }
}
