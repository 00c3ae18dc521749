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

/// A server's child process: its pipes, its standard error's tail, its exit, and how it is stopped.
///
/// Nothing here blocks a thread: the exit arrives through `Process.terminationHandler`, standard error through
/// a readability handler, and waiting is done on ``Latch``es.
final class ServerProcess: @unchecked Sendable {
    // `@unchecked`: `Process` and `FileHandle` aren't `Sendable`. After `start` the process is only kept (so
    // nothing releases it while Foundation watches it), and the handles are only closed, which Foundation
    // allows from any thread; `stopping` makes sure standard input is closed once.

    /// The name used in error messages.
    let name: String
    let pid: Int32
    /// Our end of the process's standard input (the MCP transport writes here).
    let input: FileHandle
    /// Our end of the process's standard output (the MCP transport reads here).
    let output: FileHandle
    let stderr: StderrTail
    /// Set when the process has ended.
    let exit = Latch<MCPProcessExit>()

    private let process: Process
    private let errorHandle: FileHandle
    private let stopping = LockedValue(false)
    private let exitHandlers = LockedValue<[@Sendable (MCPProcessExit) -> Void]>([])

    private init(name: String, process: Process, input: FileHandle, output: FileHandle, error: FileHandle, stderr: StderrTail) {
        self.name = name
        self.process = process
        self.pid = process.processIdentifier
        self.input = input
        self.output = output
        self.errorHandle = error
        self.stderr = stderr
    }

    /// Starts `executable` with its standard streams on pipes.
    static func start(
        name: String, executable: URL, arguments: [String], environment: [String: String]
    ) async throws(MCPServerError) -> ServerProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderrPipe
        let exit = Latch<MCPProcessExit>()
        process.terminationHandler = { process in
            exit.fulfill(
                MCPProcessExit(
                    status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal))
        }
        do {
            try await SpawnThread.run(process)
        } catch {
            for handle in [stdin.fileHandleForReading, stdin.fileHandleForWriting, stdout.fileHandleForReading,
                stdout.fileHandleForWriting, stderrPipe.fileHandleForReading, stderrPipe.fileHandleForWriting]
            {
                try? handle.close()
            }
            throw .launchFailed(server: name, reason: (error as NSError).localizedDescription)
        }
        // `run()` closed our copies of the child's ends (else the pipes would stay open after it exits) and, on
        // Linux, every other descriptor in the child, so servers launched side by side don't hold each other's.
        let tail = StderrTail()
        tail.drain(stderrPipe.fileHandleForReading)
        let server = ServerProcess(
            name: name, process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading,
            error: stderrPipe.fileHandleForReading, stderr: tail)
        server.watch(exit)
        return server
    }

    /// Whether the process is still running.
    var isRunning: Bool { exit.value == nil }

    /// Runs `handler` once the process has ended (at once if it has).
    func onExit(_ handler: @escaping @Sendable (MCPProcessExit) -> Void) {
        let ended = exitHandlers.withLock { handlers -> MCPProcessExit? in
            if let ended = exit.value { return ended }
            handlers.append(handler)
            return nil
        }
        if let ended { handler(ended) }
    }

    /// Forwards the termination handler's latch to ``exit`` and the exit handlers.
    private func watch(_ terminated: Latch<MCPProcessExit>) {
        Task { [exit, exitHandlers] in
            guard let ended = await terminated.wait() else { return }
            let handlers = exitHandlers.withLock { handlers -> [@Sendable (MCPProcessExit) -> Void] in
                exit.fulfill(ended)
                defer { handlers = [] }
                return handlers
            }
            for handler in handlers { handler(ended) }
        }
    }

    /// The standard error's tail once the process wrote all of it (or after `wait` seconds: another child that
    /// inherited the pipe can keep it open).
    func stderrText(wait: TimeInterval = 0.5) async -> String {
        _ = await stderr.finished.wait(timeout: wait)
        return stderr.text
    }

    /// Stops the process as the MCP stdio transport asks: close its input (a well-behaved server exits on end
    /// of file), then `SIGTERM` after `graceful` seconds, then `SIGKILL` after `terminate` more. Returns once
    /// it has ended; safe to call more than once.
    func stop(graceful: TimeInterval = 0.5, terminate: TimeInterval = 2) async {
        closeInput()
        if await exit.wait(timeout: graceful) == nil {
            signal(SIGTERM)
            if await exit.wait(timeout: terminate) == nil {
                signal(SIGKILL)
                _ = await exit.wait(timeout: 5)
            }
        }
        closeOutputs()
    }

    /// The same without waiting, for a server nobody closed (from a `deinit`): `SIGTERM` now, `SIGKILL` in
    /// `terminate` seconds on a dispatch queue if the process is still there.
    func stopDetached(terminate: TimeInterval = 2) {
        closeInput()
        signal(SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + terminate) { [self] in
            signal(SIGKILL)
            closeOutputs()
        }
    }

    /// Sends `signal` unless the process has ended (its pid may belong to another process by then).
    private func signal(_ number: Int32) {
        guard isRunning else { return }
        _ = kill(pid, number)
    }

    private func closeInput() {
        let first = stopping.withLock { stopping -> Bool in
            defer { stopping = true }
            return !stopping
        }
        if first { try? input.close() }
    }

    /// Closes standard output and error (called after the transport stopped reading).
    private func closeOutputs() {
        try? output.close()
        errorHandle.readabilityHandler = nil
        try? errorHandle.close()
    }
}
#endif
