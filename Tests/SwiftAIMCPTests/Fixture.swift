#if SwiftAIMCP
import Foundation
import SwiftAIMCP
import Testing

/// The fixture server (`swiftai-mcp-fixture`, built with the tests) and bounds that keep every test short.
enum Fixture {
    static let executableName = "swiftai-mcp-fixture"

    /// The fixture's path: built products sit next to the test bundle (Linux: the `.xctest` executable in the
    /// build directory; macOS: inside `X.xctest/Contents/MacOS`, a few levels further down).
    static func executable() throws -> String {
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent(executableName)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
                directory.deleteLastPathComponent()
            }
        }
        throw FixtureMissing(searched: starts.map(\.path))
    }

    /// Starts the fixture (with `arguments`, for its failure modes).
    static func launch(_ arguments: [String] = [], timeout: TimeInterval = 10) async throws -> MCPServer {
        try await MCPServer.launch(executable: try executable(), arguments: arguments, name: "fixture", timeout: timeout)
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "\(Fixture.executableName) was not found next to the test bundle (searched \(searched.joined(separator: ", ")) "
                + "and their parents); build it with `swift build --build-tests`."
        }
    }
}

/// `body` must finish within `seconds`: a hang fails the test instead of the whole run.
func within<T: Sendable>(
    _ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            Issue.record("did not finish within \(seconds) seconds", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        return value
    }
}

struct TimedOut: Error {}

/// Whether a process with this id exists (signal 0 checks without sending anything).
func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
}
#endif
