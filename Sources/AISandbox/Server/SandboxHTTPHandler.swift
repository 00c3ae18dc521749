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
    /// The request being refused as too large: its remaining parts are dropped.
    private var refusing = false
    /// Closes a connection whose next request does not arrive whole in time (slow or stalled clients).
    private var requestDeadline: Scheduled<Void>?

    init(state: SandboxState) {
        self.state = state
    }

    func channelActive(context: ChannelHandlerContext) {
        state.connectionOpened()
        armRequestDeadline(context: context)
        context.fireChannelActive()
    }

    /// Leaves the pipeline when the connection becomes a Realtime session (which counts its close itself).
    func handlerRemoved(context: ChannelHandlerContext) {
        requestDeadline?.cancel()
        requestDeadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.connectionClosed()
        requestDeadline?.cancel()
        writer?.cancel()
        writer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body.clear()
            refusing = false
            if let length = requestHead.headers.first(name: "content-length").flatMap(Int.init), length > state.maxBodyBytes {
                refuseTooLarge(requestHead, context: context)
            }
        case .body(var chunk):
            guard !refusing, let head else { return }
            guard body.readableBytes + chunk.readableBytes <= state.maxBodyBytes else {
                refuseTooLarge(head, context: context)
                return
            }
            body.writeBuffer(&chunk)
        case .end:
            guard !refusing, let head else { return }
            self.head = nil
            requestDeadline?.cancel()
            requestDeadline = nil
            respond(to: head, context: context)
        }
    }

    /// Answers 413 in the provider's error shape and closes the connection: the rest of the body is not read.
    private func refuseTooLarge(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        refusing = true
        body.clear()
        requestDeadline?.cancel()
        let path = URLComponents(string: head.uri)?.path ?? head.uri
        let plan = Router.tooLarge(path: path, anthropicVersion: head.headers.first(name: "anthropic-version"), limit: state.maxBodyBytes)
        let actions = ResponseActions(plan: plan, behavior: SandboxBehavior(), requestID: "req_sandbox_too_large", keepAlive: false)
        let writer = ResponseWriter(context: context, actions: actions) { [weak self] in
            self?.writer = nil
            context.close(promise: nil)
        }
        self.writer = writer
        writer.start()
    }

    /// Starts the time a client has to send its next request whole (``SandboxState/requestTimeout``).
    private func armRequestDeadline(context: ChannelHandlerContext) {
        requestDeadline?.cancel()
        let timeout = state.requestTimeout
        guard timeout > 0 else { return }
        requestDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(timeout * 1e9))) { [weak self] in
            guard let self, self.writer == nil else { return }
            context.close(promise: nil)
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
            start(ResponseWriter(context: context, actions: actions) { [weak self] in self?.finished(context: context) })
            return
        }
        let (behavior, requestID) = state.receive(request)
        let plan = Router.plan(for: request, state: state, answer: behavior?.answer)
        let actions = ResponseActions(
            plan: plan, behavior: behavior ?? SandboxBehavior(), requestID: requestID,
            keepAlive: head.isKeepAlive, anthropic: Router.isAnthropic(request),
            responses: request.path.hasSuffix("/responses") || request.path.contains("/responses/"),
            assistants: request.path.hasPrefix("/v1/threads") || request.path.contains("/threads/"))
        start(ResponseWriter(context: context, actions: actions) { [weak self] in self?.finished(context: context) })
    }

    /// A response was written whole: the connection waits for its next request.
    private func finished(context: ChannelHandlerContext) {
        writer = nil
        armRequestDeadline(context: context)
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
