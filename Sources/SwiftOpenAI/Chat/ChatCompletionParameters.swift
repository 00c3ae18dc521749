import AICore
import Foundation

/// The body of [Create chat completion](https://platform.openai.com/docs/api-reference/chat/create).
///
/// `messages` and `model` are required; every other field is optional and defaulted, so new fields never break a call.
public struct ChatCompletionParameters: Encodable, Sendable {
    /// The conversation so far.
    public var messages: [Message]
    /// The model (or Azure deployment) id.
    public var model: String
    /// Whether to store the completion for distillation or evals.
    public var store: Bool?
    /// Reasoning effort for reasoning models (`o`-series, gpt-5).
    public var reasoningEffort: ReasoningEffort?
    /// Up to 16 key-value pairs attached to the stored completion.
    public var metadata: [String: String]?
    /// Between -2.0 and 2.0; penalises tokens by how often they already appeared.
    public var frequencyPenalty: Double?
    /// Deprecated in favour of ``toolChoice``.
    public var functionCall: FunctionCall?
    /// Which tool, if any, the model must call.
    public var toolChoice: ToolChoice?
    /// Deprecated in favour of ``tools``.
    public var functions: [ChatFunction]?
    /// The tools the model may call.
    public var tools: [Tool]?
    /// Whether the model may call several tools at once.
    public var parallelToolCalls: Bool?
    /// Token id → bias between -100 and 100.
    public var logitBias: [Int: Double]?
    /// Whether to return log probabilities of the output tokens.
    public var logprobs: Bool?
    /// 0–20 most likely tokens to return at each position; needs ``logprobs``.
    public var topLogprobs: Int?
    /// The legacy token limit; reasoning models need ``maxCompletionTokens``.
    public var maxTokens: Int?
    /// Upper bound on generated tokens, reasoning tokens included.
    public var maxCompletionTokens: Int?
    /// How many choices to generate.
    public var n: Int?
    /// Output modalities, e.g. `["text", "audio"]`.
    public var modalities: [String]?
    /// Predicted output, to speed up regeneration of mostly known content.
    public var prediction: Prediction?
    /// Audio output settings, required with the `audio` modality.
    public var audio: Audio?
    /// Between -2.0 and 2.0; penalises tokens that already appeared.
    public var presencePenalty: Double?
    /// Text, JSON mode, or structured outputs with a JSON schema.
    public var responseFormat: ResponseFormat?
    /// Best-effort deterministic sampling.
    public var seed: Int?
    /// The processing tier: `auto`, `default`, `flex`, `priority`.
    public var serviceTier: String?
    /// Up to 4 stop sequences.
    public var stop: [String]?
    /// Set by the service: streamed calls send `true`.
    var stream: Bool?
    /// Streaming options, e.g. a final usage chunk.
    public var streamOptions: StreamOptions?
    /// Sampling temperature between 0 and 2.
    public var temperature: Double?
    /// Nucleus sampling mass.
    public var topP: Double?
    /// A stable id for your end user (legacy; see ``safetyIdentifier``).
    public var user: String?
    /// A stable, hashed id for your end user, for abuse detection.
    public var safetyIdentifier: String?
    /// A key that groups requests sharing a prompt prefix for better cache hits.
    public var promptCacheKey: String?
    /// Output verbosity for gpt-5 models: `low`, `medium`, `high`.
    public var verbosity: String?

    public init(
        messages: [Message],
        model: Model,
        frequencyPenalty: Double? = nil,
        functionCall: FunctionCall? = nil,
        toolChoice: ToolChoice? = nil,
        functions: [ChatFunction]? = nil,
        tools: [Tool]? = nil,
        logitBias: [Int: Double]? = nil,
        maxTokens: Int? = nil,
        n: Int? = nil,
        responseFormat: ResponseFormat? = nil,
        presencePenalty: Double? = nil,
        seed: Int? = nil,
        stop: [String]? = nil,
        temperature: Double? = nil,
        topProbability: Double? = nil,
        user: String? = nil,
        store: Bool? = nil,
        reasoningEffort: ReasoningEffort? = nil,
        metadata: [String: String]? = nil,
        logprobs: Bool? = nil,
        topLogprobs: Int? = nil,
        maxCompletionTokens: Int? = nil,
        parallelToolCalls: Bool? = nil,
        modalities: [String]? = nil,
        audio: Audio? = nil,
        prediction: Prediction? = nil,
        serviceTier: String? = nil,
        streamOptions: StreamOptions? = nil,
        safetyIdentifier: String? = nil,
        promptCacheKey: String? = nil,
        verbosity: String? = nil)
    {
        self.messages = messages
        self.model = model.value
        self.frequencyPenalty = frequencyPenalty
        self.functionCall = functionCall
        self.toolChoice = toolChoice
        self.functions = functions
        self.tools = tools
        self.logitBias = logitBias
        self.maxTokens = maxTokens
        self.n = n
        self.responseFormat = responseFormat
        self.presencePenalty = presencePenalty
        self.seed = seed
        self.stop = stop
        self.temperature = temperature
        self.topP = topProbability
        self.user = user
        self.store = store
        self.reasoningEffort = reasoningEffort
        self.metadata = metadata
        self.logprobs = logprobs
        self.topLogprobs = topLogprobs
        self.maxCompletionTokens = maxCompletionTokens
        self.parallelToolCalls = parallelToolCalls
        self.modalities = modalities
        self.audio = audio
        self.prediction = prediction
        self.serviceTier = serviceTier
        self.streamOptions = streamOptions
        self.safetyIdentifier = safetyIdentifier
        self.promptCacheKey = promptCacheKey
        self.verbosity = verbosity
    }

    enum CodingKeys: String, CodingKey {
        case messages, model, store, metadata, functions, tools, logprobs, n, modalities, prediction, audio
        case seed, stop, stream, temperature, user, verbosity
        case reasoningEffort = "reasoning_effort"
        case frequencyPenalty = "frequency_penalty"
        case functionCall = "function_call"
        case toolChoice = "tool_choice"
        case parallelToolCalls = "parallel_tool_calls"
        case logitBias = "logit_bias"
        case topLogprobs = "top_logprobs"
        case maxTokens = "max_tokens"
        case maxCompletionTokens = "max_completion_tokens"
        case presencePenalty = "presence_penalty"
        case responseFormat = "response_format"
        case serviceTier = "service_tier"
        case streamOptions = "stream_options"
        case topP = "top_p"
        case safetyIdentifier = "safety_identifier"
        case promptCacheKey = "prompt_cache_key"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(messages, forKey: .messages)
        try container.encode(model, forKey: .model)
        try container.encodeIfPresent(store, forKey: .store)
        try container.encodeIfPresent(reasoningEffort, forKey: .reasoningEffort)
        try container.encodeIfPresent(metadata, forKey: .metadata)
        try container.encodeIfPresent(frequencyPenalty, forKey: .frequencyPenalty)
        try container.encodeIfPresent(functionCall, forKey: .functionCall)
        try container.encodeIfPresent(toolChoice, forKey: .toolChoice)
        try container.encodeIfPresent(functions, forKey: .functions)
        try container.encodeIfPresent(tools, forKey: .tools)
        try container.encodeIfPresent(parallelToolCalls, forKey: .parallelToolCalls)
        if let logitBias {
            // Integer-keyed dictionaries encode as arrays; the API wants an object keyed by token id.
            let object = Dictionary(uniqueKeysWithValues: logitBias.map { (String($0.key), $0.value) })
            try container.encode(object, forKey: .logitBias)
        }
        try container.encodeIfPresent(logprobs, forKey: .logprobs)
        try container.encodeIfPresent(topLogprobs, forKey: .topLogprobs)
        try container.encodeIfPresent(maxTokens, forKey: .maxTokens)
        try container.encodeIfPresent(maxCompletionTokens, forKey: .maxCompletionTokens)
        try container.encodeIfPresent(n, forKey: .n)
        try container.encodeIfPresent(modalities, forKey: .modalities)
        try container.encodeIfPresent(prediction, forKey: .prediction)
        try container.encodeIfPresent(audio, forKey: .audio)
        try container.encodeIfPresent(presencePenalty, forKey: .presencePenalty)
        try container.encodeIfPresent(responseFormat, forKey: .responseFormat)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(serviceTier, forKey: .serviceTier)
        try container.encodeIfPresent(stop, forKey: .stop)
        try container.encodeIfPresent(stream, forKey: .stream)
        try container.encodeIfPresent(streamOptions, forKey: .streamOptions)
        try container.encodeIfPresent(temperature, forKey: .temperature)
        try container.encodeIfPresent(topP, forKey: .topP)
        try container.encodeIfPresent(user, forKey: .user)
        try container.encodeIfPresent(safetyIdentifier, forKey: .safetyIdentifier)
        try container.encodeIfPresent(promptCacheKey, forKey: .promptCacheKey)
        try container.encodeIfPresent(verbosity, forKey: .verbosity)
    }
}
