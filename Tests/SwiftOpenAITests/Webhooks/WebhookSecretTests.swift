import Foundation
import SwiftOpenAI
import Testing

/// An empty secret would be an empty HMAC key that anyone can sign with: it is refused everywhere, with a typed error.
@Suite("Webhook secrets that can't be keys")
struct WebhookSecretTests {
    /// `""` and a bare `whsec_` are empty keys; the third isn't base64.
    static let unusable = ["", "whsec_", "whsec_%%%not base64%%%"]
    static let payload = #"{"id": "evt_1", "object": "event", "created_at": 1719168000, "type": "response.completed", "data": {"id": "resp_1"}}"#

    /// Headers of a delivery made now, with some signature (what matters is that no secret above checks it).
    static func headers() -> [String: String] {
        [
            "webhook-id": "wh_1", "webhook-timestamp": String(Int(Date().timeIntervalSince1970)),
            "webhook-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        ]
    }

    @Test("verifySignature, unwrap and signature refuse an empty, bare or non-base64 secret with invalidSecret", arguments: WebhookSecretTests.unusable)
    func refusedWhenUsed(secret: String) throws {
        let webhooks = OpenAIWebhooks(secret: secret)
        #expect(throws: WebhookVerificationError.invalidSecret) { try webhooks.verifySignature(payload: Self.payload, headers: Self.headers()) }
        #expect(throws: WebhookVerificationError.invalidSecret) {
            try webhooks.verifySignature(payload: Data(Self.payload.utf8), headers: Self.headers())
        }
        #expect(throws: WebhookVerificationError.invalidSecret) { _ = try webhooks.unwrap(payload: Self.payload, headers: Self.headers()) }
        #expect(throws: WebhookVerificationError.invalidSecret) { _ = try webhooks.unwrap(payload: Data(Self.payload.utf8), headers: Self.headers()) }
        // Nothing can be signed with it either, so no delivery "signed" with an empty key can be made to match.
        #expect(throws: WebhookVerificationError.invalidSecret) { _ = try webhooks.signature(payload: Data(Self.payload.utf8), id: "wh_1", timestamp: 1) }
    }

    @Test("init(validatingSecret:) refuses an unusable secret at once and takes a good one", arguments: WebhookSecretTests.unusable)
    func refusedAtStart(secret: String) throws {
        #expect(throws: WebhookVerificationError.invalidSecret) { _ = try OpenAIWebhooks(validatingSecret: secret) }
        let good = "whsec_" + Data("a real secret".utf8).base64EncodedString()
        let webhooks = try OpenAIWebhooks(validatingSecret: good)
        let timestamp = Int(Date().timeIntervalSince1970)
        let signature = try webhooks.signature(payload: Data(Self.payload.utf8), id: "wh_1", timestamp: timestamp)
        let event = try webhooks.unwrap(
            payload: Self.payload, headers: ["webhook-id": "wh_1", "webhook-timestamp": String(timestamp), "webhook-signature": signature])
        #expect(event.type == "response.completed")
        // Plain text (no prefix) stays a usable secret, as the official SDKs take it.
        _ = try OpenAIWebhooks(validatingSecret: "plain-secret")
    }

    @Test("the error says what is wrong in plain words")
    func plainWords() {
        let text = "\(WebhookVerificationError.invalidSecret)"
        #expect(text.contains("empty or malformed"))
        #expect(text.contains("whsec_ followed by base64"))
    }

    @Test("swiftai webhooks listen refuses an empty or bare secret with a message and a non-zero exit, before listening")
    func listenerRefuses() async throws {
        for (arguments, environment) in [
            (["--secret", "whsec_"], [String: String]()),
            (["--secret", ""], [:]),
            ([], ["OPENAI_WEBHOOK_SECRET": ""]),
            (["--secret", "whsec_%%%"], [:]),
        ] {
            let result = try await SwiftAICommandRunner.run(
                ["webhooks", "listen", "--port", "0"] + arguments, environment: environment, timeout: 60)
            #expect(!result.timedOut, "the listener started with \(arguments) \(environment): \(result.output)")
            #expect(result.status != 0, "\(result.output)")
            #expect(result.output.contains("The webhook secret is empty or malformed"), "\(result.output)")
            #expect(!result.output.contains("listening on"), "\(result.output)")
        }
    }
}
