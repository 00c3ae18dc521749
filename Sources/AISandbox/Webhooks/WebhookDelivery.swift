import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Delivers signed webhook events the way OpenAI does: a JSON `POST` with `webhook-id`, `webhook-timestamp` and
/// `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the `whsec_` secret's bytes),
/// retried a few times when the endpoint fails. Written here, independently of the SDK's verifier.
final class WebhookDelivery: @unchecked Sendable {
    /// One delivery as the endpoint answered it (status 0: no answer).
    struct Attempt: Sendable {
        var eventID: String
        var type: String
        var status: Int
    }

    let url: URL
    private let key: SymmetricKey
    private let lock = NSLock()
    private var counter = 0
    private var attempts: [Attempt] = []
    /// Delays between tries (a real endpoint would get hours; a test gets fractions of a second).
    static let retryDelays: [TimeInterval] = [0.2, 0.5, 1]

    /// - Throws: ``SandboxError/invalidWebhook(_:)`` for a URL that isn't `http://host…`;
    ///   ``SandboxError/invalidWebhookSecret`` for a secret whose key would be empty (`""`, a bare `whsec_`) or
    ///   whose `whsec_` part isn't base64 — an empty HMAC key is one anyone can sign with.
    init(url: URL, secret: String) throws(SandboxError) {
        guard url.scheme == "http", url.host != nil else { throw .invalidWebhook("webhooks need an http:// URL") }
        let bytes = secret.hasPrefix("whsec_") ? Data(base64Encoded: String(secret.dropFirst(6))) : Data(secret.utf8)
        guard let bytes, !bytes.isEmpty else { throw .invalidWebhookSecret }
        self.url = url
        key = SymmetricKey(data: bytes)
    }

    var log: [Attempt] { lock.withLock { attempts } }

    /// Sends `type` about resource `resourceID` (in the background; failures are retried, then recorded).
    func deliver(type: String, resourceID: String) {
        let id = lock.withLock { () -> String in
            counter += 1
            return "evt_sandbox_\(counter)_\(UInt32.random(in: 0...UInt32.max))"
        }
        let created = Int(Date().timeIntervalSince1970)
        let body = JSONText.encode(["id": id, "object": "event", "type": type, "created_at": created, "data": ["id": resourceID]] as [String: Any])
        Task.detached { [self] in
            for (index, delay) in ([0] + Self.retryDelays).enumerated() {
                if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
                // Each try is signed anew with its own timestamp, as OpenAI does; the event id stays.
                let timestamp = String(Int(Date().timeIntervalSince1970))
                let status = await post(body, headers: headers(id: id, timestamp: timestamp, body: body))
                lock.withLock { attempts.append(Attempt(eventID: id, type: type, status: status)) }
                if (200..<300).contains(status) || index == Self.retryDelays.count { return }
            }
        }
    }

    func headers(id: String, timestamp: String, body: [UInt8]) -> [(String, String)] {
        var signed = Array("\(id).\(timestamp).".utf8)
        signed += body
        let signature = Data(HMAC<SHA256>.authenticationCode(for: signed, using: key)).base64EncodedString()
        return [
            ("Content-Type", "application/json"), ("User-Agent", "OpenAI/1.0 (+https://platform.openai.com/docs/webhooks)"),
            ("webhook-id", id), ("webhook-timestamp", timestamp), ("webhook-signature", "v1,\(signature)"),
        ]
    }

    /// POSTs the body; returns the status (0 when the endpoint could not be reached or did not answer in 10 s).
    private func post(_ body: [UInt8], headers: [(String, String)]) async -> Int {
        guard let host = url.host else { return 0 }
        let port = url.port ?? 80
        let path = url.path.isEmpty ? "/" : url.path + (url.query.map { "?" + $0 } ?? "")
        let status = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Int.self)
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(StatusReader(promise: status))
                    }
                }
                .connect(host: host, port: port).get()
            var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: path)
            head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
            head.headers.add(name: "Content-Length", value: String(body.count))
            head.headers.add(name: "Connection", value: "close")
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            let timeout = channel.eventLoop.scheduleTask(in: .seconds(10)) { status.succeed(0) }
            let result = (try? await status.futureResult.get()) ?? 0
            timeout.cancel()
            try? await channel.close()
            return result
        } catch {
            status.succeed(0)
            return 0
        }
    }

    /// Completes with the response's status once the response has ended (0 if the connection closes first).
    private final class StatusReader: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        private let promise: EventLoopPromise<Int>
        private var status = 0

        init(promise: EventLoopPromise<Int>) { self.promise = promise }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): status = Int(head.status.code)
            case .body: break
            case .end: promise.succeed(status)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.succeed(0)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise.succeed(0)
            context.close(promise: nil)
        }
    }
}
