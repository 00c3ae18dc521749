import AIServerKit
import ArgumentParser
import Foundation
import HTTPTypes
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
                let server = try await HTTPServer.start(
                    host: host, port: port, limits: HTTPServer.Limits(maxBodyBytes: WebhookListener.maxBody, requestTimeout: 300),
                    responder: WebhookListener(webhooks: webhooks, path: path))
                out("listening on http://\(host):\(server.port)\(path ?? "/")")
                try await server.waitUntilClosed()
            }
        }
    }
}

/// Verifies one webhook delivery per request and prints what it carried (on the server kit: its request reader
/// refuses a body over ``maxBody`` with 413).
struct WebhookListener: HTTPResponder {
    /// The most of a body taken (OpenAI's events are small).
    static let maxBody = 1 << 20
    let webhooks: OpenAIWebhooks
    let path: String?

    func respond(to request: ServerRequest) -> any ResponseWrites {
        let (status, text) = answer(request)
        return CompleteResponse(
            status: status, headerFields: [.contentType: "text/plain; charset=utf-8"], body: Array(text.utf8),
            keepAlive: request.keepAlive)
    }

    func refuseTooLarge(_ request: ServerRequest, limit: Int) -> any ResponseWrites {
        printError("refused: the body is larger than \(limit) bytes")
        return CompleteResponse(
            status: .contentTooLarge, headerFields: [.contentType: "text/plain; charset=utf-8"], body: Array("Too large.".utf8),
            keepAlive: false)
    }

    private func answer(_ request: ServerRequest) -> (HTTPResponse.Status, String) {
        guard request.method == .post else { return (.methodNotAllowed, "POST webhooks here.") }
        if let path, request.path != path { return (.notFound, "Not found.") }
        var headers: [String: String] = [:]
        for field in request.headerFields { headers[field.name.canonicalName] = field.value }
        do {
            let event = try webhooks.unwrap(payload: request.body, headers: headers)
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
}
