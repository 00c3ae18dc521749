import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Realtime calls")
struct RealtimeCallsTests {
    /// A browser's offer: audio both ways, then a data channel.
    static let offer = [
        "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0 1",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111", "c=IN IP4 0.0.0.0", "a=mid:0", "a=sendrecv", "a=rtcp-mux", "a=rtpmap:111 opus/48000/2",
        "a=setup:actpass", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", "a=mid:1", "a=sctp-port:5000",
    ].joined(separator: "\r\n") + "\r\n"

    @Test("a WebRTC call: the offer as application/sdp, an answer mirroring its media, the id from Location; hang up ends it", arguments: TransportKind.allCases)
    func webRTCCall(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let answer = try await service.createRealtimeCall(parameters: RealtimeCallParameters(sdp: Self.offer))
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST" && request.path == "/v1/realtime/calls")
            #expect(request.header("content-type") == "application/sdp" && request.header("accept") == "application/sdp")
            #expect(String(decoding: request.body, as: UTF8.self) == Self.offer)

            let callID = try #require(answer.callID)
            #expect(answer.location == "/v1/realtime/calls/\(callID)" && callID.hasPrefix("rtc_"))
            let lines = answer.sdp.components(separatedBy: "\r\n")
            #expect(lines.first == "v=0" && lines.contains("a=group:BUNDLE 0 1"))
            #expect(lines.filter { $0.hasPrefix("m=") } == ["m=audio 9 UDP/TLS/RTP/SAVPF 111", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel"])
            #expect(lines.contains("a=rtpmap:111 opus/48000/2") && lines.contains("a=sctp-port:5000") && lines.contains("a=setup:active"))
            #expect(sandbox.realtimeCallStatus(callID) == "active")

            try await service.hangUpRealtimeCall(callID: callID)
            #expect(sandbox.lastRequest?.path == "/v1/realtime/calls/\(callID)/hangup" && sandbox.lastRequest?.body.isEmpty == true)
            #expect(sandbox.realtimeCallStatus(callID) == "ended")
            // A call that has ended can't be hung up again; a WebRTC call can't be accepted.
            let again = await #expect(throws: APIError.self) { try await service.hangUpRealtimeCall(callID: callID) }
            #expect(again?.kind == .badRequest && again?.param == "call_id")
        }
    }

    @Test("a WebRTC call with a session: a multipart form of the sdp and session parts, each with its content type", arguments: TransportKind.allCases)
    func webRTCCallWithSession(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let session = RealtimeSessionConfiguration(model: "gpt-realtime", instructions: "Be brief.")
            let answer = try await service.createRealtimeCall(parameters: RealtimeCallParameters(sdp: Self.offer, session: session))
            #expect(answer.sdp.hasPrefix("v=0\r\n") && answer.callID != nil)
            let request = try #require(sandbox.lastRequest)
            let contentType = try #require(request.header("content-type"))
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            let body = String(decoding: request.body, as: UTF8.self)
            #expect(body.contains("name=\"sdp\"\r\nContent-Type: application/sdp\r\n\r\n" + Self.offer))
            #expect(body.contains("name=\"session\"\r\nContent-Type: application/json\r\n\r\n{\"type\":\"realtime\",\"model\":\"gpt-realtime\",\"instructions\":\"Be brief.\"}"))

            let bad = await #expect(throws: APIError.self) {
                try await service.createRealtimeCall(parameters: RealtimeCallParameters(sdp: "not sdp"))
            }
            #expect(bad?.kind == .badRequest && bad?.param == "sdp")
        }
    }

    @Test("an incoming SIP call: accept with a session, refer, and the errors of wrong states and unknown ids", arguments: TransportKind.allCases)
    func sipCall(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let callID = sandbox.receiveSIPCall()
            #expect(sandbox.realtimeCallStatus(callID) == "incoming")
            let refused = await #expect(throws: APIError.self) { try await service.referRealtimeCall(callID: callID, targetURI: "tel:+14155550123") }
            #expect(refused?.kind == .badRequest)

            let session = RealtimeSessionConfiguration(
                model: "gpt-realtime", instructions: "Answer the phone.",
                audio: RealtimeAudioConfiguration(output: RealtimeAudioOutput(customVoiceID: "voice_123")))
            try await service.acceptRealtimeCall(callID: callID, session: session)
            let accept = try #require(sandbox.lastRequest)
            #expect(accept.path == "/v1/realtime/calls/\(callID)/accept")
            #expect(accept.jsonBody == [
                "type": "realtime", "model": "gpt-realtime", "instructions": "Answer the phone.", "audio": ["output": ["voice": ["id": "voice_123"]]],
            ])
            #expect(sandbox.realtimeCallStatus(callID) == "active")

            try await service.referRealtimeCall(callID: callID, targetURI: "sip:agent@example.com")
            #expect(sandbox.lastRequest?.jsonBody == ["target_uri": "sip:agent@example.com"])
            #expect(sandbox.realtimeCallStatus(callID) == "referred")

            let missing = await #expect(throws: APIError.self) { try await service.rejectRealtimeCall(callID: "rtc_nope") }
            #expect(missing?.kind == .notFound && missing?.statusCode == 404)
        }
    }

    @Test("rejecting an incoming SIP call, with and without a SIP status code", arguments: TransportKind.allCases)
    func reject(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let busy = sandbox.receiveSIPCall()
            try await service.rejectRealtimeCall(callID: busy, statusCode: .busyHere)
            #expect(sandbox.lastRequest?.path == "/v1/realtime/calls/\(busy)/reject")
            #expect(sandbox.lastRequest?.jsonBody == ["status_code": 486])
            #expect(sandbox.realtimeCallStatus(busy) == "rejected")

            let declined = sandbox.receiveSIPCall()
            try await service.rejectRealtimeCall(callID: declined)
            #expect(sandbox.lastRequest?.jsonBody == [:])
            #expect(sandbox.realtimeCallStatus(declined) == "rejected")
            let twice = await #expect(throws: APIError.self) {
                try await service.acceptRealtimeCall(callID: declined, session: RealtimeSessionConfiguration(model: "gpt-realtime"))
            }
            #expect(twice?.kind == .badRequest && twice?.message.contains("rejected") == true)
        }
    }

    @Test("a translation client secret: the session asked for, the secret and session the server made", arguments: TransportKind.allCases)
    func translationSecret(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let secret = try await service.createRealtimeTranslationClientSecret(parameters: RealtimeTranslationClientSecretParameters(
                session: RealtimeTranslationSessionConfiguration(model: "gpt-realtime-translate", targetLanguage: "es"),
                expiresAfter: .init(seconds: 120)))
            #expect(sandbox.lastRequest?.path == "/v1/realtime/translations/client_secrets")
            #expect(sandbox.lastRequest?.jsonBody == [
                "session": ["model": "gpt-realtime-translate", "audio": ["output": ["language": "es"]]],
                "expires_after": ["anchor": "created_at", "seconds": 120],
            ])
            #expect(secret.value.hasPrefix("ek_") && secret.session.type == "translation" && secret.session.id?.hasPrefix("sess_") == true)
            #expect(secret.session.model == "gpt-realtime-translate" && secret.session.audio?.output?.language == "es")
            #expect(!secret.description.contains(secret.value))

            let tooShort = await #expect(throws: APIError.self) {
                try await service.createRealtimeTranslationClientSecret(parameters: .init(
                    session: .init(model: "gpt-realtime-translate"), expiresAfter: .init(seconds: 5)))
            }
            #expect(tooShort?.kind == .badRequest && tooShort?.param == "expires_after.seconds")
        }
    }

    @Test("Azure: calls on the v1 routes only; translation secrets not at all (nothing sent)")
    func azure() async throws {
        try await withSandbox { sandbox in
            let v1 = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "v1", routing: .v1))
            let answer = try await v1.createRealtimeCall(parameters: RealtimeCallParameters(sdp: Self.offer))
            #expect(sandbox.lastRequest?.path == "/openai/v1/realtime/calls" && answer.callID != nil)

            let deployments = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-04-01-preview"))
            let before = sandbox.requests.count
            let calls = await #expect(throws: APIError.self) { try await deployments.hangUpRealtimeCall(callID: "rtc_1") }
            #expect(calls?.kind == .invalidRequest)
            let translation = await #expect(throws: APIError.self) {
                try await v1.createRealtimeTranslationClientSecret(parameters: .init(session: .init(model: "gpt-realtime-translate")))
            }
            #expect(translation?.kind == .invalidRequest)
            #expect(sandbox.requests.count == before)
        }
    }
}
