#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation
import MCP

/// A Model Context Protocol server running as a child process, spoken to over its standard input and output.
///
/// ```swift
/// let server = try await MCPServer.launch(executable: "npx", arguments: ["-y", "@modelcontextprotocol/server-everything"])
/// let runner = ToolRunner(tools: try await server.tools(prefix: "everything_"))
/// … // run the conversation
/// await server.close()
/// ```
///
/// Call ``close()`` when done: it ends the session and the process. A server that is released without it (the
/// last reference gone, including the tools made by ``tools(prefix:)``, which keep it alive) still stops its
/// process, without waiting: `SIGTERM` at once and `SIGKILL` two seconds later.
public actor MCPServer {
    /// The name given at launch, or the executable's name: used in errors.
    public nonisolated let name: String
    /// The server's own name and version, from its answer to `initialize`.
    public nonisolated let serverName: String
    public nonisolated let serverVersion: String
    /// What the server says about using it, meant for the model's instructions.
    public nonisolated let instructions: String?
    /// The child process's id.
    public nonisolated let processIdentifier: Int32
    /// How long initialization and each list request may take.
    public nonisolated let timeout: TimeInterval

    /// The variables a server inherits from this process (as in the MCP TypeScript and Python SDKs, plus the
    /// locale and the temporary directory).
    public static let inheritedVariables: Set<String> = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "TMPDIR"]

    /// What the client says about itself in `initialize`.
    static let clientName = "SwiftAI"
    static let clientVersion = "1.0.0"

    private let client: Client
    private let process: ServerProcess
    private var isClosed = false

    private init(
        name: String, initialization: Initialize.Result, timeout: TimeInterval, client: Client, process: ServerProcess
    ) {
        self.name = name
        self.serverName = initialization.serverInfo.name
        self.serverVersion = initialization.serverInfo.version
        self.instructions = initialization.instructions
        self.processIdentifier = process.pid
        self.timeout = timeout
        self.client = client
        self.process = process
    }

    deinit {
        // Nobody called close(): stop the process without waiting, and the client's read loop (which would
        // otherwise spin once the process's output ends).
        process.stopDetached()
        Task { [client] in await client.disconnect() }
    }

    /// Starts `executable` and initializes an MCP session with it.
    ///
    /// - Parameters:
    ///   - executable: A path, or a name looked up on `PATH` (the `PATH` of `environment` when it sets one).
    ///   - environment: The server's variables, on top of the few it inherits from this process (see
    ///     ``inheritedVariables``). The rest of this process's environment, API keys included, is not passed on:
    ///     servers are often third-party code.
    ///   - name: The server's name in error messages (default: the executable's file name).
    ///   - timeout: How long initialization, and later each list request, may take.
    /// - Throws: ``MCPServerError``: `executableNotFound`, `launchFailed`, `processExited` (with the exit status
    ///   and the end of standard error), `initializationFailed` or `timedOut`; `CancellationError` if the task is
    ///   cancelled. The process is stopped whenever launching fails.
    public static func launch(
        executable: String, arguments: [String] = [], environment: [String: String]? = nil, name: String? = nil,
        timeout: TimeInterval = 30
    ) async throws -> MCPServer {
        var variables = ProcessInfo.processInfo.environment.filter { inheritedVariables.contains($0.key) }
        if let environment { variables.merge(environment) { _, given in given } }
        guard let url = ExecutableLocator.locate(executable, path: variables["PATH"]) else {
            throw MCPServerError.executableNotFound(executable)
        }
        let name = name ?? url.lastPathComponent
        BrokenPipeSignal.ignoreUnlessHandled()
        let process = try await ServerProcess.start(name: name, executable: url, arguments: arguments, environment: variables)
        let transport = PipeTransport(serverOutput: process.output, serverInput: process.input)
        let client = Client(name: clientName, version: clientVersion)
        // A request waits until its answer comes or the client disconnects: when the process ends, disconnect
        // so every waiting request fails at once (and the client stops reading a closed pipe).
        process.onExit { _ in Task { await client.disconnect() } }
        do {
            let initialization = try await withDeadline(timeout, loser: .abandoned) { try await client.connect(transport: transport) }
            return MCPServer(
                name: name, initialization: initialization, timeout: timeout, client: client, process: process)
        } catch {
            let failure = await launchFailure(error, process: process, timeout: timeout)
            await client.disconnect()
            await process.stop()
            throw failure
        }
    }

    /// What a failed initialization is reported as.
    private static func launchFailure(_ error: any Error, process: ServerProcess, timeout: TimeInterval) async -> any Error {
        if error is CancellationError { return error }
        if let exit = await process.exitExplaining(error) {
            return MCPServerError.processExited(server: process.name, exit: exit, stderr: await process.stderrText())
        }
        let stderr = process.stderr.text
        if error is DeadlineExceeded {
            return MCPServerError.timedOut(server: process.name, operation: "initialize", seconds: timeout, stderr: stderr)
        }
        return MCPServerError.initializationFailed(server: process.name, reason: Self.reason(error), stderr: stderr)
    }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// How the process ended, once it has.
    public var exitStatus: MCPProcessExit? { process.exit.value }

    /// Ends the session and the process: closes its standard input (servers exit on end of file), sends `SIGTERM`
    /// if it is still running half a second later and `SIGKILL` two seconds after that. Returns once the process
    /// has ended. Later calls do nothing; later requests throw ``MCPServerError/closed(server:)``.
    public func close() async {
        guard !isClosed else { return }
        isClosed = true
        await client.disconnect()
        await process.stop()
    }

    /// Sends `request` and waits for its result: at most `seconds` (nil: no limit), and no longer than the
    /// calling task is not cancelled. A request given up on is cancelled on the server too.
    func perform<M: MCP.Method>(
        _ request: Request<M>, operation: String, timeout seconds: TimeInterval?
    ) async throws -> M.Result {
        guard !isClosed else { throw MCPServerError.closed(server: name) }
        let context: RequestContext<M.Result>
        do {
            context = try await client.send(request)
        } catch {
            throw await failure(error, operation: operation, timeout: seconds)
        }
        do {
            return try await withDeadline(seconds, loser: .abandoned) { try await context.value }
        } catch {
            if error is DeadlineExceeded || error is CancellationError {
                // Also ends the abandoned wait: the client resumes it with a cancellation.
                try? await client.cancelRequest(context.requestID, reason: error is DeadlineExceeded ? "timed out" : "cancelled")
            }
            throw await failure(error, operation: operation, timeout: seconds)
        }
    }

    /// What a failed request is reported as: the process's end or the closing explain every error that follows
    /// them (the SDK's are generic, "Client disconnected"); otherwise the server's own error.
    private func failure(_ error: any Error, operation: String, timeout: TimeInterval?) async -> any Error {
        if error is CancellationError { return error }
        if isClosed { return MCPServerError.closed(server: name) }
        if let exit = await process.exitExplaining(error) {
            return MCPServerError.processExited(server: name, exit: exit, stderr: await process.stderrText())
        }
        if error is DeadlineExceeded {
            return MCPServerError.timedOut(
                server: name, operation: operation, seconds: timeout ?? 0, stderr: process.stderr.text)
        }
        if error is DecodingError {
            return MCPServerError.invalidResponse(server: name, operation: operation, reason: Self.reason(error))
        }
        switch error as? MCPError {
        case .transportError(let underlying)?:
            return MCPServerError.transportFailed(server: name, reason: "\(underlying)")
        case let mcpError? where mcpError.isLocalConnectionFailure:
            return MCPServerError.transportFailed(server: name, reason: Self.reason(mcpError))
        case let mcpError?:
            return MCPServerError.requestFailed(
                server: name, operation: operation, code: mcpError.code, message: Self.reason(mcpError))
        case nil:
            return MCPServerError.transportFailed(server: name, reason: Self.reason(error))
        }
    }

    /// An error's text: the SDK's errors describe themselves through `LocalizedError`.
    static func reason(_ error: any Error) -> String {
        if let error = error as? MCPError { return error.errorDescription ?? "\(error)" }
        return "\(error)"
    }
}

extension ServerProcess {
    /// How the process ended, when that is what made a request fail. Errors of the connection itself (a
    /// broken pipe, the SDK's "Client disconnected") may arrive a moment before the exit is known, so for those
    /// it waits a little; an answer from the server (or a timeout) means the process was alive, so no wait.
    func exitExplaining(_ error: any Error) async -> MCPProcessExit? {
        if let ended = exit.value { return ended }
        let connectionLost = (error as? MCPError)?.isLocalConnectionFailure ?? !(error is DeadlineExceeded || error is DecodingError)
        // The exit is reported by Foundation a moment after the pipes close; on a loaded machine that moment
        // can be long, and a lost connection means the process is ending anyway.
        return connectionLost ? await exit.wait(timeout: 3) : nil
    }
}
#endif
