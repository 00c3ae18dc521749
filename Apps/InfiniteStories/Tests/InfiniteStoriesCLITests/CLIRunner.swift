import Foundation

/// Runs the built `infinite-stories` executable in a home of its own (library, key file and data folders in a
/// temporary directory, no `OPENAI_API_KEY`), so tests never touch the user's files.
struct CLIRunner {
    let home: URL
    var library: URL { home.appendingPathComponent("library", isDirectory: true) }

    init() throws {
        home = FileManager.default.temporaryDirectory
            .appendingPathComponent("infinite-stories-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `infinite-stories arguments… --library <temporary>`; standard output and error are kept apart so
    /// `--json` output parses.
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) async throws -> CLIResult {
        let executable = try Self.executable()
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "OPENAI_API_KEY")
        env.removeValue(forKey: "OPENAI_BASE_URL")
        env["HOME"] = home.path
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        env["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        env.merge(environment) { $1 }
        let fullArguments = arguments + ["--library", library.path]
        let environment = env
        // Waiting for the process happens on a thread of its own: blocking one of the cooperative pool's few
        // threads would stall every other test meanwhile.
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try Self.runBlocking(executable, arguments: fullArguments, environment: environment, input: input)
                })
            }.start()
        }
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String], input: String?
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Standard error is drained on another thread so that neither pipe can fill up and block the program.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// The built executable: next to the test bundle in `.build/<configuration>/`.
    static func executable() throws -> URL {
        let name = "infinite-stories"
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)")
        if FileManager.default.isExecutableFile(atPath: fromSource.path) { return fromSource }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }
}

/// What a run printed and how it ended.
struct CLIResult {
    let status: Int32
    let output: String
    let errors: String

    /// Standard output parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(output.utf8))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the reading thread before `done` is signalled, read after waiting for it.
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
