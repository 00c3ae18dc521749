import Foundation
import NIOCore
import NIOHTTP1

/// Reads one request at a time within the server's limits and writes its responder's answer: a body over the
/// limit is refused (413, connection closed, the rest unread), a malformed request is 400 (NIO's HTTP error
/// handler), and a connection whose next request does not arrive whole in time is closed.
final class RequestReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: any HTTPResponder
    private let limits: HTTPServer.Limits
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var writer: ResponseWriter?
    /// The request being refused as too large: its remaining parts are dropped.
    private var refusing = false
    /// Closes a connection whose next request does not arrive whole in time (slow or stalled clients).
    private var requestDeadline: Scheduled<Void>?
    /// Whether the connection left HTTP (an upgrade): it is then counted closed by the new protocol's side.
    private var removed = false

    init(responder: any HTTPResponder, limits: HTTPServer.Limits) {
        self.responder = responder
        self.limits = limits
    }

    func channelActive(context: ChannelHandlerContext) {
        responder.connectionOpened()
        armRequestDeadline(context: context)
        context.fireChannelActive()
    }

    /// Leaves the pipeline when the connection is upgraded to another protocol.
    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
        requestDeadline?.cancel()
        requestDeadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        responder.connectionClosed()
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
            if let length = requestHead.headers.first(name: "content-length").flatMap(Int.init), length > limits.maxBodyBytes {
                refuseTooLarge(requestHead, context: context)
            }
        case .body(var chunk):
            guard !refusing, let head else { return }
            guard body.readableBytes + chunk.readableBytes <= limits.maxBodyBytes else {
                refuseTooLarge(head, context: context)
                return
            }
            body.writeBuffer(&chunk)
        case .end:
            guard !refusing, let head else { return }
            self.head = nil
            requestDeadline?.cancel()
            requestDeadline = nil
            guard let request = ServerRequest(head: head, body: Data(body.readableBytesView), channel: context.channel) else {
                // A head swift-http-types can't express (a method token it refuses): the protocol's answer for a
                // method the server doesn't support is 501, then the connection closes.
                start(CompleteResponse(status: .notImplemented, keepAlive: false), context: context) { context.close(promise: nil) }
                return
            }
            start(responder.respond(to: request), context: context) { [weak self] in
                self?.writer = nil
                self?.armRequestDeadline(context: context)
            }
        }
    }

    private func refuseTooLarge(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        refusing = true
        body.clear()
        requestDeadline?.cancel()
        let request = ServerRequest(head: head, body: Data(), channel: context.channel)
            ?? ServerRequest(method: .post, path: head.uri)
        start(responder.refuseTooLarge(request, limit: limits.maxBodyBytes), context: context) { [weak self] in
            self?.writer = nil
            context.close(promise: nil)
        }
    }

    /// Starts the time a client has to send its next request whole.
    private func armRequestDeadline(context: ChannelHandlerContext) {
        requestDeadline?.cancel()
        let timeout = limits.requestTimeout
        guard timeout > 0, !removed else { return }
        requestDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(timeout * 1e9))) { [weak self] in
            guard let self, self.writer == nil else { return }
            context.close(promise: nil)
        }
    }

    private func start(_ actions: any ResponseWrites, context: ChannelHandlerContext, onFinish: @escaping () -> Void) {
        let writer = ResponseWriter(context: context, actions: actions, onFinish: onFinish)
        self.writer = writer
        writer.start()
    }
}
