import NIOCore
import NIOHTTP1

/// Drives one keep-alive connection of a load run: sends the request, waits for the whole answer, records it, and
/// sends the next, until its quota or the deadline is reached. One request in flight per connection, as a client
/// awaiting its answer behaves.
final class LoadConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let request: LoadRequest
    private let countEvents: Bool
    private let done: EventLoopPromise<ConnectionOutcome>
    private var outcome = ConnectionOutcome()
    private var deadline: NIODeadline?
    private var sentAt: UInt64 = 0
    private var inFlight = false
    private var sawFirstByte = false
    private var status = 0
    private var closeAfterAnswer = false
    private var lastByteWasNewline = false
    private var completed = false

    init(request: LoadRequest, quota: Int, countEvents: Bool, done: EventLoopPromise<ConnectionOutcome>) {
        self.request = request
        self.countEvents = countEvents
        self.done = done
        outcome.remaining = quota
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let start = event as? LoadStart {
            deadline = start.deadline
            sendNext(context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = Int(head.status.code)
            closeAfterAnswer = !head.isKeepAlive
        case .body(let chunk):
            if !sawFirstByte {
                sawFirstByte = true
                if countEvents { outcome.firstByteTimes.append(elapsed()) }
            }
            outcome.bodyBytes += chunk.readableBytes
            if countEvents { countEventBoundaries(in: chunk) }
        case .end:
            outcome.latencies.append(elapsed())
            outcome.statuses[status, default: 0] += 1
            inFlight = false
            if closeAfterAnswer {
                context.close(promise: nil)
            } else {
                sendNext(context: context)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        complete()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        complete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func sendNext(context: ChannelHandlerContext) {
        guard outcome.remaining > 0, deadline.map({ NIODeadline.now() < $0 }) ?? true else {
            outcome.finished = true
            context.close(promise: nil)
            return
        }
        outcome.remaining -= 1
        inFlight = true
        sawFirstByte = false
        lastByteWasNewline = false
        status = 0
        sentAt = NIODeadline.now().uptimeNanoseconds
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        if request.body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(request.body))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Counts blank lines (`\n\n`), which end server-sent events, carrying the last byte across chunks.
    private func countEventBoundaries(in chunk: ByteBuffer) {
        var previous = lastByteWasNewline
        var count = 0
        for byte in chunk.readableBytesView {
            if byte == UInt8(ascii: "\n") {
                if previous { count += 1 }
                previous = true
            } else if byte != UInt8(ascii: "\r") {
                previous = false
            }
        }
        lastByteWasNewline = previous
        outcome.events += count
    }

    private func elapsed() -> UInt64 {
        NIODeadline.now().uptimeNanoseconds &- sentAt
    }

    private func complete() {
        guard !completed else { return }
        completed = true
        if inFlight {
            outcome.ioErrors += 1
            inFlight = false
        }
        done.succeed(outcome)
    }
}
