import NIOCore
import NIOHTTP1

/// Answers one connection of the fake upstream: `POST /v1/chat/completions` (plain or streamed), `GET /health`.
///
/// Sits behind NIO's pipelining assistant, so requests on one keep-alive connection are answered one at a time, in
/// order. Stream events are flushed one by one, as a real provider's arrive in separate writes.
final class UpstreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let fixtures: ChatFixtures
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?

    init(fixtures: ChatFixtures) {
        self.fixtures = fixtures
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = nil
        case .body(var chunk):
            if body == nil {
                body = chunk
            } else {
                body!.writeBuffer(&chunk)
            }
        case .end:
            guard let requestHead = head else { return }
            head = nil
            respond(to: requestHead, body: body ?? ByteBuffer(), context: context)
            body = nil
        }
    }

    private func respond(to request: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        let path = request.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.uri
        switch (request.method, path) {
        case (.GET, "/health"):
            sendWhole(fixtures.health, status: .ok, request: request, context: context)
        case (.POST, "/v1/chat/completions"):
            let flags = RequestFlags(body: body)
            if flags.stream {
                sendStream(includeUsage: flags.includeUsage, request: request, context: context)
            } else {
                sendWhole(fixtures.completion, status: .ok, request: request, context: context)
            }
        default:
            sendWhole(ByteBuffer(string: #"{"error":{"message":"not found","type":"invalid_request_error"}}"#),
                      status: .notFound, request: request, context: context)
        }
    }

    private func sendWhole(_ payload: ByteBuffer, status: HTTPResponseStatus, request: HTTPRequestHead,
                           context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(payload.readableBytes))
        let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(payload))), promise: nil)
        finish(request: request, context: context)
    }

    private func sendStream(includeUsage: Bool, request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "text/event-stream; charset=utf-8")
        headers.add(name: "cache-control", value: "no-cache")
        let head = HTTPResponseHead(version: request.version, status: .ok, headers: headers)
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        let events = fixtures.streamEvents
        for event in events.dropLast() {
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(event))), promise: nil)
        }
        if includeUsage {
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(fixtures.usageEvent))), promise: nil)
        }
        if let done = events.last {
            context.write(wrapOutboundOut(.body(.byteBuffer(done))), promise: nil)
        }
        finish(request: request, context: context)
    }

    private func finish(request: HTTPRequestHead, context: ChannelHandlerContext) {
        if request.isKeepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            let promise = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            promise.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
