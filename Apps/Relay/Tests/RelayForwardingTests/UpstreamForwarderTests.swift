import AISandbox
import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import RelayCore
import RelayForwarding
import Testing

@Suite("Forwarding to a real upstream")
struct UpstreamForwarderTests {
    @Test("status, headers and body come back; the upstream sees the relay's key, not the client's")
    func forwards() async throws {
        // A client without decompression, as the relay's must be (the shared one asks for gzip).
        let client = HTTPClient()
        do {
            try await forwards(with: client)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    func forwards(with client: HTTPClient) async throws {
        try await Sandbox.withRunning { sandbox in
            let builder = UpstreamRequestBuilder(upstream: Upstream(provider: .openai, baseURL: sandbox.baseURL.absoluteString), providerKey: "sk-relay")
            let headers: HTTPFields = [
                .authorization: "Bearer client-token", .contentType: "application/json", HTTPField.Name("aiproxy-partial-key")!: "pk",
                .acceptEncoding: "gzip",
            ]
            let request = try builder.build(
                method: .post, path: try RequestPath("/v1/chat/completions"), headers: headers, body: ByteBuffer(string: SandboxUpstream.chatBody))
            let forwarder = UpstreamForwarder(httpClient: client, timeout: .seconds(10))
            let response = try await forwarder.send(request)
            #expect(response.status.code == 200)
            #expect(response.headers.first(name: "content-type")?.hasPrefix("application/json") == true)
            let body = try await response.body.collect(upTo: 1 << 20)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
            #expect(json["object"] as? String == "chat.completion")
            let received = try #require(sandbox.lastRequest)
            #expect(received.header("authorization") == "Bearer sk-relay")
            #expect(received.header("aiproxy-partial-key") == nil)
            #expect(received.header("accept-encoding") == nil)
            #expect(received.body == Data(SandboxUpstream.chatBody.utf8))

            sandbox.enqueue(.status(500, message: "boom"), path: "/v1/chat/completions")
            let failing = try await forwarder.send(request)
            #expect(failing.status.code == 500)
            _ = try await failing.body.collect(upTo: 1 << 20)
        }
    }

    @Test("a closed port is upstreamFailed")
    func failures() async throws {
        let closed = try await Sandbox.start()
        let port = closed.port
        try await closed.shutdown()
        let forwarder = UpstreamForwarder(httpClient: .shared, timeout: .seconds(5))
        let unreachable = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/models")
        await #expect(throws: RelayError.upstreamFailed("The upstream could not be reached.")) { try await forwarder.send(unreachable) }
    }
}
