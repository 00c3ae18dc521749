import Foundation

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Runs the built `relay` executable (a dependency of this test target, so it is built with the tests) to its end.
///
/// The waiting happens on a thread of its own, never on Swift's cooperative pool, which has two threads on a 2-core
/// machine. The child's output is read with `read(2)` retried on `EINTR`: Foundation's `readDataToEndOfFile()`
/// traps when another child's exit signal interrupts it.
enum CLIProcess {
    struct Result: Sendable {
        let status: Int32
        let standardOutput: String
        let standardError: String

        /// Everything the run printed, for checks that no secret appears anywhere.
        var allOutput: String { standardOutput + standardError }
    }

    /// Runs `relay arguments` in `directory`, with this process's environment less every `RELAY_` variable, plus
    /// `environment`; `input` is written to its standard input (none: `/dev/null`). A run still going after
    /// `terminateAfter` seconds gets SIGTERM (how `relay serve` is stopped; for other commands, a hang fails its
    /// test instead of hanging it).
    static func relay(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], input: String? = nil,
        terminateAfter timeout: TimeInterval = 120
    ) async throws -> Result {
        let executable = try executableURL()
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    try runBlocking(executable, arguments, directory, environment, input, timeout)
                })
            }.start()
        }
    }

    /// Runs any program (curl, Python, a script) to its end the same way, in the current directory.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], terminateAfter timeout: TimeInterval = 120
    ) async throws -> Result {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    try runBlocking(URL(fileURLWithPath: executable), arguments, directory, environment, nil, timeout)
                })
            }.start()
        }
    }

    private static func runBlocking(
        _ executable: URL, _ arguments: [String], _ directory: URL, _ environment: [String: String], _ input: String?,
        _ timeout: TimeInterval
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RELAY_") }
        // A crash fails its test at once instead of after a long symbolicated backtrace.
        inherited["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let errorText = ErrorCollector(errors.fileHandleForReading.fileDescriptor)
        let outputData = readToEnd(output.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        deadline.cancel()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: errorText.wait())
    }

    /// Standard error read on a thread of its own while standard output is read, so that neither pipe fills up.
    /// `@unchecked Sendable`: `text` is written once by the reading thread before `done` is signalled.
    private final class ErrorCollector: @unchecked Sendable {
        private var text = ""
        private let done = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            Thread {
                self.text = String(decoding: CLIProcess.readToEnd(descriptor), as: UTF8.self)
                self.done.signal()
            }.start()
        }

        func wait() -> String {
            done.wait()
            return text
        }
    }

    fileprivate static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// `relay`, built next to this test bundle (Linux: beside the `.xctest` executable; macOS: a few levels above
    /// `Contents/MacOS`).
    private static func executableURL() throws -> URL {
        let starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            + ([Bundle.main] + Bundle.allBundles).map { $0.bundleURL.deletingLastPathComponent() }
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent("relay")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    FileManager.default.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                directory.deleteLastPathComponent()
            }
        }
        throw RelayNotBuilt(searched: starts.map(\.path))
    }

    struct RelayNotBuilt: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "The relay executable was not found next to the test bundle (searched \(searched.joined(separator: ", ")) and their parents); RelayKitTests must depend on the `relay` target."
        }
    }
}

/// A TCP port on 127.0.0.1 that nothing listens on right now, for `relay serve --port`.
enum FreePort {
    static func find() throws -> Int {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw NoPort() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw NoPort() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct NoPort: Error {}
}
