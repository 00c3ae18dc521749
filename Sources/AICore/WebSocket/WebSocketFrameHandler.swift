#if SWIFTAI_NIO
import Foundation
import NIOCore
import NIOWebSocket

/// The client side of an upgraded connection: joins fragments into messages, answers pings, keeps the connection
/// alive with its own pings, and runs the closing handshake.
///
/// `@unchecked Sendable`: the connection holds it to reach it from other tasks, but every use of its state is on the
/// channel's event loop.
///
/// It holds a slow reader's backlog to ``WebSocketActivity/pauseAboveBytes``: past that it stops passing the
/// channel's reads on (the server is then held back by TCP flow control) until the reader has taken most of it.
final class WebSocketFrameHandler: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let continuation: AsyncThrowingStream<[WebSocketMessage], any Error>.Continuation
    /// The messages of the current read, handed over together at its end.
    private var batch: [WebSocketMessage] = []
    private var batchBytes = 0
    /// A read the channel asked for while the reader was far behind, passed on when it catches up.
    private var heldRead = false
    /// Shared with the connection: counts and times what arrived.
    private let activity: LockedValue<WebSocketActivity>
    private let options: WebSocketOptions
    private let host: String
    /// The message being reassembled from fragments.
    private var fragments: (opcode: WebSocketOpcode, data: ByteBuffer)?
    /// The closing handshake was started by this side (a server close is then the expected answer).
    private(set) var closeSent = false
    private var finished = false
    private var pingTask: Scheduled<Void>?
    private var pongDeadline: Scheduled<Void>?
    private var closeDeadline: Scheduled<Void>?

    init(
        continuation: AsyncThrowingStream<[WebSocketMessage], any Error>.Continuation, activity: LockedValue<WebSocketActivity>,
        options: WebSocketOptions, host: String
    ) {
        self.continuation = continuation
        self.activity = activity
        self.options = options
        self.host = host
    }

    func handlerAdded(context: ChannelHandlerContext) {
        schedulePing(context: context)
    }

    /// Sends a ping every ``WebSocketOptions/pingInterval`` seconds (each one scheduled when the previous fires).
    private func schedulePing(context: ChannelHandlerContext) {
        guard options.pingInterval > 0, !finished else { return }
        let interval = TimeAmount.nanoseconds(Int64(options.pingInterval * 1e9))
        pingTask = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { [self] in
            sendPing(context: context)
            schedulePing(context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimers()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            guard fragments == nil else {
                return fail(context: context, code: .protocolError, message: "A new message began before the previous one ended.")
            }
            if frame.fin {
                deliver(opcode: frame.opcode, data: frame.unmaskedData, context: context)
            } else {
                fragments = (frame.opcode, frame.unmaskedData)
            }
        case .continuation:
            guard var message = fragments else {
                return fail(context: context, code: .protocolError, message: "A continuation frame arrived outside a message.")
            }
            var data = frame.unmaskedData
            guard message.data.readableBytes + data.readableBytes <= options.maxMessageBytes else {
                return fail(context: context, code: .messageTooLarge, message: "A message is larger than \(options.maxMessageBytes) bytes.")
            }
            message.data.writeBuffer(&data)
            if frame.fin {
                fragments = nil
                deliver(opcode: message.opcode, data: message.data, context: context)
            } else {
                fragments = message
            }
        case .ping:
            guard !closeSent else { return }
            write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), context: context)
        case .pong:
            pongDeadline?.cancel()
            pongDeadline = nil
        case .connectionClose:
            receivedClose(frame, context: context)
        default:
            fail(context: context, code: .protocolError, message: "The server sent a frame with an unknown opcode.")
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushBatch()
        context.fireChannelReadComplete()
    }

    /// Hands the messages read so far to the reader, in one piece.
    private func flushBatch() {
        guard !batch.isEmpty else { return }
        let messages = batch
        let bytes = batchBytes
        batch = []
        batchBytes = 0
        _ = activity.withLock { $0.arrived(messages: messages.count, bytes: bytes) }
        continuation.yield(messages)
    }

    /// The channel asks for more bytes: passed on unless the reader is far behind.
    func read(context: ChannelHandlerContext) {
        if activity.withLock({ $0.readingPaused }) {
            heldRead = true
        } else {
            context.read()
        }
    }

    /// The reader caught up: the read held back goes out.
    func resumeReading(context: ChannelHandlerContext) {
        guard heldRead, !activity.withLock({ $0.readingPaused }) else { return }
        heldRead = false
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimers()
        if closeSent {
            finish(nil)
        } else {
            finish(APIError(kind: .connection, message: "The WebSocket connection to \(host) broke without a close frame."))
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            fail(context: context, code: .messageTooLarge, message: "A frame is larger than \(options.maxMessageBytes) bytes.")
        case is NIOWebSocketError:
            fail(context: context, code: .protocolError, message: "The server broke the WebSocket protocol: \(error).")
        default:
            finish(APIError(kind: .connection, message: "The WebSocket connection to \(host) failed: \(error)"))
            context.close(promise: nil)
        }
    }

    /// Starts the closing handshake; the server's close frame (or, after 2 s, a plain close) ends the connection.
    func close(code: WebSocketErrorCode, reason: String, context: ChannelHandlerContext) {
        guard !closeSent, context.channel.isActive else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeString(reason)
        write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data), context: context)
        closeDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { context.close(promise: nil) }
    }

    /// Writes a client frame: every frame a client sends is masked (RFC 6455 §5.3).
    func write(_ frame: WebSocketFrame, context: ChannelHandlerContext, promise: EventLoopPromise<Void>? = nil) {
        var frame = frame
        frame.maskKey = .random()
        context.writeAndFlush(wrapOutboundOut(frame), promise: promise)
    }

    private func deliver(opcode: WebSocketOpcode, data: ByteBuffer, context: ChannelHandlerContext) {
        if batch.isEmpty {
            // Normally the read's end (channelReadComplete) hands the batch over; messages that came with the 101 reach
            // this handler after that read ended, so a flush is also queued behind the current work of the loop.
            context.eventLoop.assumeIsolated().execute { [self] in flushBatch() }
        }
        if opcode == .text {
            guard let text = String(validating: data.readableBytesView, as: UTF8.self) else {
                return fail(context: context, code: .dataInconsistentWithMessage, message: "A text message is not valid UTF-8.")
            }
            batch.append(.text(text))
        } else {
            batch.append(.binary(Data(data.readableBytesView)))
        }
        batchBytes += data.readableBytes
    }

    private func receivedClose(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        var data = frame.unmaskedData
        let code = data.readWebSocketErrorCode()
        let reason = data.readString(length: data.readableBytes) ?? ""
        if closeSent {
            finish(nil)
        } else {
            // Echo the close (RFC 6455 §5.5.1), then end: the server ended a session this side did not end.
            closeSent = true
            var echo = context.channel.allocator.buffer(capacity: 2)
            if let code { echo.write(webSocketErrorCode: code) }
            write(WebSocketFrame(fin: true, opcode: .connectionClose, data: echo), context: context)
            let number = code.map { Int(UInt16(webSocketErrorCode: $0)) } ?? 1005
            var error = APIError(
                kind: .closed,
                message: reason.isEmpty ? "The server closed the WebSocket session (code \(number))." : "The server closed the WebSocket session (code \(number)): \(reason)")
            error.closeCode = number
            finish(error)
        }
        context.close(promise: nil)
    }

    private func sendPing(context: ChannelHandlerContext) {
        guard !closeSent, pongDeadline == nil, context.channel.isActive else { return }
        var data = context.channel.allocator.buffer(capacity: 8)
        data.writeInteger(UInt64(DispatchTime.now().uptimeNanoseconds))
        write(WebSocketFrame(fin: true, opcode: .ping, data: data), context: context)
        let timeout = TimeAmount.nanoseconds(Int64(options.pingTimeout * 1e9))
        let seconds = options.pingTimeout
        pongDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            finish(APIError(kind: .timeout, message: "The WebSocket server at \(host) did not answer a ping within \(seconds) s."))
            context.close(promise: nil)
        }
    }

    /// Ends the connection for a protocol violation: a close frame with `code`, then the error.
    private func fail(context: ChannelHandlerContext, code: WebSocketErrorCode, message: String) {
        close(code: code, reason: String(message.prefix(100)), context: context)
        finish(APIError(kind: .invalidResponse, message: message))
    }

    private func finish(_ error: (any Error)?) {
        guard !finished else { return }
        // Everything that arrived before the end is delivered before it.
        flushBatch()
        finished = true
        pingTask?.cancel()
        pingTask = nil
        pongDeadline?.cancel()
        pongDeadline = nil
        continuation.finish(throwing: error)
    }

    private func stopTimers() {
        pingTask?.cancel()
        pingTask = nil
        pongDeadline?.cancel()
        pongDeadline = nil
        closeDeadline?.cancel()
        closeDeadline = nil
    }
}
#endif
