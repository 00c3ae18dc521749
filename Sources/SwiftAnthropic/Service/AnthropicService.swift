import Foundation

/// The Anthropic API. Obtain one from ``AnthropicServiceFactory``.
///
/// Every method has a form with ``RequestOptions`` for per-call timeouts, retries and headers.
/// Failures are thrown as ``APIError`` (with `.overloaded` for 529 and `overloaded_error`).
public protocol AnthropicService: AnyObject, Sendable {
    /// [Creates](https://docs.anthropic.com/en/api/messages) a message.
    func createMessage(_ parameter: MessageParameter, options: RequestOptions) async throws -> MessageResponse

    /// Creates a message streamed as events; errors after the first byte are thrown from the stream
    /// after every event received before them.
    func streamMessage(
        _ parameter: MessageParameter, options: RequestOptions
    ) async throws -> AsyncThrowingStream<MessageStreamResponse, any Error>

    /// [Counts](https://docs.anthropic.com/en/api/messages-count-tokens) the input tokens of a request.
    func countTokens(parameter: MessageTokenCountParameter, options: RequestOptions) async throws -> MessageInputTokens

    /// Legacy [text completion](https://docs.anthropic.com/en/api/complete).
    func createTextCompletion(_ parameter: TextCompletionParameter, options: RequestOptions) async throws -> TextCompletionResponse

    /// Legacy text completion, streamed.
    func createStreamTextCompletion(
        _ parameter: TextCompletionParameter, options: RequestOptions
    ) async throws -> AsyncThrowingStream<TextCompletionStreamResponse, any Error>
}

extension AnthropicService {
    public func createMessage(_ parameter: MessageParameter) async throws -> MessageResponse {
        try await createMessage(parameter, options: .default)
    }

    public func streamMessage(_ parameter: MessageParameter) async throws -> AsyncThrowingStream<MessageStreamResponse, any Error> {
        try await streamMessage(parameter, options: .default)
    }

    public func countTokens(parameter: MessageTokenCountParameter) async throws -> MessageInputTokens {
        try await countTokens(parameter: parameter, options: .default)
    }

    public func createTextCompletion(_ parameter: TextCompletionParameter) async throws -> TextCompletionResponse {
        try await createTextCompletion(parameter, options: .default)
    }

    public func createStreamTextCompletion(
        _ parameter: TextCompletionParameter
    ) async throws -> AsyncThrowingStream<TextCompletionStreamResponse, any Error> {
        try await createStreamTextCompletion(parameter, options: .default)
    }
}
