import Foundation

/// The PostgreSQL the tests run against, when there is one: `RELAY_TEST_POSTGRES_URL`, or the URL that
/// `Apps/Relay/scripts/start-test-postgres` (and CI's setup) wrote to `<repository root>/.build/test-postgres/url`.
/// Tests that need it are `.enabled(if: TestPostgres.url != nil)`.
public enum TestPostgres {
    public static var url: String? {
        if let url = ProcessInfo.processInfo.environment["RELAY_TEST_POSTGRES_URL"], !url.isEmpty {
            return url
        }
        let file = repositoryRoot.appendingPathComponent(".build/test-postgres/url")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let url = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return url.isEmpty ? nil : url
    }

    /// The repository's root: this file is `<root>/Apps/Relay/Tests/RelayTestSupport/TestPostgres.swift`.
    public static var repositoryRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url
    }

    /// The test database's URL with a schema of its own (created by the first store that opens it), so parallel
    /// tests never see each other's rows. Drop it with `RelayStore.dropPostgresSchema` when done.
    public static func isolatedURL(schema: String) -> String? {
        guard let url else { return nil }
        // A generous connection deadline: the whole suite runs in parallel, on small CI machines too.
        return url + (url.contains("?") ? "&" : "?") + "schema=\(schema)&connect_timeout=30"
    }

    /// A fresh schema name: `t_` and 16 random hex digits.
    public static func uniqueSchemaName() -> String {
        "t_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Restarts the test server (`start-test-postgres --restart`): what a database failover looks like to the relay.
    ///
    /// Run with `system()` on a thread of its own rather than `Process`: in a test process Foundation never saw this
    /// script end (its `terminationHandler` never ran and `isRunning` stayed true), which held the restart tests forever.
    public static func restart() async throws {
        let script = repositoryRoot.appendingPathComponent("Apps/Relay/scripts/start-test-postgres").path
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let thread = Thread {
                continuation.resume(returning: system("'\(script)' --restart"))
            }
            thread.start()
        }
        guard status == 0 else { throw TestPostgresError.restartFailed(status: status) }
    }
}

public enum TestPostgresError: Error, Equatable {
    case restartFailed(status: Int32)
}
