import NIOCore

/// Takes back out of a chat-completions stream what ``ChatUsageInjection`` made the upstream add: the final
/// usage-only chunk (`"choices": []` with a `usage`) and the `"usage": null` member of every other chunk.
///
/// Everything else passes byte for byte, `data: [DONE]` and comments included. Each event is passed on once it is
/// complete (its blank line has arrived), so the client sees whole events with no added delay beyond that; an
/// event longer than the cap is passed through as it arrives, unfiltered.
public struct InjectedUsageChunkFilter: Sendable {
    /// The most bytes of one event held back at once.
    public static let defaultCap = 1 << 20

    private let cap: Int
    /// The bytes of the event being received.
    private var pending: [UInt8] = []
    /// Bytes on the current line (terminator excluded).
    private var lineLength = 0
    /// The previous byte was a CR: an LF now completes the same line ending.
    private var afterCR = false
    /// The event ended with a CR; an LF right after belongs to it.
    private var endedAwaitingLF = false
    /// The current event outgrew the cap and is being passed through as it comes.
    private var passingThrough = false

    public init(cap: Int = defaultCap) {
        self.cap = cap
    }

    /// The bytes of `chunk` to send to the client now (possibly none; held bytes are sent with a later chunk).
    public mutating func filter(_ chunk: ByteBuffer) -> ByteBuffer {
        var output = ByteBuffer()
        chunk.withUnsafeReadableBytes { bytes in
            var segmentStart = 0
            var index = 0
            func take(through end: Int) {
                let piece = UnsafeRawBufferPointer(rebasing: bytes[segmentStart..<end])
                if passingThrough { output.writeBytes(piece) } else { pending.append(contentsOf: piece) }
                segmentStart = end
            }
            while index < bytes.count {
                let byte = bytes[index]
                if endedAwaitingLF {
                    endedAwaitingLF = false
                    afterCR = false
                    if byte == 0x0A {
                        index += 1
                        take(through: index)
                        finishEvent(into: &output)
                        continue
                    }
                    take(through: index)
                    finishEvent(into: &output)
                }
                index += 1
                switch byte {
                case 0x0A where afterCR:
                    afterCR = false
                case 0x0A, 0x0D:
                    afterCR = byte == 0x0D
                    if lineLength == 0 {
                        if byte == 0x0D {
                            endedAwaitingLF = true
                        } else {
                            take(through: index)
                            finishEvent(into: &output)
                        }
                    }
                    lineLength = 0
                default:
                    afterCR = false
                    lineLength += 1
                }
            }
            take(through: bytes.count)
            if !passingThrough, pending.count > cap {
                output.writeBytes(pending)
                pending.removeAll()
                passingThrough = true
            }
        }
        return output
    }

    /// What is still held when the stream ends (an unterminated last event), unchanged.
    public mutating func finish() -> ByteBuffer {
        defer {
            pending.removeAll()
            endedAwaitingLF = false
        }
        if endedAwaitingLF {
            var output = ByteBuffer()
            finishEvent(into: &output)
            return output
        }
        return ByteBuffer(bytes: pending)
    }

    private mutating func finishEvent(into output: inout ByteBuffer) {
        defer {
            pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
            passingThrough = false
        }
        guard !passingThrough else { return }
        switch SSEEventRewrite.rewrite(pending) {
        case .keep:
            output.writeBytes(pending)
        case .drop:
            break
        case .replace(let bytes):
            output.writeBytes(bytes)
        }
    }
}
