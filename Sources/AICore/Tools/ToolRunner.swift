import Foundation

/// Runs a conversation with tools until the model answers without calling one — the same loop for chat
/// completions, the Responses API and Anthropic messages (`runner.run(…)` in SwiftOpenAI and SwiftAnthropic).
///
/// Each turn is streamed (text deltas arrive as events); the calls of one turn run in parallel, at most
/// ``maxConcurrentTools`` at once, each within ``toolTimeout``. A call to an unknown tool, with invalid
/// arguments, that throws, times out or is refused by ``approval`` goes back to the model as an error result —
/// the run goes on. More than ``maxTurns`` requests end it with ``ToolRunError/maxTurnsExceeded(maxTurns:partial:)``.
/// Cancelling the task that reads the run (or ending the loop early) cancels the model stream and running tools.
public struct ToolRunner: Sendable {
    public var tools: [AITool]
    /// Requests to the model at most (paused turns count).
    public var maxTurns: Int
    public var maxConcurrentTools: Int
    /// How long one call may take (nil: no limit). A tool that ignores cancellation is abandoned, not awaited.
    public var toolTimeout: TimeInterval?
    /// Asked before each call runs: approve, approve with edited arguments, or refuse.
    public var approval: (@Sendable (ToolCallRequest) async -> ToolApproval)?

    public init(
        tools: [AITool], maxTurns: Int = 10, maxConcurrentTools: Int = 4, toolTimeout: TimeInterval? = 60,
        approval: (@Sendable (ToolCallRequest) async -> ToolApproval)? = nil
    ) {
        self.tools = tools
        self.maxTurns = maxTurns
        self.maxConcurrentTools = max(1, maxConcurrentTools)
        self.toolTimeout = toolTimeout
        self.approval = approval
    }

    /// Starts the loop over `model` (the providers' `run` methods call this).
    package func run<Model: ToolLoopModel>(_ model: Model) -> ToolRun {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ToolRunEvent.self)
        let runner = self
        let task = Task {
            do {
                var model = model
                let result = try await runner.loop(&model) { continuation.yield($0) }
                continuation.yield(.finished(result))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return ToolRun(stream: stream, cancel: { task.cancel() })
    }

    private func loop<Model: ToolLoopModel>(
        _ model: inout Model, emit: @escaping @Sendable (ToolRunEvent) -> Void
    ) async throws -> ToolRunResult {
        var seen = Set<String>()
        for tool in tools {
            guard seen.insert(tool.name).inserted else { throw ToolRunError.duplicateToolName(tool.name) }
            if tool.strict, Model.toolDialect != .lenient {
                let issues = tool.definitionSchema(for: Model.toolDialect).validate(for: Model.toolDialect)
                if !issues.isEmpty { throw ToolRunError.invalidToolSchema(tool: tool.name, issues: issues) }
            }
        }
        var turns: [ToolRunTurn] = []
        var results: [ToolCallResult] = []
        var usage = TokenUsage()
        for number in 1...max(1, maxTurns) {
            try Task.checkCancellation()
            emit(.turnStarted(number))
            let turn = try await model.nextTurn(tools: tools) { emit(.textDelta($0)) }
            usage += turn.usage
            let record = ToolRunTurn(
                number: number, text: turn.text, toolCalls: turn.calls, stopReason: turn.stopReason, usage: turn.usage,
                rawResponse: turn.rawResponse)
            turns.append(record)
            emit(.turnFinished(record))
            switch turn.outcome {
            case .finished:
                return ToolRunResult(finalText: turn.text, turns: turns, toolResults: results, usage: usage)
            case .paused:
                continue
            case .toolCalls:
                if !turn.approvalRequests.isEmpty {
                    model.appendApprovals(await decide(turn.approvalRequests, emit: emit))
                }
                let turnResults = await runCalls(turn.calls, emit: emit)
                try Task.checkCancellation()
                results += turnResults
                model.appendResults(turnResults)
            }
        }
        throw ToolRunError.maxTurnsExceeded(
            maxTurns: maxTurns,
            partial: ToolRunResult(finalText: turns.last?.text ?? "", turns: turns, toolResults: results, usage: usage))
    }

    /// Asks the approval hook about calls the provider runs itself; without a hook they are refused, since
    /// the request asked for approval.
    private func decide(
        _ requests: [ToolCallRequest], emit: @escaping @Sendable (ToolRunEvent) -> Void
    ) async -> [ToolApprovalDecision] {
        var decisions: [ToolApprovalDecision] = []
        for request in requests {
            emit(.toolCallRequested(request))
            let verdict = await approval?(request) ?? .refuse(reason: "No approval hook was given to the tool runner.")
            let decision: ToolApprovalDecision
            switch verdict {
            case .approve, .approveEditing: decision = ToolApprovalDecision(request: request, approved: true, reason: nil)
            case .refuse(let reason): decision = ToolApprovalDecision(request: request, approved: false, reason: reason)
            }
            emit(.toolResult(ToolCallResult(
                callID: request.id, name: request.name,
                output: decision.approved ? "approved" : "refused: \(decision.reason ?? "")", isError: !decision.approved)))
            decisions.append(decision)
        }
        return decisions
    }

    /// Runs one turn's calls, at most `maxConcurrentTools` at once; results in the calls' order.
    private func runCalls(
        _ calls: [ToolCallRequest], emit: @escaping @Sendable (ToolRunEvent) -> Void
    ) async -> [ToolCallResult] {
        for call in calls { emit(.toolCallRequested(call)) }
        return await withTaskGroup(of: (Int, ToolCallResult).self) { group in
            var results = [ToolCallResult?](repeating: nil, count: calls.count)
            var next = 0
            func addNext() {
                guard next < calls.count else { return }
                let index = next
                let call = calls[index]
                next += 1
                group.addTask {
                    let result = await self.perform(call)
                    emit(.toolResult(result))
                    return (index, result)
                }
            }
            for _ in 0..<min(maxConcurrentTools, calls.count) { addNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                addNext()
            }
            return results.enumerated().map { index, result in
                result ?? ToolCallResult(callID: calls[index].id, name: calls[index].name, output: "The call was cancelled.", isError: true)
            }
        }
    }

    /// One call, never throwing: every failure becomes an error result for the model.
    private func perform(_ request: ToolCallRequest) async -> ToolCallResult {
        func failure(_ text: String) -> ToolCallResult {
            ToolCallResult(callID: request.id, name: request.name, output: text, isError: true)
        }
        guard let tool = tools.first(where: { $0.name == request.name }) else {
            let names = tools.map(\.name).joined(separator: ", ")
            return failure("Error: there is no tool named \(request.name). Available tools: \(names.isEmpty ? "none" : names).")
        }
        var arguments = request.arguments
        if let approval {
            switch await approval(request) {
            case .approve: break
            case .approveEditing(let edited): arguments = edited
            case .refuse(let reason): return failure("The call was refused and did not run: \(reason)")
            }
        }
        if Task.isCancelled { return failure("The call was cancelled.") }
        let finalArguments = arguments
        // Abandoned, not awaited, on its deadline: a tool that ignores cancellation must not stall the run.
        let outcome: Result<String, any Error>
        do {
            outcome = .success(try await withDeadline(toolTimeout, loser: .abandoned) { try await tool.call(arguments: finalArguments) })
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let output):
            return ToolCallResult(callID: request.id, name: request.name, output: output, isError: false)
        case .failure(let error as ToolFailure):
            return failure(error.message)
        case .failure(let error as ToolArgumentsError):
            return failure("Error: \(error.description). The arguments must match the tool's schema.")
        case .failure(is DeadlineExceeded):
            return failure("Error: the tool \(request.name) did not finish within \(Self.seconds(toolTimeout ?? 0)) seconds.")
        case .failure(is CancellationError):
            return failure("The call was cancelled.")
        case .failure(let error):
            return failure("Error: the tool \(request.name) failed: \(error)")
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}

/// The events of a run (see ``ToolRunner``); ``result()`` waits for the end. Leaving the loop early (the
/// iterator is dropped) or cancelling the reading task cancels the run: the model stream and running tools.
public struct ToolRun: AsyncSequence, Sendable {
    public typealias Element = ToolRunEvent
    let stream: AsyncThrowingStream<ToolRunEvent, any Error>
    let cancel: @Sendable () -> Void

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), token: CancelOnRelease(cancel))
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<ToolRunEvent, any Error>.AsyncIterator
        let token: CancelOnRelease

        public mutating func next() async throws -> ToolRunEvent? {
            try await base.next()
        }
    }

    /// Runs to the end and returns how it ended (throws what the run throws, `CancellationError` if cancelled).
    public func result() async throws -> ToolRunResult {
        for try await event in self {
            if case .finished(let result) = event { return result }
        }
        try Task.checkCancellation()
        throw CancellationError()
    }
}

/// Cancels the run when the last iterator copy goes away.
final class CancelOnRelease: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) { self.action = action }

    deinit { action() }
}
