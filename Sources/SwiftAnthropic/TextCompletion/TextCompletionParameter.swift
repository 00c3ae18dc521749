import AICore
import Foundation

/// The body of the legacy [Text Completions](https://docs.anthropic.com/en/api/complete) API.
public struct TextCompletionParameter: Encodable, Sendable {
    /// The model id.
    public let model: String
    /// The prompt, with alternating `\n\nHuman:` and `\n\nAssistant:` turns.
    public let prompt: String
    /// The maximum number of tokens to generate.
    public let maxTokensToSample: Int
    /// Extra sequences that stop generation; `\n\nHuman:` always does.
    public let stopSequences: [String]?
    /// Sampling temperature, 0–1; the server default (1) when nil.
    public let temperature: Double?
    /// Nucleus sampling: only sample from the top `topP` probability mass; nil for the server default.
    public let topP: Double?
    /// Only sample from the top K tokens; nil for the server default.
    public let topK: Int?
    /// Request metadata (an end-user id); nil for none.
    public let metadata: MetaData?
    /// Set by the service for streamed calls.
    public var stream: Bool

    /// Metadata about the request: an opaque id for the end user, for abuse detection.
    public struct MetaData: Encodable, Sendable {
        /// An opaque id for the end user.
        public let userId: UUID

        /// Metadata identifying the end user by `userId`.
        public init(userId: UUID) {
            self.userId = userId
        }

        enum CodingKeys: String, CodingKey {
            case userId = "user_id"
        }
    }

    /// A completion request. `model` is sent as its id; `stream` is overwritten by the service
    /// (false for `createTextCompletion`, true for `createStreamTextCompletion`).
    public init(
        model: Model, prompt: String, maxTokensToSample: Int, stopSequences: [String]? = nil,
        temperature: Double? = nil, topP: Double? = nil, topK: Int? = nil, metadata: MetaData? = nil,
        stream: Bool = false)
    {
        self.model = model.value
        self.prompt = prompt
        self.maxTokensToSample = maxTokensToSample
        self.stopSequences = stopSequences
        self.temperature = temperature
        self.topP = topP
        self.topK = topK
        self.metadata = metadata
        self.stream = stream
    }

    enum CodingKeys: String, CodingKey {
        case model, prompt, temperature, metadata, stream
        case maxTokensToSample = "max_tokens_to_sample"
        case stopSequences = "stop_sequences"
        case topP = "top_p"
        case topK = "top_k"
    }
}

/// A legacy text completion.
public struct TextCompletionResponse: Codable, Sendable {
    /// The completion id (`compl_…`).
    public let id: String
    /// Always `completion`.
    public let type: String
    /// The completion up to and excluding the stop sequence.
    public let completion: String
    /// `stop_sequence` or `max_tokens`.
    public let stopReason: String
    /// The model that produced the completion.
    public let model: String

    enum CodingKeys: String, CodingKey {
        case id, type, completion, model
        case stopReason = "stop_reason"
    }
}

/// One event of a streamed legacy text completion.
public struct TextCompletionStreamResponse: Codable, Sendable {
    /// Always `completion`.
    public let type: String
    /// A piece of the completion.
    public let completion: String
    /// Set in the last event.
    public let stopReason: String?
    /// The model producing the completion.
    public let model: String

    enum CodingKeys: String, CodingKey {
        case type, completion, model
        case stopReason = "stop_reason"
    }
}
