import AICore

/// The tool loop over chat completions: each turn is a streamed completion; the assistant message with its
/// `tool_calls` and then one `tool` message per result join `messages`.
struct ChatToolLoop: ToolLoopModel {
    static var toolDialect: SchemaDialect { .openAIStrict }
    let service: any OpenAIChatService
    var parameters: ChatCompletionParameters
    let options: RequestOptions

    mutating func nextTurn(tools: [AITool], onText: @Sendable (String) -> Void) async throws -> ToolLoopTurn {
        var request = parameters
        let names = Set((request.tools ?? []).map(\.function.name))
        request.tools = (request.tools ?? []) + tools.filter { !names.contains($0.name) }.map(ChatCompletionParameters.Tool.init)
        request.streamOptions = .init(includeUsage: true)
        var accumulator = ChatCompletionAccumulator()
        for try await chunk in try await service.startStreamedChat(parameters: request, options: options) {
            accumulator.add(chunk)
            if let text = chunk.choices.first(where: { $0.index == 0 })?.delta.content, !text.isEmpty { onText(text) }
        }
        let choice = accumulator.choices.first
        let calls = (choice?.toolCalls ?? []).map {
            ToolCallRequest(id: $0.id ?? "", name: $0.function.name ?? "", arguments: $0.function.arguments)
        }
        let text = choice?.content ?? ""
        parameters.messages.append(
            .init(
                role: .assistant, content: .text(text),
                toolCalls: calls.isEmpty
                    ? nil
                    : calls.map { ToolCall(id: $0.id, function: FunctionCall(arguments: $0.arguments, name: $0.name)) }))
        let usage = accumulator.usage.map { TokenUsage(inputTokens: $0.promptTokens, outputTokens: $0.completionTokens) }
        let reason = choice?.finishReason?.description ?? (calls.isEmpty ? "stop" : "tool_calls")
        return ToolLoopTurn(
            text: text, calls: calls, outcome: calls.isEmpty ? .finished : .toolCalls, stopReason: reason,
            usage: usage ?? TokenUsage(), rawResponse: accumulator)
    }

    mutating func appendResults(_ results: [ToolCallResult]) {
        for result in results {
            parameters.messages.append(.init(role: .tool, content: .text(result.output), toolCallID: result.callID))
        }
    }
}
