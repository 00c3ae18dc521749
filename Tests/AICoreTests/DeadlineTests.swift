import Foundation
import Testing

@testable import AICore

/// ``withDeadline(_:loser:_:)``: who wins, what is thrown, and what happens to the loser. Nothing here depends on
/// how long anything takes: an operation that must lose waits for its cancellation (or forever), one that must win
/// has an hour to spare, and every wait is bounded only by the test's time limit.
@Suite("withDeadline", .timeLimit(.minutes(1)))
struct DeadlineTests {
    struct OperationFailed: Error, Equatable {}

    @Test("an operation that ends first wins with its value or its own error", arguments: [DeadlineLoser.awaited, .abandoned])
    func operationWins(loser: DeadlineLoser) async throws {
        #expect(try await withDeadline(3600, loser: loser) { 42 } == 42)
        #expect(try await withDeadline(nil, loser: loser) { "no deadline" } == "no deadline")
        await #expect(throws: OperationFailed()) {
            try await withDeadline(3600, loser: loser) { () async throws -> Int in throw OperationFailed() }
        }
    }

    @Test("a passed deadline cancels an awaited operation, waits for its end and throws DeadlineExceeded")
    func deadlineAwaited() async throws {
        let ended = Gate()
        await #expect(throws: DeadlineExceeded()) {
            try await withDeadline(0.05, loser: .awaited) { () async throws -> Int in
                defer { ended.open() }
                try await Task.sleep(nanoseconds: 3_600_000_000_000)
                return 1
            }
        }
        #expect(ended.isOpen, "withDeadline returned before the awaited operation ended")
    }

    @Test("an awaited operation that still returns a value after its deadline keeps it")
    func lateValueAwaited() async throws {
        let value = try await withDeadline(0.05, loser: .awaited) { () async -> String in
            // Ignores the cancellation except to stop waiting.
            let cancelled = Gate()
            await withTaskCancellationHandler { await cancelled.wait() } onCancel: { cancelled.open() }
            return "late"
        }
        #expect(value == "late")
    }

    @Test("a passed deadline abandons an operation that ignores cancellation")
    func deadlineAbandoned() async throws {
        let release = Gate()
        let sawCancellation = Gate()
        await #expect(throws: DeadlineExceeded()) {
            try await withDeadline(0.05, loser: .abandoned) { () async -> Int in
                await withTaskCancellationHandler { await release.wait() } onCancel: { sawCancellation.open() }
                return 1
            }
        }
        // It was told, but nobody waited for it; let it end now.
        await sawCancellation.wait()
        #expect(!release.isOpen)
        release.open()
    }

    @Test("cancelling the caller cancels the operation; an abandoned one throws CancellationError at once")
    func callerCancelledAbandoned() async throws {
        let started = Gate()
        let release = Gate()
        let sawCancellation = Gate()
        let caller = Task {
            try await withDeadline(nil, loser: .abandoned) { () async -> Int in
                started.open()
                await withTaskCancellationHandler { await release.wait() } onCancel: { sawCancellation.open() }
                return 1
            }
        }
        await started.wait()
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        await sawCancellation.wait()
        #expect(!release.isOpen, "the caller waited for an operation that ignores cancellation")
        release.open()
    }

    @Test("cancelling the caller cancels an awaited operation, whose own answer is returned")
    func callerCancelledAwaited() async throws {
        let started = Gate()
        let caller = Task {
            try await withDeadline(3600, loser: .awaited) { () async throws -> Int in
                started.open()
                do {
                    try await Task.sleep(nanoseconds: 3_600_000_000_000)
                } catch is CancellationError {
                    throw OperationFailed()
                }
                return 1
            }
        }
        await started.wait()
        caller.cancel()
        await #expect(throws: OperationFailed()) { try await caller.value }
    }

    @Test("a caller cancelled before the call never waits for the operation")
    func cancelledBeforeTheCall() async throws {
        let release = Gate()
        let caller = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await withDeadline(3600, loser: .abandoned) { () async -> Int in
                await release.wait()
                return 1
            }
        }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        release.open()
    }

    @Test("a stream read that goes silent past its idle timeout is a timeout error")
    func deadlineMapsToTimeout() async throws {
        let error = APIError(transportFailure: DeadlineExceeded(), url: URL(string: "https://example.com")!, readingBodyWithIdleTimeout: 5)
        #expect(error.kind == .timeout)
        #expect(APIError(transportFailure: DeadlineExceeded(), url: URL(string: "https://example.com")!).kind == .timeout)
    }
}

/// Opens once; `wait()` returns when it is open. Deliberately deaf to cancellation, so it can stand for an
/// operation that ignores it.
final class Gate: Sendable {
    private let state = LockedValue<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    var isOpen: Bool { state.withLock { $0.open } }

    func open() {
        let waiters = state.withLock { state in
            defer { state = (true, []) }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }
}
