import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 server on SwiftNIO: one request reader with limits (413, 400, request timeout), answers
/// written as ``WriteAction``s, optional protocol upgrades (WebSocket). The sandbox and `swiftai webhooks listen`
/// run on it.
public final class HTTPServer: Sendable {
    /// What a client may send.
    public struct Limits: Sendable {
        /// The largest request body taken; a larger one is answered by ``HTTPResponder/refuseTooLarge(_:limit:)``
        /// and its connection closed.
        public var maxBodyBytes: Int
        /// Seconds a connection has to deliver its next request whole after it opened or after the previous
        /// response (0: no limit); then it is closed.
        public var requestTimeout: TimeInterval

        public init(maxBodyBytes: Int = 64 << 20, requestTimeout: TimeInterval = 300) {
            self.maxBodyBytes = maxBodyBytes
            self.requestTimeout = requestTimeout
        }
    }

    /// The port the server listens on.
    public let port: Int
    private let channel: any Channel
    private let connections: OpenConnections

    private init(channel: any Channel, port: Int, connections: OpenConnections) {
        self.channel = channel
        self.port = port
        self.connections = connections
    }

    /// Starts listening on `host`:`port` (0 picks a free port).
    ///
    /// - Parameter upgraders: made for each connection; an upgraded connection leaves the request reader (the
    ///   kit takes it out of the pipeline before the upgrader's own handlers are added).
    /// - Throws: NIO's error when the address can't be bound, ``HTTPServerError/noPort`` when the socket has no port.
    public static func start(
        host: String, port: Int, limits: Limits = Limits(), responder: any HTTPResponder,
        upgraders: @escaping @Sendable () -> [any HTTPServerProtocolUpgrader] = { [] }
    ) async throws -> HTTPServer {
        let connections = OpenConnections()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    let upgraders = upgraders().map { LeavingReaderUpgrader(upgrader: $0) as any HTTPServerProtocolUpgrader }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: upgraders, completionHandler: { _ in }),
                        withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(RequestReader(responder: responder, limits: limits))
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        guard let boundPort = channel.localAddress?.port else {
            try? await channel.close()
            throw HTTPServerError.noPort
        }
        return HTTPServer(channel: channel, port: boundPort, connections: connections)
    }

    /// Returns when the server socket has closed (for a program whose whole job is serving).
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }

    /// Stops listening, then closes every connection still open, as a server that goes away does (a response
    /// still being written ends there).
    ///
    /// Idle keep-alive connections would otherwise stay open on both ends until the client's pool gives up on
    /// them (a minute for AsyncHTTPClient): a test process that starts hundreds of servers then holds thousands of
    /// sockets, and Foundation's `Process.run()` on Linux crashes when the process has about 1,350 descriptors or
    /// more (it copies each `/proc/self/fd` entry's whole 256-byte name, reading past the end of the directory
    /// buffer once it is full).
    public func shutdown() async throws {
        try await channel.close()
        for connection in connections.all {
            try? await connection.close()
        }
    }
}

/// The server's open connections, each removed when it closes.
///
/// `@unchecked Sendable`: the set is touched only under `lock`.
private final class OpenConnections: @unchecked Sendable {
    private var channels: [ObjectIdentifier: any Channel] = [:]
    private let lock = NSLock()

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        lock.withLock { channels[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { self.channels[key] = nil }
        }
    }

    var all: [any Channel] { lock.withLock { Array(channels.values) } }
}

/// Errors starting a server.
public enum HTTPServerError: Error, Sendable {
    /// The server socket was bound but reported no local port.
    case noPort
}

/// An upgrader that first takes the request reader out of the pipeline, so the new protocol's handlers get the
/// connection alone.
private struct LeavingReaderUpgrader: HTTPServerProtocolUpgrader {
    let upgrader: any HTTPServerProtocolUpgrader

    var supportedProtocol: String { upgrader.supportedProtocol }

    var requiredUpgradeHeaders: [String] { upgrader.requiredUpgradeHeaders }

    func buildUpgradeResponse(
        channel: any Channel, upgradeRequest: HTTPRequestHead, initialResponseHeaders: HTTPHeaders
    ) -> EventLoopFuture<HTTPHeaders> {
        upgrader.buildUpgradeResponse(channel: channel, upgradeRequest: upgradeRequest, initialResponseHeaders: initialResponseHeaders)
    }

    func upgrade(context: ChannelHandlerContext, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<Void> {
        do {
            let pipeline = context.pipeline.syncOperations
            pipeline.removeHandler(context: try pipeline.context(handlerType: RequestReader.self), promise: nil)
        } catch {
            return context.eventLoop.makeFailedFuture(error)
        }
        return upgrader.upgrade(context: context, upgradeRequest: upgradeRequest)
    }
}
