import AICore

/// The body of [Create moderation](https://platform.openai.com/docs/api-reference/moderations/create).
public struct ModerationParameter<Input: Encodable & Sendable>: Encodable, Sendable {
    /// The input to classify: a string, an array of strings, or multimodal parts.
    public let input: Input
    /// The moderation model; the server default when nil.
    public let model: String?

    public enum Model: String, Sendable {
        case stable = "text-moderation-stable"
        case latest = "text-moderation-latest"
        case omniLatest = "omni-moderation-latest"
    }

    public init(input: Input, model: Model? = nil) {
        self.input = input
        self.model = model?.rawValue
    }

    /// A moderation with any model id.
    public init(input: Input, modelID: String) {
        self.input = input
        self.model = modelID
    }
}

/// One part of a multimodal moderation input (`omni-moderation-latest`).
public enum ModerationInput: Encodable, Sendable {
    case text(String)
    case imageURL(String)

    enum CodingKeys: String, CodingKey {
        case type, text
        case imageURL = "image_url"
    }

    private struct ImageURL: Encodable {
        let url: String
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: .type)
            try container.encode(text, forKey: .text)
        case .imageURL(let url):
            try container.encode("image_url", forKey: .type)
            try container.encode(ImageURL(url: url), forKey: .imageURL)
        }
    }
}
