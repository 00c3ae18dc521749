import AICore
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
            MessageResponse.self, for: .json(.post, "/messages", body: parameter), options: betaOptions(for: parameter, options))
    }

    public func streamMessage(
        _ parameter: MessageParameter, options: RequestOptions
    ) async throws -> AIStream<MessageStreamResponse> {
        var parameter = parameter
        parameter.stream = true
        return try await client.eventStream(
            .eventStream(.post, "/messages", body: parameter), options: betaOptions(for: parameter, options),
            handler: EventStreamHandler.messages)
    }

    public func countTokens(parameter: MessageTokenCountParameter, options: RequestOptions) async throws -> MessageInputTokens {
        try await client.decode(
            MessageInputTokens.self, for: .json(.post, "/messages/count_tokens", body: parameter), options: options)
    }

    public func createTextCompletion(_ parameter: TextCompletionParameter, options: RequestOptions) async throws -> TextCompletionResponse {
        var parameter = parameter
        parameter.stream = false
        return try await client.decode(TextCompletionResponse.self, for: .json(.post, "/complete", body: parameter), options: options)
    }

    public func createStreamTextCompletion(
        _ parameter: TextCompletionParameter, options: RequestOptions
    ) async throws -> AIStream<TextCompletionStreamResponse> {
        var parameter = parameter
        parameter.stream = true
        return try await client.eventStream(
            .eventStream(.post, "/complete", body: parameter), options: options,
            handler: EventStreamHandler<TextCompletionStreamResponse>.anthropic(
                skipping: ["ping"], missingEnd: "the final completion event") { $0.stopReason != nil })
    }
}

/// The MCP connector's beta (`mcp_servers` needs it).
let mcpConnectorBeta = "mcp-client-2025-04-04"

extension DefaultAnthropicService {
    /// `options` plus the betas the request's fields need, joined with the service's own betas.
    func betaOptions(for parameter: MessageParameter, _ options: RequestOptions) -> RequestOptions {
        guard parameter.mcpServers?.isEmpty == false else { return options }
        var options = options
        let configured = options.extraHeaders["anthropic-beta"] ?? client.configuration.headers["anthropic-beta"]
        let existing = configured.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        if !existing.contains(mcpConnectorBeta) {
            options.extraHeaders["anthropic-beta"] = (existing + [mcpConnectorBeta]).joined(separator: ",")
        }
        return options
    }
}
