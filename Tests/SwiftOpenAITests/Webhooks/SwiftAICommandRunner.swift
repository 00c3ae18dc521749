import Foundation

/// Runs the built `swiftai` to its end and returns its exit status and output (standard output and error together).
///
/// The waiting happens on a thread of its own, never on the cooperative pool (two threads on a 2-core machine). A
/// run still going after `timeout` seconds is terminated, so a command that wrongly keeps running (a listener that
/// should have refused to start) fails its test instead of hanging it.
enum SwiftAICommandRunner {
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 120
    ) async throws -> (status: Int32, output: String, timedOut: Bool) {
        let executable = try WebhookListener.swiftai()
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try runBlocking(executable, arguments: arguments, environment: environment, timeout: timeout)
                })
            }.start()
        }
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String], timeout: TimeInterval
    ) throws -> (status: Int32, output: String, timedOut: Bool) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        for key in ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_WEBHOOK_SECRET"] { inherited.removeValue(forKey: key) }
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = Watchdog(process)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { watchdog.stop() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), watchdog.fired)
    }

    /// Terminates a process still running at the deadline, and remembers that it did.
    private final class Watchdog: @unchecked Sendable {
        // @unchecked Sendable: `didFire` is only touched under `lock`; Process's `isRunning` and `terminate()` may be
        // called from any thread.
        private let process: Process
        private let lock = NSLock()
        private var didFire = false

        init(_ process: Process) { self.process = process }

        func stop() {
            guard process.isRunning else { return }
            lock.withLock { didFire = true }
            process.terminate()
        }

        var fired: Bool { lock.withLock { didFire } }
    }
}
