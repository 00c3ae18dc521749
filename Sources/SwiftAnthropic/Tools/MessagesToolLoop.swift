import AICore
import Foundation

/// The tool loop over Anthropic messages: each turn is streamed; the assistant's blocks go back unchanged as
/// the assistant message (thinking with its signature, text, tool uses, server tool calls and their results,
/// compaction blocks — each through ``MessageParameter/Message/Content/ContentObject/init(_:)``), then one user
/// message with a `tool_result` per call (`is_error` for failures). `pause_turn` sends the conversation again
/// so the model continues.
struct MessagesToolLoop: ToolLoopModel {
    static var toolDialect: SchemaDialect { .anthropic }
    let service: any AnthropicService
    var parameter: MessageParameter
    let options: RequestOptions

    mutating func nextTurn(tools: [AITool], onText: @Sendable (String) -> Void) async throws -> ToolLoopTurn {
        var request = parameter
        // A tool the request already declares (e.g. deferred for tool search, or with cache control) keeps its
        // definition; the runner only runs its calls.
        let names = Set((request.tools ?? []).map(\.name))
        request.tools = (request.tools ?? []) + tools.filter { !names.contains($0.name) }.map(MessageParameter.Tool.init)
        var accumulator = MessageStreamAccumulator()
        // Tool input as the model wrote it: invalid JSON must reach the tool as it is, to be reported back.
        var inputs: [Int: String] = [:]
        for try await event in try await service.streamMessage(request, options: options) {
            if let text = accumulator.add(event), !text.isEmpty { onText(text) }
            if case .contentBlockDelta(let index, .inputJSON(let piece)) = event.event { inputs[index, default: ""] += piece }
        }
        let response = accumulator.response
        var calls: [ToolCallRequest] = []
        var blocks: [MessageParameter.Message.Content.ContentObject] = []
        for (index, block) in response.content.enumerated() {
            switch block {
            case .text(let text) where text.isEmpty:
                continue
            case .toolUse(let id, let name, let input):
                let json = inputs[index].flatMap { $0.isEmpty ? nil : $0 } ?? MessageResponse.Content.ToolUse(id: id, name: name, input: input).inputJSON
                calls.append(ToolCallRequest(id: id, name: name, arguments: json))
                blocks.append(.init(block))
            default:
                blocks.append(.init(block))
            }
        }
        if !blocks.isEmpty { parameter.messages.append(.init(role: .assistant, content: .list(blocks))) }
        let outcome: ToolLoopTurn.Outcome =
            response.stopReason == "pause_turn" ? .paused : calls.isEmpty ? .finished : .toolCalls
        let usage = TokenUsage(inputTokens: response.usage.inputTokens ?? 0, outputTokens: response.usage.outputTokens)
        return ToolLoopTurn(
            text: response.text, calls: calls, outcome: outcome, stopReason: response.stopReason ?? "end_turn",
            usage: usage, rawResponse: response)
    }

    mutating func appendResults(_ results: [ToolCallResult]) {
        guard !results.isEmpty else { return }
        let blocks: [MessageParameter.Message.Content.ContentObject] = results.map {
            .toolResultBlocks(toolUseID: $0.callID, content: [.text($0.output)], isError: $0.isError ? true : nil)
        }
        parameter.messages.append(.init(role: .user, content: .list(blocks)))
    }
}

extension ToolRunner {
    /// Runs the tool loop over Anthropic messages: `parameter` holds the conversation so far; the runner's
    /// tools are added to its `tools`.
    ///
    /// A tool Anthropic defines (``AnthropicMemoryTool/tool``) is sent as that tool, not as a custom one. Server
    /// tools in `parameter.tools` (web search, code execution, tool search, …) run at Anthropic: their blocks go
    /// back unchanged each turn. To defer one of the runner's tools for tool search, declare it in
    /// `parameter.tools` with ``MessageParameter/Tool/deferred(_:)``: that definition is sent, and the runner
    /// runs the calls once the model has found it.
    public func run(
        _ service: some AnthropicService, messages parameter: MessageParameter, options: RequestOptions = .default
    ) -> ToolRun {
        run(MessagesToolLoop(service: service, parameter: parameter, options: options))
    }
}
