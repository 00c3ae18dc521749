import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

extension FileHandle {
    /// Everything left to read, up to end of file, read with `read(2)` and retried when a signal interrupts it.
    ///
    /// Foundation's `readDataToEndOfFile()` traps on `EINTR` on Linux; with several tests running child processes at
    /// once, a child's exit signal can interrupt a read at any time, so a test that reads a pipe must not use it.
    public func readToEndRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
