@_spi(Streaming) import AICore
import Foundation

/// Chat completions, plain and streamed.
extension DefaultOpenAIService {
    public func startChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> ChatCompletionObject {
        var parameters = parameters
        parameters.stream = nil
        parameters.streamOptions = nil
        return try await client.decode(
            ChatCompletionObject.self,
            for: .json(.post, routing.path("/chat/completions", deployment: parameters.model), body: parameters)
                .describing(parameters.operation),
            options: options)
    }

    public func startStreamedChat(
        parameters: ChatCompletionParameters, options: RequestOptions
    ) async throws -> AIStream<ChatCompletionChunkObject> {
        var parameters = parameters
        parameters.stream = true
        return try await client.eventStream(
            .eventStream(.post, routing.path("/chat/completions", deployment: parameters.model), body: parameters)
                .describing(parameters.operation),
            options: options,
            handler: EventStreamHandler.chatCompletionChunks)
    }
}

extension ChatCompletionParameters {
    /// This request as traces and metrics describe it.
    var operation: GenAIOperation {
        .chat(model: model, maxTokens: maxCompletionTokens ?? maxTokens, temperature: temperature, topP: topP)
    }
}
