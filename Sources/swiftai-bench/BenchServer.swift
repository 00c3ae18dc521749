import AISandbox
import Foundation

#if os(Linux)
import Glibc
#endif

/// The sandbox in a child process (this same executable with `--serve`), so the benchmark's own CPU time is
/// the client's alone, as an app would see it.
///
/// The protocol over the child's standard input and output is one line each way: the child prints its port,
/// then answers `stream|probe <kind> <events>` (enqueue a benchmark stream, or a latency probe, for the next
/// request) and `behavior <json>` (queue a behavior, as `POST /sandbox/behaviors` takes it) with `ok`.
final class BenchServer {
    let baseURL: String
    private let child: Child
    private let input: FileHandle
    private let output: FileHandle

    init() throws {
        (child, input, output) = try Child.start(Self.executableURL(), arguments: ["--serve"])
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
        child.wait()
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

/// The child process. On Linux it is started with `posix_spawn` rather than Foundation's `Process`, whose launch
/// fails under valgrind (`Bad file descriptor`), where the benchmark's instruction counts are measured.
private struct Child {
    #if os(Linux)
    let pid: pid_t

    static func start(_ executable: URL, arguments: [String]) throws -> (Child, input: FileHandle, output: FileHandle) {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchError("pipe failed: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addclose(&actions, toChild[1])
        posix_spawn_file_actions_addclose(&actions, fromChild[0])
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else { throw BenchError("could not start the sandbox process: \(status)") }
        return (
            Child(pid: pid), FileHandle(fileDescriptor: toChild[1], closeOnDealloc: true),
            FileHandle(fileDescriptor: fromChild[0], closeOnDealloc: true)
        )
    }

    func wait() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
    #else
    let process: Process

    static func start(_ executable: URL, arguments: [String]) throws -> (Child, input: FileHandle, output: FileHandle) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        return (Child(process: process), stdin.fileHandleForWriting, stdout.fileHandleForReading)
    }

    func wait() { process.waitUntilExit() }
    #endif
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
