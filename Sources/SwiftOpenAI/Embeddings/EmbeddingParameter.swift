import AICore

/// The body of [Create embeddings](https://platform.openai.com/docs/api-reference/embeddings/create).
public struct EmbeddingParameter: Encodable, Sendable {
    /// The embedding model id.
    public var model: String
    /// The text or tokens to embed.
    public var input: Input
    /// A stable id for your end user.
    public var user: String?
    /// `float` (JSON numbers) or `base64` (packed little-endian float32, much faster to decode).
    public var encodingFormat: EncodingFormat?
    /// The number of dimensions of the result (text-embedding-3 models).
    public var dimensions: Int?

    /// What to embed.
    public enum Input: Encodable, Sendable {
        case text(String)
        case texts([String])
        case tokens([Int])
        case tokenBatches([[Int]])

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let value): try container.encode(value)
            case .texts(let value): try container.encode(value)
            case .tokens(let value): try container.encode(value)
            case .tokenBatches(let value): try container.encode(value)
            }
        }
    }

    public enum EncodingFormat: String, Codable, Sendable {
        case float
        case base64
    }

    public enum Model: Sendable, Hashable {
        case textEmbeddingAda002
        case textEmbedding3Small
        case textEmbedding3Large
        case custom(String)

        /// The id sent on the wire.
        public var value: String {
            switch self {
            case .textEmbeddingAda002: "text-embedding-ada-002"
            case .textEmbedding3Small: "text-embedding-3-small"
            case .textEmbedding3Large: "text-embedding-3-large"
            case .custom(let id): id
            }
        }
    }

    public init(
        model: Model = .textEmbeddingAda002, input: String, user: String? = nil,
        encodingFormat: EncodingFormat? = nil, dimensions: Int? = nil)
    {
        self.init(model: model, input: .text(input), user: user, encodingFormat: encodingFormat, dimensions: dimensions)
    }

    /// Embeds several texts in one request.
    public init(
        model: Model = .textEmbedding3Small, inputs: [String], user: String? = nil,
        encodingFormat: EncodingFormat? = nil, dimensions: Int? = nil)
    {
        self.init(model: model, input: .texts(inputs), user: user, encodingFormat: encodingFormat, dimensions: dimensions)
    }

    public init(model: Model, input: Input, user: String? = nil, encodingFormat: EncodingFormat? = nil, dimensions: Int? = nil) {
        self.model = model.value
        self.input = input
        self.user = user
        self.encodingFormat = encodingFormat
        self.dimensions = dimensions
    }

    enum CodingKeys: String, CodingKey {
        case model, input, user, dimensions
        case encodingFormat = "encoding_format"
    }
}
