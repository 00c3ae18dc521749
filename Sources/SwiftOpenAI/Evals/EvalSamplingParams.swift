import AICore
import Foundation

/// How a model is sampled: by an eval run that asks a model for its outputs.
public struct EvalSamplingParams: Codable, Sendable {
    public var temperature: Double?
    public var topP: Double?
    public var seed: Int?
    /// The most tokens of each answer.
    public var maxCompletionTokens: Int?
    /// `minimal`, `low`, `medium` or `high`, for reasoning models.
    public var reasoningEffort: String?

    public init(temperature: Double? = nil, topP: Double? = nil, seed: Int? = nil, maxCompletionTokens: Int? = nil, reasoningEffort: String? = nil) {
        self.temperature = temperature
        self.topP = topP
        self.seed = seed
        self.maxCompletionTokens = maxCompletionTokens
        self.reasoningEffort = reasoningEffort
    }

    private enum CodingKeys: String, CodingKey {
        case temperature, seed
        case topP = "top_p"
        case maxCompletionTokens = "max_completion_tokens"
        case maxCompletionsTokens = "max_completions_tokens"
        case reasoningEffort = "reasoning_effort"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        temperature = try container.decodeIfPresent(Double.self, forKey: .temperature)
        topP = try container.decodeIfPresent(Double.self, forKey: .topP)
        seed = try container.decodeIfPresent(Int.self, forKey: .seed)
        // Score-model graders spell it `max_completions_tokens`; eval runs `max_completion_tokens`.
        maxCompletionTokens = try container.decodeIfPresent(Int.self, forKey: .maxCompletionTokens)
            ?? container.decodeIfPresent(Int.self, forKey: .maxCompletionsTokens)
        reasoningEffort = try container.decodeIfPresent(String.self, forKey: .reasoningEffort)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(temperature, forKey: .temperature)
        try container.encodeIfPresent(topP, forKey: .topP)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(maxCompletionTokens, forKey: .maxCompletionTokens)
        try container.encodeIfPresent(reasoningEffort, forKey: .reasoningEffort)
    }
}
