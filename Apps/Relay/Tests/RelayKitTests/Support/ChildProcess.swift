import Foundation

/// Runs a program to its end and returns its exit status and output (stdout and stderr together).
///
/// Output is read with read(2), retried on EINTR: Foundation's `readDataToEndOfFile` traps when a signal
/// interrupts it, which a test process with children running sees.
enum ChildProcess {
    struct Result: Sendable {
        var status: Int32
        var output: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let output = await Task.detached { () -> Data in
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    data.append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            return data
        }.value
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }
}
