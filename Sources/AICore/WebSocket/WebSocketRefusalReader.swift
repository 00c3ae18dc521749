#if SWIFTAI_NIO
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// How NIO's `NIOTypedHTTPClientUpgradeHandler` ended the WebSocket handshake.
enum WebSocketUpgrade: Sendable {
    /// `101 Switching Protocols` with a valid `Sec-WebSocket-Accept`: the frame codecs and this handler are in place.
    case upgraded(WebSocketFrameHandler)
    /// Any other answer: ``WebSocketRefusalReader`` is reading it.
    case refused
}

/// Turns a refused WebSocket upgrade into the ``APIError`` of its status, headers and body, so a 401 keeps the
/// server's message.
///
/// NIO's typed upgrade handler doesn't fail on a refusal: it runs its "not upgrading" initializer (which adds this
/// handler), then passes the response head, and the body after it, down the pipeline. The head and up to 64 KiB of
/// body are kept; the handshake fails with them at the end of the response (or when the connection closes first).
final class WebSocketRefusalReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// The most of a refusal's body kept for its error.
    static let maxErrorBody = 64 * 1024

    private let handshake: EventLoopPromise<WebSocketFrameHandler>
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()
    private var finished = false

    init(failing handshake: EventLoopPromise<WebSocketFrameHandler>) {
        self.handshake = handshake
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(var chunk):
            let room = Self.maxErrorBody - body.readableBytes
            if room > 0, var kept = chunk.readSlice(length: min(room, chunk.readableBytes)) { body.writeBuffer(&kept) }
        case .end:
            fail(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(context: context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if head == nil {
            finished = true
            handshake.fail(Self.handshakeFailure(error))
            context.close(promise: nil)
        } else {
            fail(context: context)
        }
    }

    private func fail(context: ChannelHandlerContext) {
        guard !finished else { return }
        finished = true
        if let head {
            handshake.fail(
                APIError.fromResponse(status: Int(head.status.code), headers: HTTPFields(nioHeaders: head.headers), body: Data(body.readableBytesView)))
        } else {
            handshake.fail(Self.closedBeforeAnswer)
        }
        context.close(promise: nil)
    }

    private static let closedBeforeAnswer = APIError(
        kind: .connection, message: "The server closed the connection before answering the WebSocket handshake.")

    /// What a failure of NIO's upgrade (not a refusal: those are read above) means to the caller.
    static func handshakeFailure(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as NIOHTTPClientUpgradeError where error == .upgraderDeniedUpgrade:
            return APIError(
                kind: .invalidResponse, statusCode: 101, message: "The server switched protocols without a valid WebSocket accept.")
        case let error as NIOHTTPClientUpgradeError where error == .responseProtocolNotFound:
            return APIError(kind: .invalidResponse, statusCode: 101, message: "The server switched protocols, but not to WebSocket.")
        // The upgrade handler left a closing pipeline before any answer came.
        case ChannelError.inappropriateOperationForState, ChannelError.eof, ChannelError.ioOnClosedChannel:
            return closedBeforeAnswer
        default:
            return APIError(kind: .connection, message: "The WebSocket handshake failed: \(error)")
        }
    }
}
#endif
