import AIServerKit
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

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
        let body = JSONText.encode(
            ["id": .string(id), "object": "event", "type": .string(type), "created_at": .int(created), "data": ["id": .string(resourceID)]] as JSON)
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

    func headers(id: String, timestamp: String, body: [UInt8]) -> HTTPHeaders {
        var signed = Array("\(id).\(timestamp).".utf8)
        signed += body
        let signature = Data(HMAC<SHA256>.authenticationCode(for: signed, using: key)).base64EncodedString()
        return [
            "Content-Type": "application/json", "User-Agent": "OpenAI/1.0 (+https://platform.openai.com/docs/webhooks)",
            "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": "v1,\(signature)",
            // One connection per delivery, as a webhook sender's are: nothing waits in a pool between deliveries.
            "Connection": "close",
        ]
    }

    /// The client every sandbox's webhooks go through. It lives as long as the process, so it is never shut down
    /// (AsyncHTTPClient's own `HTTPClient.shared` does the same); unlike that one it follows no redirects (a
    /// webhook sender doesn't), and it dials once: an endpoint that can't be reached is a failed try, retried by
    /// ``deliver(type:resourceID:)`` on its own schedule.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        // The body of an answer: a silent endpoint fails the try rather than holding it.
        configuration.timeout.read = .seconds(10)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// POSTs the body; returns the status once the answer has ended (0 when the endpoint could not be reached, did
    /// not answer within 10 s, or the connection broke before the answer's end).
    private func post(_ body: [UInt8], headers: HTTPHeaders) async -> Int {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers = headers
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await Self.client.execute(request, timeout: .seconds(10))
            for try await _ in response.body {}
            return Int(response.status.code)
        } catch {
            return 0
        }
    }
}
