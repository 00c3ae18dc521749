import Crypto
import Foundation
import RelayAppAttest
import RelayCore
import RelayKit
import RelayTestSupport
import SwiftASN1
import SwiftOpenAI
import Testing
import X509

/// App Attest from registration to signed requests, with attestations made under the tests' own root (the relay is
/// configured to trust it instead of Apple's).
@Suite("Relay with App Attest")
struct AppAttestEndToEndTests {
    static let appID = "TEAM123456.com.example.stories"

    /// The SDK's signer protocol, answered by the test device (what `DCAppAttestService` does on a phone).
    struct DeviceSigner: AppAttestSigner {
        let device: TestAppAttestDevice
        var keyID: Data { device.keyID }
        func assertion(clientDataHash: Data) async throws -> Data { try device.assertion(clientDataHash: clientDataHash) }
    }

    static func withAttestingRelay(_ body: (RelayHarness, TestAppAttestDevice) async throws -> Void) async throws {
        let authority = try TestAppAttestAuthority()
        let rootFile = FileManager.default.temporaryDirectory.appendingPathComponent("attest-root-\(UUID().uuidString).pem")
        try authority.rootCertificate.serializeAsPEM().pemString.write(to: rootFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: rootFile) }
        var configuration = RelayConfiguration(host: "127.0.0.1", port: 0)
        configuration.appAttestRootFile = rootFile.path
        try await RelayHarness.with(configuration: configuration, configure: { project in
            project.auth = ProjectAuth(appAttest: AppAttestSettings(appID: appID, allowDevelopment: true))
        }) { relay in
            let device = authority.makeDevice(appID: appID, environment: .development)
            let challenge = try await relay.send(.POST, "/\(relay.project.id)/attest/challenge")
            #expect(challenge.status == 200)
            let challengeText = try #require(
                (try JSONSerialization.jsonObject(with: Data(challenge.body.utf8)) as? [String: String])?["challenge"])
            let attestation = try device.attestation(clientDataHash: Data(SHA256.hash(data: Data(challengeText.utf8))))
            let registration = try JSONSerialization.data(withJSONObject: [
                "keyId": device.keyID.base64EncodedString(), "attestation": attestation.base64EncodedString(),
                "challenge": challengeText,
            ])
            let registered = try await relay.send(
                .POST, "/\(relay.project.id)/attest/register", json: String(decoding: registration, as: UTF8.self))
            #expect(registered.status == 201, "\(registered.body)")
            // The challenge was used up.
            let again = try await relay.send(
                .POST, "/\(relay.project.id)/attest/register", json: String(decoding: registration, as: UTF8.self))
            #expect(again.status == 401 || again.status == 400, "\(again.status) \(again.body)")
            try await body(relay, device)
        }
    }

    @Test("Register a key, then SwiftOpenAI with AppAttestTransport: signed requests pass, a replay is refused")
    func registerAndSign() async throws {
        try await Self.withAttestingRelay { relay, device in
            let service = OpenAIServiceFactory.service(
                apiKey: "", overrideBaseURL: relay.serviceURL(.openai),
                transport: AppAttestTransport(wrapping: DefaultTransport.shared, signer: DeviceSigner(device: device)),
                retryPolicy: .none)
            let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("hi"))], model: .gpt4oMini, maxTokens: 10)
            _ = try await service.startChat(parameters: parameters)
            _ = try await service.startChat(parameters: parameters)
            #expect(relay.sandbox.requests.count == 2)
            #expect(relay.sandbox.requests.allSatisfy { $0.header(AppAttestTransport.assertionHeader) == nil })

            // A captured request replayed as it was: the counter doesn't go up → 401.
            let path = "/\(relay.project.id)/openai/v1/chat/completions"
            let body = Data(RelayHarness.chatJSON.utf8)
            let assertion = try device.assertion(clientData: AppAttestClientData.forRequest(method: "POST", path: path, body: body))
            let headers = [
                (AppAttestHeaders.keyID, device.keyID.base64EncodedString()),
                (AppAttestHeaders.assertion, assertion.base64EncodedString()),
            ]
            #expect(try await relay.send(.POST, path, headers: headers, json: RelayHarness.chatJSON).status == 200)
            #expect(try await relay.send(.POST, path, headers: headers, json: RelayHarness.chatJSON).status == 401)
            // The same assertion over another body (a tampered request) → 401.
            let otherBody = #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"tampered"}],"max_tokens":10}"#
            let fresh = try device.assertion(clientData: AppAttestClientData.forRequest(method: "POST", path: path, body: body))
            #expect(try await relay.send(
                .POST, path, headers: [headers[0], (AppAttestHeaders.assertion, fresh.base64EncodedString())], json: otherBody).status == 401)
            await relay.server.flushUsage()
            let usage = try await relay.store.usage(projectID: relay.project.id, since: .distantPast)
            #expect(usage.allSatisfy { $0.clientKey == "app-attest:\(device.keyID.base64EncodedString())" })
        }
    }
}
