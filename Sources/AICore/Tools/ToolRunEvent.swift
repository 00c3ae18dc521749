/// A tool call the model asked for.
public struct ToolCallRequest: Sendable, Hashable {
    /// The provider's id for the call (`call_…`, `toolu_…`), echoed with the result.
    public var id: String
    public var name: String
    /// The arguments as JSON text.
    public var arguments: String

    public init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

/// What a tool call returned, as it is sent back to the model.
public struct ToolCallResult: Sendable, Hashable {
    public var callID: String
    public var name: String
    public var output: String
    /// The call failed (unknown tool, invalid arguments, the tool threw or timed out, or it was refused); the
    /// output says why and the model sees it as an error (`is_error` for Anthropic).
    public var isError: Bool

    public init(callID: String, name: String, output: String, isError: Bool) {
        self.callID = callID
        self.name = name
        self.output = output
        self.isError = isError
    }
}

/// Tokens used, summed over the requests of a run.
public struct TokenUsage: Sendable, Hashable {
    public var inputTokens: Int
    public var outputTokens: Int
    public var totalTokens: Int { inputTokens + outputTokens }

    public init(inputTokens: Int = 0, outputTokens: Int = 0) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
    }

    public static func + (lhs: TokenUsage, rhs: TokenUsage) -> TokenUsage {
        TokenUsage(inputTokens: lhs.inputTokens + rhs.inputTokens, outputTokens: lhs.outputTokens + rhs.outputTokens)
    }

    public static func += (lhs: inout TokenUsage, rhs: TokenUsage) { lhs = lhs + rhs }
}

/// One model turn of a run.
public struct ToolRunTurn: Sendable {
    /// 1 for the first request.
    public let number: Int
    /// The text the model wrote in this turn.
    public let text: String
    public let toolCalls: [ToolCallRequest]
    /// The provider's reason (`stop`, `tool_calls`, `end_turn`, `tool_use`, `pause_turn`, `completed`, …).
    public let stopReason: String
    public let usage: TokenUsage
    /// The provider's response for the turn (`ChatCompletionObject`, `ResponseModel`, `MessageResponse`).
    public let rawResponse: (any Sendable)?
}

/// How a run ended.
public struct ToolRunResult: Sendable {
    /// The final answer's text.
    public let finalText: String
    public let turns: [ToolRunTurn]
    /// Every tool result, in the order they were sent back.
    public let toolResults: [ToolCallResult]
    /// Summed over every request of the run.
    public let usage: TokenUsage
}

/// What happens during a run, in order.
public enum ToolRunEvent: Sendable {
    /// A request to the model is about to be sent (1 for the first).
    case turnStarted(Int)
    /// Text the model is writing.
    case textDelta(String)
    /// The model asked for a call; it runs next (after the approval hook).
    case toolCallRequested(ToolCallRequest)
    /// A call finished (or failed, see ``ToolCallResult/isError``); the result goes back to the model.
    case toolResult(ToolCallResult)
    case turnFinished(ToolRunTurn)
    /// The model answered without calls: the run is over.
    case finished(ToolRunResult)
}

/// What the approval hook decides for a call.
public enum ToolApproval: Sendable {
    case approve
    /// Run the call with these arguments instead (JSON text).
    case approveEditing(arguments: String)
    /// Don't run it; the model is told the call was refused and why.
    case refuse(reason: String)
}

/// A run that could not finish.
public enum ToolRunError: Error, Sendable, CustomStringConvertible {
    /// The model still asked for tools after `maxTurns` requests; `partial` holds what happened.
    case maxTurnsExceeded(maxTurns: Int, partial: ToolRunResult)
    /// A strict tool's schema is one the provider would reject.
    case invalidToolSchema(tool: String, issues: [SchemaIssue])
    /// Two tools share a name.
    case duplicateToolName(String)

    public var description: String {
        switch self {
        case .maxTurnsExceeded(let maxTurns, _): "The model still asked for tools after \(maxTurns) turns."
        case .invalidToolSchema(let tool, let issues):
            "The schema of tool \(tool) would be rejected: " + issues.map(\.description).joined(separator: "; ")
        case .duplicateToolName(let name): "Two tools are named \(name)."
        }
    }
}
