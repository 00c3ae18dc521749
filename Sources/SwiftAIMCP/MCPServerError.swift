#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation

/// Why an MCP server could not be started or asked something. A tool that ran and reported a failure is not
/// one of these: see ``MCPToolError``.
///
/// Descriptions name the server and quote the end of its standard error (where servers explain themselves), but
/// never its arguments or environment, which often hold tokens.
public enum MCPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No executable file at the path, or none of that name on `PATH`.
    case executableNotFound(String)
    /// The process could not be started (e.g. it is not executable).
    case launchFailed(server: String, reason: String)
    /// The process ended before it answered — during initialization or a request. `stderr` is its last output.
    case processExited(server: String, exit: MCPProcessExit, stderr: String)
    /// The server answered `initialize` with an error or with something that is not an answer.
    case initializationFailed(server: String, reason: String, stderr: String)
    /// No answer to `operation` within `seconds` (the process is still running).
    case timedOut(server: String, operation: String, seconds: TimeInterval, stderr: String)
    /// The server answered a request with a JSON-RPC error (unknown tool, invalid arguments, an internal error).
    case requestFailed(server: String, operation: String, code: Int, message: String)
    /// The server answered with something that is not the answer to `operation` (or gave a list cursor twice).
    case invalidResponse(server: String, operation: String, reason: String)
    /// The connection failed while the process was still running (e.g. its standard input could not be written).
    case transportFailed(server: String, reason: String)
    /// A tool's input schema is not one ``JSONSchema`` can read.
    case invalidToolSchema(server: String, tool: String, reason: String)
    /// Tool arguments must be a JSON object (MCP sends them as named arguments).
    case invalidArguments(tool: String, reason: String)
    /// ``MCPServer/close()`` was called: the server can't be asked anything any more.
    case closed(server: String)

    public var description: String {
        switch self {
        case .executableNotFound(let executable):
            "The MCP server executable \(executable) was not found (or is not executable)."
        case .launchFailed(let server, let reason):
            "The MCP server \(server) could not be started: \(reason)"
        case .processExited(let server, let exit, let stderr):
            "The MCP server \(server) \(exit)." + Self.quote(stderr)
        case .initializationFailed(let server, let reason, let stderr):
            "The MCP server \(server) failed to initialize: \(reason)" + Self.quote(stderr)
        case .timedOut(let server, let operation, let seconds, let stderr):
            "The MCP server \(server) did not answer \(operation) within \(Self.seconds(seconds)) seconds."
                + Self.quote(stderr)
        case .requestFailed(let server, let operation, let code, let message):
            "The MCP server \(server) refused \(operation) (\(code)): \(message)"
        case .invalidResponse(let server, let operation, let reason):
            "The MCP server \(server) answered \(operation) with something unreadable: \(reason)"
        case .transportFailed(let server, let reason):
            "The connection to the MCP server \(server) failed: \(reason)"
        case .invalidToolSchema(let server, let tool, let reason):
            "The MCP server \(server) gave tool \(tool) an input schema that can't be read: \(reason)"
        case .invalidArguments(let tool, let reason):
            "Invalid arguments for \(tool): \(reason)"
        case .closed(let server):
            "The MCP server \(server) was closed."
        }
    }

    private static func quote(_ stderr: String) -> String {
        let trimmed = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "" : " Its standard error ended with:\n\(trimmed)"
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
#endif
