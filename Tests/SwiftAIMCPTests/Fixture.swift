#if SwiftAIMCP
import Foundation
import SwiftAIMCP
import SwiftAITestSupport
import Testing

/// The fixture server (`swiftai-mcp-fixture`, built with the tests) and bounds that keep every test short.
enum Fixture {
    static let executableName = "swiftai-mcp-fixture"

    /// The fixture's path (built with the tests, next to the test bundle: see ``BuiltExecutable``).
    static func executable() throws -> String {
        try BuiltExecutable.url(named: executableName).path
    }

    /// Starts the fixture (with `arguments`, for its failure modes).
    static func launch(_ arguments: [String] = [], timeout: TimeInterval = 10) async throws -> MCPServer {
        try await MCPServer.launch(executable: try executable(), arguments: arguments, name: "fixture", timeout: timeout)
    }
}

/// Whether a process with this id exists (signal 0 checks without sending anything).
func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
}
#endif
