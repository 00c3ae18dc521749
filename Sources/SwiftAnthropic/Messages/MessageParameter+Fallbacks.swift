import Foundation

extension MessageParameter {
    /// `fallbacks` (beta): models the API retries with when the requested model declines for policy reasons,
    /// tried in order. The answer then starts with a ``MessageResponse/Content/Fallback`` block.
    public enum Fallbacks: Encodable, Sendable {
        /// The requested model's server-defined fallbacks (`"default"`).
        case `default`
        /// These models, in order.
        case models([Fallback])

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .default:
                var container = encoder.singleValueContainer()
                try container.encode("default")
            case .models(let models):
                var container = encoder.singleValueContainer()
                try container.encode(models)
            }
        }
    }

    /// One fallback model, with the settings that replace the request's on it.
    public struct Fallback: Encodable, Sendable {
        /// The model id.
        public var model: String
        /// `max_tokens` on this model; the request's when nil.
        public var maxTokens: Int?
        /// `output_config` on this model; the request's when nil.
        public var outputConfig: OutputConfig?
        /// `speed` on this model; the request's when nil.
        public var speed: Speed?
        /// `thinking` on this model; the request's when nil.
        public var thinking: Thinking?

        /// A fallback to `model`, with optional settings of its own.
        public init(model: Model, maxTokens: Int? = nil, outputConfig: OutputConfig? = nil, speed: Speed? = nil, thinking: Thinking? = nil) {
            self.model = model.value
            self.maxTokens = maxTokens
            self.outputConfig = outputConfig
            self.speed = speed
            self.thinking = thinking
        }

        enum CodingKeys: String, CodingKey {
            case model, speed, thinking
            case maxTokens = "max_tokens"
            case outputConfig = "output_config"
        }
    }
}
