@_spi(Streaming) import AICore
import Foundation

/// The ``AnthropicService`` of the Anthropic API and compatible servers.
public final class DefaultAnthropicService: AnthropicService {
    /// The client that sends every request of this service.
    package let client: APIClient

    package init(configuration: ClientConfiguration, transport: any HTTPTransport = DefaultTransport.shared) {
        client = APIClient(configuration: configuration, transport: transport)
    }

    public func createMessage(_ parameter: MessageParameter, options: RequestOptions) async throws -> MessageResponse {
        var parameter = parameter
        parameter.stream = false
        return try await client.decode(
            MessageResponse.self, for: .json(.post, "/messages", body: parameter).describing(parameter.operation),
            options: betaOptions(for: parameter, options))
    }

    public func streamMessage(
        _ parameter: MessageParameter, options: RequestOptions
    ) async throws -> AIStream<MessageStreamResponse> {
        var parameter = parameter
        parameter.stream = true
        return try await client.eventStream(
            .eventStream(.post, "/messages", body: parameter).describing(parameter.operation),
            options: betaOptions(for: parameter, options),
            handler: EventStreamHandler.messages)
    }

    public func countTokens(parameter: MessageTokenCountParameter, options: RequestOptions) async throws -> MessageInputTokens {
        try await client.decode(
            MessageInputTokens.self, for: .json(.post, "/messages/count_tokens", body: parameter),
            options: self.options(options, addingBetas: parameter.requiredBetas))
    }

    public func createTextCompletion(_ parameter: TextCompletionParameter, options: RequestOptions) async throws -> TextCompletionResponse {
        var parameter = parameter
        parameter.stream = false
        return try await client.decode(
            TextCompletionResponse.self, for: .json(.post, "/complete", body: parameter).describing(parameter.operation),
            options: options)
    }

    public func createStreamTextCompletion(
        _ parameter: TextCompletionParameter, options: RequestOptions
    ) async throws -> AIStream<TextCompletionStreamResponse> {
        var parameter = parameter
        parameter.stream = true
        return try await client.eventStream(
            .eventStream(.post, "/complete", body: parameter).describing(parameter.operation), options: options,
            handler: EventStreamHandler<TextCompletionStreamResponse>.anthropic(
                skipping: ["ping"], missingEnd: "the final completion event") { $0.stopReason != nil })
    }
}

extension DefaultAnthropicService {
    /// `options` plus the betas the message's fields need (see ``MessageParameter/requiredBetas``).
    func betaOptions(for parameter: MessageParameter, _ options: RequestOptions) -> RequestOptions {
        self.options(options, addingBetas: parameter.requiredBetas)
    }
}

extension MessageParameter {
    /// This request as traces and metrics describe it.
    var operation: GenAIOperation {
        .chat(model: model, maxTokens: maxTokens, temperature: temperature, topP: topP)
    }
}

extension TextCompletionParameter {
    /// This request as traces and metrics describe it.
    var operation: GenAIOperation {
        GenAIOperation(
            "text_completion", model: model, maxTokens: maxTokensToSample, temperature: temperature, topP: topP)
    }
}
