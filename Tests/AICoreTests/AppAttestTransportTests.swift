#if SWIFTAI_NIO || canImport(CryptoKit)
import AISandbox
#if SWIFTAI_NIO
import Crypto
#else
import CryptoKit
#endif
import Foundation
import HTTPTypes
import SwiftAITestSupport
import Testing

@testable import AICore

/// A software signer: its "assertion" is a marker followed by the client data hash it was asked to sign, so a test
/// can read back from the headers what was signed.
private struct EchoSigner: AppAttestSigner {
    let keyID = Data((0..<32).map { UInt8($0) })

    func assertion(clientDataHash: Data) async throws -> Data {
        Data("signed:".utf8) + clientDataHash
    }
}

private struct FailingSigner: AppAttestSigner {
    struct Refused: Error {}
    let keyID = Data(repeating: 1, count: 32)

    func assertion(clientDataHash: Data) async throws -> Data { throw Refused() }
}

@Suite("App Attest transport: each request signed over what the server receives")
struct AppAttestTransportTests {
    /// The client data rebuilt from the request as the server received it, as the relay rebuilds it.
    private func serverSideClientData(_ recorded: RecordedRequest) -> Data {
        var target = recorded.path
        if !recorded.query.isEmpty {
            target += "?" + recorded.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
        return Data("\(recorded.method) \(target)\n".utf8) + recorded.body
    }

    @Test("the headers carry the key id and an assertion over SHA-256 of method, path with query and body",
          arguments: TransportKind.allCases)
    func signsWhatArrives(kind: TransportKind) async throws {
        let signer = EchoSigner()
        let transport = AppAttestTransport(wrapping: kind.make(), signer: signer)
        try await withSandbox { sandbox in
            let url = try #require(URL(string: sandbox.baseURL.absoluteString + "/v1/embeddings?tenant=a&b=2"))
            let body = Data(#"{"input":"hi","model":"m"}"#.utf8)
            let response = try await transport.send(
                TransportRequest(method: .post, url: url, headers: HTTPFields(["Authorization": "Bearer k", "Content-Type": "application/json"]), body: body),
                headTimeout: 60)
            _ = try await response.body.collect()
            #expect(response.status == 200)

            let recorded = try #require(sandbox.lastRequest)
            #expect(recorded.header(AppAttestTransport.keyIDHeader) == signer.keyID.base64EncodedString())
            let assertion = try #require(recorded.header(AppAttestTransport.assertionHeader).flatMap { Data(base64Encoded: $0) })
            let clientData = serverSideClientData(recorded)
            #expect(clientData == Data("POST /v1/embeddings?tenant=a&b=2\n".utf8) + body)
            #expect(assertion == Data("signed:".utf8) + Data(SHA256.hash(data: clientData)))
        }
        try await transport.shutdown()
    }

    @Test("a request without a body signs the method and path alone")
    func noBody() async throws {
        let transport = AppAttestTransport(wrapping: TransportKind.asyncHTTPClient.make(), signer: EchoSigner())
        try await withSandbox { sandbox in
            let response = try await transport.send(
                TransportRequest(method: .get, url: sandbox.baseURL.appendingPathComponent("v1/models")), headTimeout: 60)
            _ = try await response.body.collect()
            let recorded = try #require(sandbox.lastRequest)
            let assertion = try #require(recorded.header(AppAttestTransport.assertionHeader).flatMap { Data(base64Encoded: $0) })
            #expect(serverSideClientData(recorded) == Data("GET /v1/models\n".utf8))
            #expect(assertion == Data("signed:".utf8) + Data(SHA256.hash(data: Data("GET /v1/models\n".utf8))))
        }
        try await transport.shutdown()
    }

    @Test("a signer's error is thrown and nothing is sent")
    func signerFailure() async throws {
        let transport = AppAttestTransport(wrapping: TransportKind.asyncHTTPClient.make(), signer: FailingSigner())
        try await withSandbox { sandbox in
            await #expect(throws: FailingSigner.Refused.self) {
                _ = try await transport.send(
                    TransportRequest(method: .get, url: sandbox.baseURL.appendingPathComponent("v1/models")), headTimeout: 60)
            }
            #expect(sandbox.requests.isEmpty)
        }
        try await transport.shutdown()
    }
}
#endif
