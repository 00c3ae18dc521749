#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation

/// The operation did not finish in time (``withDeadline(_:_:)``).
struct DeadlineExceeded: Error {}

/// Runs `operation`, throwing ``DeadlineExceeded`` after `seconds` (nil: no limit) and `CancellationError` as soon
/// as the calling task is cancelled.
///
/// The MCP SDK's requests wait in unstructured tasks that don't see the caller's cancellation, so a structured
/// race (a task group) would wait for them anyway; here the loser is cancelled and abandoned instead. Callers
/// make sure an abandoned request still ends (``MCPServer`` cancels it on the server, or disconnects).
func withDeadline<T: Sendable>(
    _ seconds: TimeInterval?, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = Latch<Result<T, any Error>>()
    let work = Task {
        do { outcome.fulfill(.success(try await operation())) } catch { outcome.fulfill(.failure(error)) }
    }
    let timer = seconds.map { seconds in
        Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            if !Task.isCancelled { outcome.fulfill(.failure(DeadlineExceeded())) }
        }
    }
    defer { timer?.cancel() }
    guard let result = await outcome.wait() else {
        work.cancel()
        throw CancellationError()
    }
    if case .failure(is DeadlineExceeded) = result { work.cancel() }
    return try result.get()
}
#endif
