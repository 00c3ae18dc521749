import AICore
import Foundation

/// The tool loop over the Responses API: turns are chained with `previous_response_id` (only the new
/// `function_call_output` items are sent), or — with `store: false` — the whole input grows with the output
/// items. An `incomplete` turn is continued; a `background` request is polled until it ends. Remote MCP
/// approval requests go to the runner's approval hook and come back as `mcp_approval_response` items.
struct ResponsesToolLoop: ToolLoopModel {
    static var toolDialect: SchemaDialect { .openAIStrict }
    let service: any OpenAIResponsesService
    var parameters: ModelResponseParameter
    let options: RequestOptions
    /// Items to send with the next request.
    private var pending: [ModelResponseParameter.InputItem]
    private var previousID: String?
    private let chains: Bool
    /// How often a background response is polled.
    var pollInterval: TimeInterval = 0.5

    init(service: any OpenAIResponsesService, parameters: ModelResponseParameter, options: RequestOptions) {
        self.service = service
        self.parameters = parameters
        self.options = options
        self.previousID = parameters.previousResponseId
        self.chains = parameters.store != false
        switch parameters.input {
        case .string(let text): pending = [.message(.init(role: "user", text: text))]
        case .array(let items): pending = items
        }
    }

    mutating func nextTurn(tools: [AITool], onText: @Sendable (String) -> Void) async throws -> ToolLoopTurn {
        var request = parameters
        let names = Set((request.tools ?? []).compactMap { tool -> String? in
            if case .function(let function) = tool { function.name } else { nil }
        })
        request.tools = (request.tools ?? []) + tools.filter { !names.contains($0.name) }.map { .function(.init($0)) }
        request.input = .array(pending)
        request.previousResponseId = chains ? previousID : nil
        let response: ResponseModel
        if request.background == true {
            response = try await poll(try await service.responseCreate(request, options: options), onText: onText)
        } else {
            response = try await service.responseCreateStream(request, options: options).accumulate { event in
                if case .outputTextDelta(let delta) = event, !delta.delta.isEmpty { onText(delta.delta) }
            }
        }
        previousID = response.id
        pending = chains ? [] : pending + response.output.map { .outputItem($0) }
        let calls = response.functionCalls.map { ToolCallRequest(id: $0.callId, name: $0.name, arguments: $0.arguments) }
        let approvals = response.output.compactMap { item -> ToolCallRequest? in
            guard case .mcpApprovalRequest(let request) = item else { return nil }
            return ToolCallRequest(id: request.id ?? "", name: request.name, arguments: request.arguments)
        }
        let usage = response.usage.map { TokenUsage(inputTokens: $0.inputTokens, outputTokens: $0.outputTokens) } ?? TokenUsage()
        let outcome: ToolLoopTurn.Outcome
        if !calls.isEmpty || !approvals.isEmpty {
            outcome = .toolCalls
        } else if response.status == "incomplete", response.incompleteDetails?.reason == "max_output_tokens", chains {
            // Continue the cut-off turn from where it stopped.
            outcome = .paused
        } else {
            outcome = .finished
        }
        return ToolLoopTurn(
            text: response.outputText, calls: calls, outcome: outcome, stopReason: response.status ?? "completed",
            usage: usage, rawResponse: response, approvalRequests: approvals)
    }

    /// Waits for a background response to leave `queued`/`in_progress`.
    private func poll(_ first: ResponseModel, onText: @Sendable (String) -> Void) async throws -> ResponseModel {
        var response = first
        while response.status == "queued" || response.status == "in_progress" {
            try await Task.sleep(nanoseconds: UInt64(pollInterval * 1_000_000_000))
            response = try await service.responseModel(id: response.id, include: nil, options: options)
        }
        if !response.outputText.isEmpty { onText(response.outputText) }
        return response
    }

    mutating func appendResults(_ results: [ToolCallResult]) {
        pending += results.map { .functionCallOutput(.init(callId: $0.callID, output: $0.output)) }
    }

    mutating func appendApprovals(_ decisions: [ToolApprovalDecision]) {
        pending += decisions.map { decision in
            var fields: [String: JSONValue] = [
                "type": "mcp_approval_response", "approval_request_id": .string(decision.request.id),
                "approve": .bool(decision.approved),
            ]
            if let reason = decision.reason { fields["reason"] = .string(reason) }
            return .raw(.object(fields))
        }
    }
}
