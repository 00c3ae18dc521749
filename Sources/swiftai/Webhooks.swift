import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SwiftOpenAI

extension SwiftAICommand {
    struct Webhooks: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Receive OpenAI webhooks.", subcommands: [Listen.self])

        struct Listen: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Serve an HTTP endpoint that verifies webhook signatures and prints each verified event.",
                discussion: """
                    Every POST is checked with the endpoint's signing secret (webhook-id, webhook-timestamp and \
                    webhook-signature, five minutes of tolerance): a verified event is printed as one line (type, event \
                    id, resource id) and answered 200; anything else is answered 400 and its reason printed to standard \
                    error. Try it with the sandbox: swiftai sandbox --webhook-url http://127.0.0.1:PORT/ --webhook-secret SECRET.
                    """)

            @Option(help: "The port to listen on (0 picks a free one; the address is printed first).")
            var port = 8090

            @Option(help: "The address to listen on.")
            var host = "127.0.0.1"

            @Option(help: "The signing secret (whsec_…). Default: OPENAI_WEBHOOK_SECRET.")
            var secret: String?

            @Option(help: "Serve only this path (any path when not given).")
            var path: String?

            func run() async throws {
                guard let secret = secret ?? ProcessInfo.processInfo.environment["OPENAI_WEBHOOK_SECRET"] else {
                    throw ValidationError("Pass --secret or set OPENAI_WEBHOOK_SECRET.")
                }
                // An empty key would accept deliveries signed by anyone: refuse it before listening.
                let webhooks: OpenAIWebhooks
                do {
                    webhooks = try OpenAIWebhooks(validatingSecret: secret)
                } catch {
                    throw ValidationError(
                        "The webhook secret is empty or malformed: pass the endpoint's signing secret (whsec_ followed by base64) with --secret or OPENAI_WEBHOOK_SECRET.")
                }
                let path = self.path
                let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                            try channel.pipeline.syncOperations.addHandler(WebhookListenerHandler(webhooks: webhooks, path: path))
                        }
                    }
                    .bind(host: host, port: port).get()
                out("listening on http://\(host):\(channel.localAddress?.port ?? port)\(path ?? "/")")
                try await channel.closeFuture.get()
            }
        }
    }
}

/// Verifies one webhook delivery per request and prints what it carried.
final class WebhookListenerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The most of a body taken (OpenAI's events are small).
    static let maxBody = 1 << 20
    private let webhooks: OpenAIWebhooks
    private let path: String?
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var tooLarge = false

    init(webhooks: OpenAIWebhooks, path: String?) {
        self.webhooks = webhooks
        self.path = path
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
            tooLarge = false
        case .body(var chunk):
            if body.readableBytes + chunk.readableBytes > Self.maxBody { tooLarge = true } else { body.writeBuffer(&chunk) }
        case .end:
            guard let head else { return }
            self.head = nil
            let (status, text) = answer(head)
            respond(status: status, text: text, keepAlive: head.isKeepAlive, context: context)
        }
    }

    private func answer(_ head: HTTPRequestHead) -> (HTTPResponseStatus, String) {
        guard head.method == .POST else { return (.methodNotAllowed, "POST webhooks here.") }
        if let path, URLComponents(string: head.uri)?.path != path { return (.notFound, "Not found.") }
        guard !tooLarge else {
            printError("refused: the body is larger than \(Self.maxBody) bytes")
            return (.payloadTooLarge, "Too large.")
        }
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name.lowercased()] = value }
        do {
            let event = try webhooks.unwrap(payload: Data(body.readableBytesView), headers: headers)
            out(Self.line(for: event))
            return (.ok, "ok")
        } catch {
            printError("refused: \(error)")
            return (.badRequest, "\(error)")
        }
    }

    /// `response.completed evt_… resp_…`: the type, the event id and what the event is about.
    static func line(for event: WebhookEvent) -> String {
        switch event {
        case .realtimeCallIncoming(let call): return "\(event.type) \(call.id) \(call.callID)"
        case .unknown(let type, let raw): return "\(type) \(raw["id"]?.stringValue ?? "-") (unknown type) \(raw["data"].map { "\($0)" } ?? "")"
        case .responseCompleted(let resource), .responseFailed(let resource), .responseCancelled(let resource), .responseIncomplete(let resource),
            .batchCompleted(let resource), .batchFailed(let resource), .batchExpired(let resource), .batchCancelled(let resource),
            .fineTuningJobSucceeded(let resource), .fineTuningJobFailed(let resource), .fineTuningJobCancelled(let resource),
            .evalRunSucceeded(let resource), .evalRunFailed(let resource), .evalRunCanceled(let resource):
            return "\(event.type) \(resource.id) \(resource.resourceID)"
        }
    }

    private func respond(status: HTTPResponseStatus, text: String, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(text.utf8.count))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { done.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
    }
}
