import NIOCore
import NIOHTTP1

/// Performs a response's write actions on its channel's event loop, each write after the previous one completed.
final class ResponseWriter {
    private let context: ChannelHandlerContext
    private var actions: any ResponseWrites
    private let onFinish: () -> Void
    private var running = false
    private var pending = false
    private var cancelled = false

    init(context: ChannelHandlerContext, actions: any ResponseWrites, onFinish: @escaping () -> Void) {
        self.context = context
        self.actions = actions
        self.onFinish = onFinish
    }

    func start() { pump() }

    func cancel() { cancelled = true }

    private func pump() {
        if running {
            pending = true
            return
        }
        running = true
        repeat {
            pending = false
            step()
        } while pending && !cancelled
        running = false
    }

    private func step() {
        guard !cancelled, context.channel.isActive, let action = actions.next() else { return }
        switch action {
        case .head(let response):
            context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(response))), promise: nil)
            pending = true
        case .write(let bytes):
            write(bytes)
        case .writeNow(let make):
            write(make())
        case .pause(let seconds):
            context.flush()
            context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
                self.pump()
            }
        case .stall:
            context.flush()
        case .close:
            context.flush()
            context.close(promise: nil)
        case .end:
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
                .assumeIsolated().whenComplete { _ in self.onFinish() }
        }
    }

    private func write(_ bytes: [UInt8]) {
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))))
            .assumeIsolated().whenComplete { _ in self.pump() }
    }
}
