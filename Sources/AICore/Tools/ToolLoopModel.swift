/// One provider's side of the tool loop: it owns the conversation, sends one model turn at a time (streamed,
/// so text arrives as it is written) and appends tool results in its wire format. SwiftOpenAI implements it for
/// chat completions and the Responses API, SwiftAnthropic for messages; ``ToolRunner`` is the loop itself.
package protocol ToolLoopModel: Sendable {
    /// The schema rules of the provider's tool definitions.
    static var toolDialect: SchemaDialect { get }
    /// Sends the conversation and returns the model's turn; the assistant's output joins the conversation.
    mutating func nextTurn(tools: [AITool], onText: @Sendable (String) -> Void) async throws -> ToolLoopTurn
    /// Adds the results of the last turn's calls to the conversation.
    mutating func appendResults(_ results: [ToolCallResult])
    /// Adds the decisions on the last turn's approval requests (calls the provider runs itself, such as a
    /// remote MCP server's tools on the Responses API).
    mutating func appendApprovals(_ decisions: [ToolApprovalDecision])
}

extension ToolLoopModel {
    package mutating func appendApprovals(_ decisions: [ToolApprovalDecision]) {}
}

/// The approval hook's answer to a provider-run call.
package struct ToolApprovalDecision: Sendable {
    package var request: ToolCallRequest
    package var approved: Bool
    package var reason: String?
}

/// What one model turn produced.
package struct ToolLoopTurn: Sendable {
    package enum Outcome: Sendable {
        /// A final answer.
        case finished
        /// The model asked for tool calls.
        case toolCalls
        /// The provider paused the turn (Anthropic `pause_turn`, an incomplete Responses turn): send the
        /// conversation again to let it continue.
        case paused
    }

    package var text: String
    package var calls: [ToolCallRequest]
    package var outcome: Outcome
    package var stopReason: String
    package var usage: TokenUsage
    package var rawResponse: (any Sendable)?
    /// Calls the provider will run itself once approved (their ids are the approval request ids).
    package var approvalRequests: [ToolCallRequest] = []

    package init(
        text: String, calls: [ToolCallRequest], outcome: Outcome, stopReason: String, usage: TokenUsage,
        rawResponse: (any Sendable)?, approvalRequests: [ToolCallRequest] = []
    ) {
        self.approvalRequests = approvalRequests
        self.text = text
        self.calls = calls
        self.outcome = outcome
        self.stopReason = stopReason
        self.usage = usage
        self.rawResponse = rawResponse
    }
}
