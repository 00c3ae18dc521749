#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation
import Logging
import MCP

/// The MCP transport over a child process's pipes: newline-delimited JSON-RPC messages.
///
/// Why not the SDK's `StdioTransport`: it polls a non-blocking descriptor every 10 ms, and when the server's
/// output ends it *finishes* its message stream — the SDK's `Client` then asks for the stream again in a loop
/// that never sleeps, holding a cooperative thread at 100 % until someone disconnects. On a 2-core machine two
/// such loops starve every other task, including the one that would disconnect. Here the output is read by
/// `FileHandle.readabilityHandler` (a dispatch thread, not the cooperative pool), and the end of the output ends
/// the stream with `MCPError.connectionClosed`, which stops the client's loop at once.
actor PipeTransport: Transport {
    nonisolated let logger = Logger(label: "SwiftAIMCP.PipeTransport")
    private let serverOutput: FileHandle
    private let serverInput: FileHandle
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var connected = false

    /// - Parameters:
    ///   - serverOutput: the read end of the server's standard output.
    ///   - serverInput: the write end of the server's standard input.
    init(serverOutput: FileHandle, serverInput: FileHandle) {
        self.serverOutput = serverOutput
        self.serverInput = serverInput
        (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let continuation = self.continuation
        let pending = LineBuffer()
        serverOutput.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                continuation.finish(throwing: MCPError.connectionClosed)
                return
            }
            for line in pending.append(data) where !line.isEmpty { continuation.yield(line) }
        }
    }

    func disconnect() async {
        guard connected else { return }
        connected = false
        serverOutput.readabilityHandler = nil
        continuation.finish(throwing: MCPError.connectionClosed)
    }

    func send(_ data: Data) async throws {
        guard connected else { throw MCPError.connectionClosed }
        var message = data
        message.append(UInt8(ascii: "\n"))
        do {
            try serverInput.write(contentsOf: message)
        } catch {
            throw MCPError.connectionClosed
        }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, any Error> { messages }
}

/// Splits bytes into lines; touched only from the one readability handler, one call at a time.
private final class LineBuffer: @unchecked Sendable {
    private var pending = Data()

    func append(_ data: Data) -> [Data] {
        pending.append(data)
        var lines: [Data] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Data(pending[pending.startIndex..<newline])
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            lines.append(line)
            pending = Data(pending[(newline + 1)...])
        }
        return lines
    }
}
#endif
