#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs `Process.run()` on a thread of its own whose signal mask is empty.
///
/// A child starts with its parent thread's signal mask, and Foundation's `Process` on Linux doesn't reset it.
/// The threads that run Swift concurrency (libdispatch's workers) block most signals, `SIGTERM` among them, so a
/// server started from a task would never see the `SIGTERM` that ``MCPServer/close()`` sends (only `SIGKILL`,
/// two seconds later, would end it). The thread only starts the process, so it doesn't hold up the cooperative
/// pool either.
enum SpawnThread {
    static func run(_ process: Process) async throws {
        let launcher = UncheckedProcess(process)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
                    var nothing = sigset_t()
                    sigemptyset(&nothing)
                    pthread_sigmask(SIG_SETMASK, &nothing, nil)
                #endif
                continuation.resume(with: Result { try launcher.process.run() })
            }
            thread.start()
        }
    }

    /// `@unchecked Sendable`: the process is handed to the thread before it starts and not touched meanwhile.
    private struct UncheckedProcess: @unchecked Sendable {
        let process: Process
        init(_ process: Process) { self.process = process }
    }
}
#endif
