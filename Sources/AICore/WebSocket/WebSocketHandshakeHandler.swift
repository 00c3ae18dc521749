#if SWIFTAI_NIO
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Sends the HTTP/1.1 upgrade request and reads the answer.
///
/// On `101 Switching Protocols` with the right `Sec-WebSocket-Accept`, it swaps the HTTP codecs for the WebSocket
/// frame codecs and ``WebSocketFrameHandler`` (bytes that came with the 101 go on to the frame decoder). Any other
/// answer fails the handshake with the ``APIError`` of its status and body — the reason NIO's own upgrader is not
/// used: it drops the head of a refused upgrade, and a 401 would lose the server's message.
final class WebSocketHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// The most of a refusal's body kept for its error.
    static let maxErrorBody = 64 * 1024
    private static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    private let requestHead: HTTPRequestHead
    private let key: String
    private let encoder: HTTPRequestEncoder
    private let decoder: ByteToMessageHandler<HTTPResponseDecoder>
    private let makeFrameHandler: () -> WebSocketFrameHandler
    private let maxFrameSize: Int
    private let promise: EventLoopPromise<Void>
    private var response: HTTPResponseHead?
    private var body = ByteBuffer()
    private var finished = false

    init(
        requestHead: HTTPRequestHead, key: String, encoder: HTTPRequestEncoder, decoder: ByteToMessageHandler<HTTPResponseDecoder>,
        maxFrameSize: Int, promise: EventLoopPromise<Void>, makeFrameHandler: @escaping () -> WebSocketFrameHandler
    ) {
        self.requestHead = requestHead
        self.key = key
        self.encoder = encoder
        self.decoder = decoder
        self.maxFrameSize = maxFrameSize
        self.promise = promise
        self.makeFrameHandler = makeFrameHandler
    }

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes, base64.
    static func makeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with (RFC 6455 §4.2.2).
    static func expectedAccept(for key: String) -> String {
        Data(Insecure.SHA1.hash(data: Data((key + acceptGUID).utf8))).base64EncodedString()
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(requestHead)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            response = head
        case .body(var chunk):
            let room = Self.maxErrorBody - body.readableBytes
            if room > 0, var kept = chunk.readSlice(length: min(room, chunk.readableBytes)) { body.writeBuffer(&kept) }
        case .end:
            // The swap happens at the end of the 101 (not at its head): the decoder still delivers the `.end`, and
            // it must reach this handler rather than the frame decoder.
            if let response, response.status == .switchingProtocols {
                upgrade(context: context, head: response)
            } else {
                refuse(context: context)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !finished {
            finished = true
            if response != nil {
                promise.fail(refusal())
            } else {
                promise.fail(APIError(kind: .connection, message: "The server closed the connection before answering the WebSocket handshake."))
            }
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !finished {
            finished = true
            promise.fail(APIError(kind: .connection, message: "The WebSocket handshake failed: \(error)"))
        }
        context.close(promise: nil)
    }

    private func upgrade(context: ChannelHandlerContext, head: HTTPResponseHead) {
        finished = true
        let upgradeHeader = head.headers.first(name: "upgrade")?.lowercased()
        guard upgradeHeader == "websocket", head.headers.first(name: "sec-websocket-accept") == Self.expectedAccept(for: key) else {
            promise.fail(
                APIError(
                    kind: .invalidResponse, statusCode: 101,
                    message: "The server switched protocols without a valid WebSocket accept (Upgrade: \(upgradeHeader ?? "none")).",
                    requestID: APIError.requestID(in: HTTPHeaderFields(head.headers))))
            context.close(promise: nil)
            return
        }
        // The swap runs after the current read, outside the HTTP decoder's decode loop: removing the decoder from
        // inside its own loop left it in the pipeline on a loaded machine, where it then took the first outbound
        // frame. The decoder stops parsing at the 101 and keeps any bytes that follow until it leaves.
        let promise = promise
        let encoder = encoder
        let decoder = decoder
        let maxFrameSize = maxFrameSize
        let makeFrameHandler = makeFrameHandler
        context.eventLoop.assumeIsolated().execute { [self] in
            let pipeline = context.pipeline.syncOperations
            do {
                pipeline.removeHandler(encoder, promise: nil)
                try pipeline.addHandlers(
                    [ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrameSize)), WebSocketFrameEncoder(), makeFrameHandler()],
                    position: .after(self))
                // This handler leaves before the decoder, so the bytes that came after the 101 reach the frame decoder.
                pipeline.removeHandler(context: context, promise: nil)
                let removed = context.eventLoop.makePromise(of: Void.self)
                pipeline.removeHandler(decoder, promise: removed)
                removed.futureResult.assumeIsolated().whenComplete { result in
                    switch result {
                    case .success: promise.succeed(())
                    case .failure(let error):
                        promise.fail(APIError(kind: .connection, message: "Could not switch the connection to WebSocket: \(error)"))
                        context.channel.close(promise: nil)
                    }
                }
            } catch {
                promise.fail(APIError(kind: .connection, message: "Could not switch the connection to WebSocket: \(error)"))
                context.close(promise: nil)
            }
        }
    }

    private func refuse(context: ChannelHandlerContext) {
        finished = true
        promise.fail(refusal())
        context.close(promise: nil)
    }

    private func refusal() -> APIError {
        let head = response
        let status = Int(head?.status.code ?? 0)
        return APIError.fromResponse(status: status, headers: HTTPHeaderFields(head?.headers ?? [:]), body: Data(body.readableBytesView))
    }
}

extension HTTPHeaderFields {
    /// The fields of a NIO header block, in order.
    init(_ headers: HTTPHeaders) {
        self.init()
        for (name, value) in headers { self.add(name: name, value: value) }
    }
}
#endif
