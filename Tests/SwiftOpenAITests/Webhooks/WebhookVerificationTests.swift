import AICore
import Foundation
import SwiftOpenAI
import Testing

@Suite("Webhook signatures (Standard Webhooks) and events")
struct WebhookVerificationTests {
    // The Standard Webhooks specification's test vector.
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp = 1_614_265_330
    static let payload = Data(#"{"test": 2432232314}"#.utf8)
    static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    static let now = Date(timeIntervalSince1970: TimeInterval(timestamp) + 10)

    static func headers(id: String = id, timestamp: String = String(timestamp), signature: String = signature) -> [String: String] {
        ["webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature]
    }

    func verify(
        _ webhooks: OpenAIWebhooks = OpenAIWebhooks(secret: secret), payload: Data = payload, headers: [String: String] = headers(),
        now: Date = now, tolerance: TimeInterval = 300
    ) throws {
        try webhooks.verifySignature(payload: payload, headers: headers, tolerance: tolerance, now: now)
    }

    @Test("the specification's vector verifies, and signing reproduces it")
    func officialVector() throws {
        try verify()
        #expect(try OpenAIWebhooks(secret: Self.secret).signature(payload: Self.payload, id: Self.id, timestamp: Self.timestamp) == Self.signature)
        // Header names in any case.
        try verify(headers: ["Webhook-Id": Self.id, "WEBHOOK-TIMESTAMP": String(Self.timestamp), "Webhook-Signature": Self.signature])
    }

    @Test("a changed body, id, timestamp or secret fails with noMatchingSignature")
    func tampering() throws {
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 1)) {
            try verify(payload: Data(#"{"test": 2432232315}"#.utf8))
        }
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 1)) { try verify(headers: Self.headers(id: "msg_other")) }
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 1)) {
            try verify(headers: Self.headers(timestamp: String(Self.timestamp + 1)))
        }
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 1)) {
            try verify(OpenAIWebhooks(secret: "whsec_" + Data("another secret".utf8).base64EncodedString()))
        }
        // The body as text is the same bytes.
        try OpenAIWebhooks(secret: Self.secret).verifySignature(payload: Data(#"{"test": 2432232314}"#.utf8), headers: Self.headers(), tolerance: 300, now: Self.now)
    }

    @Test("timestamps: 300 s either way is accepted, older is tooOld, later is tooNew, text is invalid")
    func timestamps() throws {
        let sent = TimeInterval(Self.timestamp)
        try verify(now: Date(timeIntervalSince1970: sent + 300))
        try verify(now: Date(timeIntervalSince1970: sent - 300))
        #expect(throws: WebhookVerificationError.timestampTooOld(seconds: 301)) { try verify(now: Date(timeIntervalSince1970: sent + 301)) }
        #expect(throws: WebhookVerificationError.timestampTooNew(seconds: 301)) { try verify(now: Date(timeIntervalSince1970: sent - 301)) }
        #expect(throws: WebhookVerificationError.timestampTooOld(seconds: 3_600)) {
            try verify(now: Date(timeIntervalSince1970: sent + 3_600), tolerance: 60)
        }
        #expect(throws: WebhookVerificationError.invalidTimestamp("yesterday")) { try verify(headers: Self.headers(timestamp: "yesterday")) }
        // A real delivery checked against the clock.
        let webhooks = OpenAIWebhooks(secret: Self.secret)
        let fresh = Int(Date().timeIntervalSince1970)
        let signature = try webhooks.signature(payload: Self.payload, id: Self.id, timestamp: fresh)
        try webhooks.verifySignature(payload: Self.payload, headers: Self.headers(timestamp: String(fresh), signature: signature))
        // The vector itself, against the real clock, is years old: a replay.
        #expect {
            try webhooks.verifySignature(payload: Self.payload, headers: Self.headers())
        } throws: { error in
            if case .timestampTooOld = error as? WebhookVerificationError { true } else { false }
        }
    }

    @Test("several signatures: one valid v1 among others is enough; other versions and broken ones are skipped")
    func severalSignatures() throws {
        let valid = String(Self.signature.dropFirst(3))
        try verify(headers: Self.headers(signature: "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,\(valid) \(Self.signature)"))
        try verify(headers: Self.headers(signature: "v1,not-base64! \(Self.signature)  v1,AAAA"))
        try verify(headers: Self.headers(signature: valid))
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 0)) { try verify(headers: Self.headers(signature: "v2,\(valid) v1a,\(valid)")) }
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 2)) {
            try verify(headers: Self.headers(signature: "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v1,\(valid.dropLast(4))AAA="))
        }
    }

    @Test("missing headers, broken secrets and raw secrets are typed; the secret never shows")
    func headersAndSecrets() throws {
        for name in ["webhook-id", "webhook-timestamp", "webhook-signature"] {
            var headers = Self.headers()
            headers[name] = nil
            #expect(throws: WebhookVerificationError.missingHeader(name)) { try verify(headers: headers) }
            headers[name] = ""
            #expect(throws: WebhookVerificationError.missingHeader(name)) { try verify(headers: headers) }
        }
        #expect(throws: WebhookVerificationError.invalidSecret) { try verify(OpenAIWebhooks(secret: "whsec_%%%not base64%%%")) }
        // A secret without the prefix is its UTF-8 bytes, as the official SDKs take it.
        let raw = OpenAIWebhooks(secret: "plain-secret")
        let keyed = OpenAIWebhooks(secret: "whsec_" + Data("plain-secret".utf8).base64EncodedString())
        let signature = try raw.signature(payload: Self.payload, id: Self.id, timestamp: Self.timestamp)
        #expect(try keyed.signature(payload: Self.payload, id: Self.id, timestamp: Self.timestamp) == signature)
        try verify(raw, headers: Self.headers(signature: signature))
        #expect(!String(describing: OpenAIWebhooks(secret: Self.secret)).contains("MfKQ9r8G"))
        #expect(!"\(WebhookVerificationError.invalidSecret)".contains("whsec_%"))
    }

    static func event(_ type: String, data: String = #"{"id": "res_1"}"#) -> Data {
        Data(#"{"id": "evt_1", "object": "event", "created_at": 1719168000, "type": "\#(type)", "data": \#(data)}"#.utf8)
    }

    @Test("every event type decodes to its case with its resource id; unknown and reshaped events stay raw")
    func events() throws {
        let types = [
            "response.completed", "response.failed", "response.cancelled", "response.incomplete", "batch.completed", "batch.failed",
            "batch.expired", "batch.cancelled", "fine_tuning.job.succeeded", "fine_tuning.job.failed", "fine_tuning.job.cancelled",
            "eval.run.succeeded", "eval.run.failed", "eval.run.canceled",
        ]
        let webhooks = OpenAIWebhooks(secret: Self.secret)
        for type in types {
            let payload = Self.event(type)
            let signature = try webhooks.signature(payload: payload, id: "wh_1", timestamp: Self.timestamp)
            let event = try webhooks.unwrap(
                payload: payload, headers: Self.headers(id: "wh_1", signature: signature), tolerance: 300, now: Self.now)
            #expect(event.type == type)
            #expect(event.id == "evt_1")
            if case .unknown = event { Issue.record("\(type) decoded as unknown") }
        }
        let completed = try WebhookEvent.decode(Self.event("response.completed"))
        guard case .responseCompleted(let resource) = completed else { throw CancellationError() }
        #expect(resource.resourceID == "res_1" && resource.createdAt == 1_719_168_000 && resource.object == "event")

        let call = try WebhookEvent.decode(
            Self.event("realtime.call.incoming", data: #"{"call_id": "rtc_1", "sip_headers": [{"name": "From", "value": "sip:+142@example.com"}]}"#))
        guard case .realtimeCallIncoming(let incoming) = call else { throw CancellationError() }
        #expect(incoming.callID == "rtc_1")
        #expect(incoming.sipHeaders.first?.value == "sip:+142@example.com")

        let future = try WebhookEvent.decode(Self.event("vector_store.file.completed"))
        #expect(future.type == "vector_store.file.completed")
        if case .unknown(_, let raw) = future { #expect(raw["data"]?["id"]?.stringValue == "res_1") } else { Issue.record("\(future)") }
        let reshaped = try WebhookEvent.decode(Self.event("batch.completed", data: #""batch_1""#))
        if case .unknown = reshaped {} else { Issue.record("a reshaped batch event decoded: \(reshaped)") }
        #expect(throws: WebhookVerificationError.invalidPayload("not JSON")) { try WebhookEvent.decode(Data("<html>".utf8)) }
        #expect(throws: WebhookVerificationError.invalidPayload("no type")) { try WebhookEvent.decode(Data(#"{"id": "evt_1"}"#.utf8)) }
        // An unverified body is never decoded.
        #expect(throws: WebhookVerificationError.noMatchingSignature(candidates: 1)) {
            _ = try webhooks.unwrap(payload: Self.event("response.completed"), headers: Self.headers(), tolerance: 300, now: Self.now)
        }
    }
}
