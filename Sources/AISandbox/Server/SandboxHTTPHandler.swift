import Foundation
import NIOCore
import NIOHTTP1

/// Reads one request at a time, routes it, and writes the (possibly misbehaving) response.
final class SandboxHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: SandboxState
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var writer: ResponseWriter?

    init(state: SandboxState) {
        self.state = state
    }

    func channelActive(context: ChannelHandlerContext) {
        state.connectionOpened()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.connectionClosed()
        writer?.cancel()
        writer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body.clear()
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let components = URLComponents(string: head.uri)
        var request = RecordedRequest(
            method: head.method.rawValue,
            path: components?.path ?? head.uri,
            query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            headers: head.headers.map { ($0.name, $0.value) },
            body: Data(body.readableBytesView))
        if let local = context.channel.localAddress, let ip = local.ipAddress, let port = local.port {
            request.localAddress = (ip.contains(":") ? "[\(ip)]" : ip) + ":\(port)"
        }
        if ControlAPI.isControl(request.path) {
            let actions = ResponseActions(
                plan: ControlAPI.plan(for: request, state: state), behavior: SandboxBehavior(),
                requestID: "req_sandbox_control", keepAlive: head.isKeepAlive)
            start(ResponseWriter(context: context, actions: actions) { [weak self] in self?.writer = nil })
            return
        }
        let (behavior, requestID) = state.receive(request)
        let plan = Router.plan(for: request, state: state)
        let actions = ResponseActions(
            plan: plan, behavior: behavior ?? SandboxBehavior(), requestID: requestID,
            keepAlive: head.isKeepAlive, anthropic: Router.isAnthropic(request),
            responses: request.path.hasSuffix("/responses") || request.path.contains("/responses/"),
            assistants: request.path.hasPrefix("/v1/threads") || request.path.contains("/threads/"))
        start(ResponseWriter(context: context, actions: actions) { [weak self] in self?.writer = nil })
    }

    private func start(_ writer: ResponseWriter) {
        self.writer = writer
        writer.start()
    }
}

/// One step of writing a response.
enum WriteAction {
    case head(HTTPResponseHead)
    case write([UInt8])
    /// Writes the bytes with ``BenchmarkStream/stampPlaceholder`` replaced by the monotonic clock's
    /// nanoseconds at the moment of writing (for latency benchmarks).
    case stamped([UInt8])
    case pause(TimeInterval)
    case stall
    case close
    case end
}

/// Executes write actions in order, each after the previous write has completed (back-pressure).
final class ResponseWriter {
    private let context: ChannelHandlerContext
    private var actions: ResponseActions
    private let onFinish: () -> Void
    private var running = false
    private var pending = false
    private var cancelled = false

    init(context: ChannelHandlerContext, actions: ResponseActions, onFinish: @escaping () -> Void) {
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
        case .head(let head):
            context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
            pending = true
        case .write(let bytes):
            let buffer = context.channel.allocator.buffer(bytes: bytes)
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))))
                .assumeIsolated().whenComplete { _ in self.pump() }
        case .stamped(var bytes):
            BenchmarkStream.stamp(&bytes, nanoseconds: DispatchTime.now().uptimeNanoseconds)
            let buffer = context.channel.allocator.buffer(bytes: bytes)
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))))
                .assumeIsolated().whenComplete { _ in self.pump() }
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
}
