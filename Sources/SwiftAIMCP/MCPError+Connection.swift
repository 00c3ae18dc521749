#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import MCP

extension MCPError {
    /// The error was made on this side because the connection is gone, not sent by the server: the SDK resumes
    /// waiting requests with these when it disconnects, and fails new ones with them afterwards.
    var isLocalConnectionFailure: Bool {
        switch self {
        case .transportError, .connectionClosed: true
        case .internalError(let detail): detail == "Client disconnected" || detail == "Client connection not initialized"
        default: false
        }
    }
}
#endif
