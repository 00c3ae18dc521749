#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation

/// The last few kilobytes a server wrote to standard error, kept for error messages.
///
/// Standard error must be read all along: a server that fills the pipe (64 KB on Linux) would block on its
/// next log line and stop answering. Only the tail is kept, so a chatty server costs a bounded amount of memory.
final class StderrTail: Sendable {
    /// Bytes kept (the rest is dropped from the front).
    let limit: Int
    private let buffer = LockedValue(Data())
    /// Set when the pipe reached end of file: everything the process wrote is in.
    let finished = Latch<Void>()

    init(limit: Int = 4096) {
        self.limit = limit
    }

    func append(_ data: Data) {
        buffer.withLock { buffer in
            buffer.append(data)
            if buffer.count > limit { buffer = Data(buffer.suffix(limit)) }
        }
    }

    /// The tail as text (invalid UTF-8, as at a cut in the middle of a character, is replaced).
    var text: String { String(decoding: buffer.current, as: UTF8.self) }

    /// Drains `handle` until end of file on a dispatch source (no thread blocks in `read`).
    func drain(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                self?.finished.fulfill(())
            } else {
                self?.append(data)
            }
        }
    }
}
#endif
