import AICore
import Foundation

/// Runs a built executable of this package to its end and returns what it printed.
///
/// The waiting happens on a thread of its own, never on Swift's cooperative pool: that pool has two threads on a
/// 2-core machine, and blocking one would stall every other test meanwhile (their timeouts would fire).
public enum ProcessRunner {
    /// How a run ended.
    public struct Result: Sendable {
        /// The exit status (or the signal's number when the process was terminated).
        public let status: Int32
        /// Standard output and standard error together, as they came.
        public let output: String
        /// Whether the run was still going at its timeout and was terminated.
        public let timedOut: Bool
    }

    /// Runs the built executable `name` (see ``BuiltExecutable``) with `arguments`.
    ///
    /// - Parameters:
    ///   - removing: variables of this process's environment the child must not inherit (API keys, base URLs), so
    ///     a developer's own settings can't change what a test sees.
    ///   - environment: variables set for the child, after `removing`.
    ///   - input: written to its standard input, which is then closed (no input: `/dev/null`).
    ///   - timeout: a run still going after this many seconds is terminated, so a command that wrongly keeps
    ///     running fails its test instead of hanging it.
    public static func run(
        _ name: String, arguments: [String], removing: [String] = [], environment: [String: String] = [:],
        input: String? = nil, timeout: TimeInterval = 120
    ) async throws -> Result {
        let executable = try BuiltExecutable.url(named: name)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    try runBlocking(
                        executable, arguments: arguments, removing: removing, environment: environment, input: input,
                        timeout: timeout)
                })
            }.start()
        }
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], removing: [String], environment: [String: String], input: String?,
        timeout: TimeInterval
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        for key in removing { inherited.removeValue(forKey: key) }
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let watchdog = Watchdog(process)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { watchdog.stop() }
        let data = output.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), timedOut: watchdog.fired.current)
    }

    /// Terminates a process still running at the deadline, and remembers that it did.
    /// `@unchecked Sendable`: Process's `isRunning` and `terminate()` may be called from any thread.
    private final class Watchdog: @unchecked Sendable {
        private let process: Process
        let fired = LockedValue(false)

        init(_ process: Process) { self.process = process }

        func stop() {
            guard process.isRunning else { return }
            fired.withLock { $0 = true }
            process.terminate()
        }
    }
}
