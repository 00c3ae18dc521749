#if SWIFTAI_NIO
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// A ``WebSocketConnection`` on SwiftNIO: the default off Apple platforms.
///
/// TLS (`wss`) goes through NIOSSL with the system's trust roots and SNI. Writes may come from any task; they
/// are ordered by the channel.
final class NIOWebSocketConnection: WebSocketConnection {
    let messages: AsyncThrowingStream<[WebSocketMessage], any Error>
    private let received: LockedValue<WebSocketActivity>
    private let channel: any Channel
    private let handler: WebSocketFrameHandler
    private let host: String

    var activity: WebSocketActivity { received.withLock { $0 } }

    private init(
        messages: AsyncThrowingStream<[WebSocketMessage], any Error>, received: LockedValue<WebSocketActivity>, channel: any Channel,
        handler: WebSocketFrameHandler, host: String
    ) {
        self.messages = messages
        self.received = received
        self.channel = channel
        self.handler = handler
        self.host = host
    }

    static func connect(_ request: WebSocketRequest, options: WebSocketOptions) async throws -> NIOWebSocketConnection {
        guard let url = WebSocketClient.webSocketURL(request.url), let host = url.host, !host.isEmpty else {
            throw APIError(kind: .invalidRequest, message: "Invalid WebSocket URL: \(request.url.absoluteString)")
        }
        let secure = url.scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }

        var headers = HTTPHeaders()
        headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        for field in request.headers where !["host", "upgrade", "connection"].contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        let key = WebSocketHandshakeHandler.makeKey()
        headers.add(name: "Upgrade", value: "websocket")
        headers.add(name: "Connection", value: "Upgrade")
        headers.add(name: "Sec-WebSocket-Key", value: key)
        headers.add(name: "Sec-WebSocket-Version", value: "13")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)

        let sslContext = secure ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let (messages, continuation) = AsyncThrowingStream<[WebSocketMessage], any Error>.makeStream()
        let received = LockedValue(WebSocketActivity())
        let group = MultiThreadedEventLoopGroup.singleton
        let eventLoop = group.next()
        let handshake = eventLoop.makePromise(of: Void.self)
        let frameHandler = LockedValue<WebSocketFrameHandler?>(nil)
        let bootstrap = ClientBootstrap(group: eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.nanoseconds(Int64(options.connectTimeout * 1e9)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let sslContext {
                        let serverName = host.first?.isNumber == true || host.contains(":") ? nil : host
                        try pipeline.addHandler(NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    }
                    let encoder = HTTPRequestEncoder()
                    let decoder = ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes))
                    try pipeline.addHandlers([encoder, decoder])
                    try pipeline.addHandler(
                        WebSocketHandshakeHandler(
                            requestHead: head, key: key, encoder: encoder, decoder: decoder, maxFrameSize: options.maxMessageBytes,
                            promise: handshake
                        ) {
                            let handler = WebSocketFrameHandler(continuation: continuation, activity: received, options: options, host: host)
                            frameHandler.withLock { $0 = handler }
                            return handler
                        })
                }
            }

        let deadline = eventLoop.scheduleTask(in: .nanoseconds(Int64(options.connectTimeout * 1e9))) {
            handshake.fail(APIError(kind: .timeout, message: "The WebSocket handshake with \(host) took longer than \(options.connectTimeout) s."))
        }
        defer { deadline.cancel() }
        let channelBox = LockedValue<(any Channel)?>(nil)
        do {
            try await withTaskCancellationHandler {
                let channel: any Channel
                do {
                    channel = try await bootstrap.connect(host: host, port: port).get()
                } catch {
                    handshake.fail(error)
                    throw APIError(kind: .connection, message: "Could not connect to \(host):\(port): \(error)")
                }
                channelBox.withLock { $0 = channel }
                if Task.isCancelled { handshake.fail(CancellationError()) }
                do {
                    try await handshake.futureResult.get()
                } catch {
                    channel.close(promise: nil)
                    throw error
                }
            } onCancel: {
                handshake.fail(CancellationError())
                channelBox.withLock { $0 }?.close(promise: nil)
            }
        } catch let error as APIError {
            continuation.finish()
            throw error
        } catch is CancellationError {
            continuation.finish()
            throw APIError(kind: .cancelled, message: "Connecting to \(host) was cancelled.")
        } catch {
            continuation.finish()
            throw APIError(kind: .connection, message: "The WebSocket handshake with \(host) failed: \(error)")
        }
        guard let channel = channelBox.withLock({ $0 }), let handler = frameHandler.withLock({ $0 }) else {
            throw APIError(kind: .connection, message: "The WebSocket connection to \(host) ended during the handshake.")
        }
        // A reader cancelled while waiting for messages ends the connection.
        continuation.onTermination = { termination in
            if case .cancelled = termination { channel.close(promise: nil) }
        }
        return NIOWebSocketConnection(messages: messages, received: received, channel: channel, handler: handler, host: host)
    }

    func send(text: String) async throws {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        let handler = handler
        let host = host
        channel.eventLoop.execute {
            let frameHandler = handler
            guard !frameHandler.closeSent, let context = try? self.channel.pipeline.syncOperations.context(handler: frameHandler) else {
                promise.fail(APIError(kind: .connection, message: "The WebSocket session with \(host) is closed."))
                return
            }
            var data = context.channel.allocator.buffer(capacity: text.utf8.count)
            data.writeString(text)
            frameHandler.write(WebSocketFrame(fin: true, opcode: .text, data: data), context: context, promise: promise)
        }
        do {
            try await promise.futureResult.get()
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(kind: .connection, message: "Could not send on the WebSocket session with \(host): \(error)")
        }
    }

    func close(code: UInt16, reason: String) async {
        let handler = handler
        channel.eventLoop.execute {
            let frameHandler = handler
            if let context = try? self.channel.pipeline.syncOperations.context(handler: frameHandler) {
                frameHandler.close(code: WebSocketErrorCode(codeNumber: Int(code)), reason: reason, context: context)
            } else {
                self.channel.close(promise: nil)
            }
        }
        try? await channel.closeFuture.get()
    }
}
#endif
