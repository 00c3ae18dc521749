#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
/// How a server's process ended: its exit status, or the signal that stopped it.
public struct MCPProcessExit: Sendable, Hashable, CustomStringConvertible {
    /// The exit status, or the signal's number when ``signaled`` is true.
    public var status: Int32
    /// The process was stopped by a signal (a crash, or `SIGTERM`/`SIGKILL` from ``MCPServer/close()``).
    public var signaled: Bool

    public init(status: Int32, signaled: Bool) {
        self.status = status
        self.signaled = signaled
    }

    public var description: String { signaled ? "was stopped by signal \(status)" : "exited with status \(status)" }
}
#endif
