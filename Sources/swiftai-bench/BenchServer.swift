import AISandbox
import Foundation

/// The sandbox in a child process (this same executable with `--serve`), so the benchmark's own CPU time is
/// the client's alone, as an app would see it.
///
/// The protocol over the child's standard input and output is one line each way: the child prints its port,
/// then answers `stream|probe <kind> <events>` (enqueue a benchmark stream, or a latency probe, for the next
/// request) and `behavior <json>` (queue a behavior, as `POST /sandbox/behaviors` takes it) with `ok`.
final class BenchServer {
    let baseURL: String
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle

    init() throws {
        process = Process()
        process.executableURL = Self.executableURL()
        process.arguments = ["--serve"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        let port = Self.readLine(output)
        guard let port, Int(port) != nil else { throw BenchError("the sandbox process did not start (\(port ?? "no output"))") }
        baseURL = "http://127.0.0.1:\(port)"
    }

    /// Makes the server answer the next request with `events` repeated events of `kind`.
    func enqueue(_ kind: BenchmarkStream, events: Int, probe: Bool = false) throws {
        input.write(Data("\(probe ? "probe" : "stream") \(kind.rawValue) \(events)\n".utf8))
        guard Self.readLine(output) == "ok" else { throw BenchError("the sandbox process did not take \(kind)") }
    }

    /// Queues a behavior in the sandbox process (the JSON form of `POST /sandbox/behaviors`).
    func behavior(_ json: String) throws {
        input.write(Data("behavior \(json)\n".utf8))
        guard Self.readLine(output) == "ok" else { throw BenchError("the sandbox process did not take \(json)") }
    }

    func stop() {
        try? input.close()
        process.waitUntilExit()
    }

    /// Runs in the child: serves until standard input closes.
    static func serve() async throws {
        let sandbox = try await Sandbox.start()
        say(String(sandbox.baseURL.port ?? 0))
        while let line = Swift.readLine() {
            if line.hasPrefix("behavior "), let spec = try? SandboxBehaviorSpec(parsing: String(line.dropFirst("behavior ".count))) {
                sandbox.enqueue(spec)
                say("ok")
                continue
            }
            let parts = line.split(separator: " ")
            if parts.count == 3, let kind = BenchmarkStream(rawValue: String(parts[1])), let count = Int(parts[2]) {
                sandbox.enqueue(parts[0] == "probe" ? .latencyProbe(kind, events: count) : .benchmarkStream(kind, events: count))
                say("ok")
            } else {
                say("bad command")
            }
        }
        try await sandbox.shutdown()
    }

    private static func executableURL() -> URL {
        #if os(Linux)
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
    }

    /// Reads one line (blocking; only between measurements).
    private static func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
