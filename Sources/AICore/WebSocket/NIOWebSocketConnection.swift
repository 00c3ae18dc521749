#if SWIFTAI_NIO
import Foundation
import HTTPTypes
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

    func handedOut(bytes: Int) {
        guard received.withLock({ $0.handedOut(bytes: bytes) }) else { return }
        let handler = handler
        let channel = channel
        channel.eventLoop.execute {
            guard let context = try? channel.pipeline.syncOperations.context(handler: handler) else { return }
            handler.resumeReading(context: context)
        }
    }

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
        for field in request.headers where ![HTTPField.Name.upgrade, .connection].contains(field.name) && field.name.canonicalName != "host" {
            headers.add(name: field.name.rawName, value: field.value)
        }
        // NIO's upgrade handler adds `Upgrade`, `Connection`, `Sec-WebSocket-Key` and `Sec-WebSocket-Version`.
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)

        let sslContext = secure ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let (messages, continuation) = AsyncThrowingStream<[WebSocketMessage], any Error>.makeStream()
        let received = LockedValue(WebSocketActivity())
        let group = MultiThreadedEventLoopGroup.singleton
        let eventLoop = group.next()
        // Succeeds with the frame handler once the connection speaks WebSocket; fails with the refusal, a
        // timeout, a cancellation or a broken connection.
        let handshake = eventLoop.makePromise(of: WebSocketFrameHandler.self)
        let upgrader = NIOTypedWebSocketClientUpgrader<WebSocketUpgrade>(
            maxFrameSize: min(options.maxMessageBytes, Int(UInt32.max)), enableAutomaticErrorHandling: false
        ) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                let handler = WebSocketFrameHandler(continuation: continuation, activity: received, options: options, host: host)
                try channel.pipeline.syncOperations.addHandler(handler)
                return .upgraded(handler)
            }
        }
        var upgradeConfiguration = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(upgradeRequestHead: head, upgraders: [upgrader]) { channel in
                // Not a 101: NIO hands the response on down the pipeline, where the refusal reader turns it into
                // the error of its status and body.
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketRefusalReader(failing: handshake))
                    return .refused
                }
            })
        // Bytes right behind the 101 are the server's first frames: they go on to the frame decoder.
        upgradeConfiguration.leftOverBytesStrategy = .forwardBytes
        let pipelineConfiguration = upgradeConfiguration
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
                    let upgrade = try pipeline.configureUpgradableHTTPClientPipeline(configuration: pipelineConfiguration)
                    upgrade.whenComplete { result in
                        switch result {
                        case .success(.upgraded(let handler)): handshake.succeed(handler)
                        case .success(.refused): break  // the refusal reader fails the handshake at the answer's end
                        case .failure(let error): handshake.fail(WebSocketRefusalReader.handshakeFailure(error))
                        }
                    }
                }
            }

        let deadline = eventLoop.scheduleTask(in: .nanoseconds(Int64(options.connectTimeout * 1e9))) {
            handshake.fail(APIError(kind: .timeout, message: "The WebSocket handshake with \(host) took longer than \(options.connectTimeout) s."))
        }
        defer { deadline.cancel() }
        let channelBox = LockedValue<(any Channel)?>(nil)
        let frameHandler = LockedValue<WebSocketFrameHandler?>(nil)
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
                    let handler = try await handshake.futureResult.get()
                    frameHandler.withLock { $0 = handler }
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
