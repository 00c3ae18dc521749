/// The attribute, event and metric names of OpenTelemetry's generative-AI and HTTP client conventions that SDK
/// calls report, spelled once.
///
/// swift-otel-semantic-conventions spells them too, but only behind an experimental trait; these are the stable
/// wire names that tracing backends and dashboards key on.
package enum GenAIName {
    package static let operationName = "gen_ai.operation.name"
    package static let providerName = "gen_ai.provider.name"
    package static let requestModel = "gen_ai.request.model"
    package static let requestMaxTokens = "gen_ai.request.max_tokens"
    package static let requestTemperature = "gen_ai.request.temperature"
    package static let requestTopP = "gen_ai.request.top_p"
    package static let responseID = "gen_ai.response.id"
    package static let responseModel = "gen_ai.response.model"
    package static let responseFinishReasons = "gen_ai.response.finish_reasons"
    package static let inputTokens = "gen_ai.usage.input_tokens"
    package static let outputTokens = "gen_ai.usage.output_tokens"
    package static let cacheReadTokens = "gen_ai.usage.cache_read.input_tokens"
    package static let cacheCreationTokens = "gen_ai.usage.cache_creation.input_tokens"
    package static let reasoningTokens = "gen_ai.usage.reasoning.output_tokens"
    package static let tokenType = "gen_ai.token.type"
    package static let inputMessages = "gen_ai.input.messages"
    package static let systemInstructions = "gen_ai.system_instructions"
    package static let outputMessages = "gen_ai.output.messages"
    package static let errorType = "error.type"
    package static let serverAddress = "server.address"
    package static let serverPort = "server.port"
    package static let httpMethod = "http.request.method"
    package static let httpStatus = "http.response.status_code"
    package static let resendCount = "http.request.resend_count"
    package static let urlFull = "url.full"
    /// The API resource of a call that isn't a generation (`files`, `batches`).
    package static let apiOperation = "swiftai.operation"
    package static let requestID = "swiftai.response.request_id"
    package static let streamCancelled = "swiftai.stream.cancelled"

    // Events.
    package static let firstChunkEvent = "gen_ai.first_chunk"
    package static let retryEvent = "swiftai.retry"
    package static let cancelledEvent = "swiftai.cancelled"

    // Metrics.
    package static let operationDuration = "gen_ai.client.operation.duration"
    package static let tokenUsage = "gen_ai.client.token.usage"
    package static let timeToFirstChunk = "gen_ai.client.operation.time_to_first_chunk"
    package static let timePerOutputChunk = "gen_ai.client.operation.time_per_output_chunk"
    package static let httpDuration = "http.client.request.duration"
    package static let retries = "swiftai.client.retries"
    package static let errors = "swiftai.client.errors"
}
