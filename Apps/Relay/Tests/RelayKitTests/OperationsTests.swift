import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import RelayCore
import RelayKit
import Testing

/// What an operator uses: health, metrics, the admin API.
@Suite("Relay operations")
struct OperationsTests {
    @Test("/health answers 200; /metrics counts requests and refusals by reason and never shows a secret")
    func healthAndMetrics() async throws {
        try await RelayHarness.with { relay in
            #expect(try await relay.send(.GET, "/health").status == 200)
            _ = try await relay.send(.POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON)
            _ = try await relay.send(.POST, "/\(relay.project.id)/openai/v1/chat/completions", json: RelayHarness.chatJSON)
            let metrics = try await relay.send(.GET, "/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.body.contains(#"relay_requests_total{project="\#(relay.project.id)",provider="openai",status="200"} 1"#))
            #expect(metrics.body.contains(#"relay_rejections_total{reason="unauthenticated"} 1"#))
            #expect(metrics.body.contains("relay_request_duration_seconds_bucket"))
            #expect(metrics.body.contains(#"relay_tokens_total{project="\#(relay.project.id)",direction="output"}"#))
            for secret in [RelayHarness.openAIKey, RelayHarness.bypassToken, relay.project.partialKey] {
                #expect(!metrics.body.contains(secret))
            }
        }
    }

    @Test("The admin API: without the token 401; with it, projects, keys (never read back) and usage")
    func adminAPI() async throws {
        let token = "admin-token-\(UUID().uuidString)"
        let hash = SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
        let configuration = RelayConfiguration(host: "127.0.0.1", port: 0, adminTokenSHA256: hash)
        try await RelayHarness.with(configuration: configuration) { relay in
            #expect(try await relay.send(.GET, "/admin/v1/projects").status == 401)
            #expect(try await relay.send(.GET, "/admin/v1/projects", headers: [("authorization", "Bearer wrong")]).status == 401)
            let auth = [("authorization", "Bearer \(token)")]
            let list = try await relay.send(.GET, "/admin/v1/projects", headers: auth)
            #expect(list.status == 200)
            #expect(list.body.contains(relay.project.id))
            #expect(!list.body.contains(RelayHarness.bypassToken), "the bypass token is not read back")
            let created = try await relay.send(
                .POST, "/admin/v1/projects", headers: auth,
                json: #"{"id":"made-by-api","partialKey":"","upstreams":[{"provider":"openai","baseURL":"\#(relay.sandbox.baseURL.absoluteString)"}],"projectLimits":{"allowedEndpoints":["POST /v1/chat/completions"]},"clientLimits":{"allowedEndpoints":["POST /v1/chat/completions"]},"auth":{"clientTokenKeys":[],"allowPartialKeyOnly":true},"createdAt":"2026-11-27T00:00:00Z"}"#)
            #expect(created.status == 201, "\(created.body)")
            let partialKey = try #require(
                (try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])?["partialKey"] as? String)
            #expect(partialKey.hasPrefix("pk-"))
            let setKey = try await relay.send(.PUT, "/admin/v1/projects/made-by-api/keys/openai", headers: auth, json: #"{"key":"sk-set-through-admin"}"#)
            #expect(setKey.status == 204)
            let keys = try await relay.send(.GET, "/admin/v1/projects/made-by-api/keys", headers: auth)
            #expect(keys.body == #"["openai"]"#)
            let chat = try await relay.send(
                .POST, "/made-by-api/openai/v1/chat/completions", headers: [("aiproxy-partial-key", partialKey)], json: RelayHarness.chatJSON)
            #expect(chat.status == 200, "\(chat.body)")
            #expect(relay.sandbox.lastRequest?.header("authorization") == "Bearer sk-set-through-admin")
            let usage = try await relay.send(.GET, "/admin/v1/usage?project=made-by-api", headers: auth)
            #expect(usage.status == 200)
            #expect(usage.body.contains(#""requests":1"#), "\(usage.body)")
            #expect(try await relay.send(.DELETE, "/admin/v1/projects/made-by-api", headers: auth).status == 204)
            #expect(try await relay.send(.POST, "/made-by-api/openai/v1/chat/completions", headers: [("aiproxy-partial-key", partialKey)], json: RelayHarness.chatJSON).status == 404)
        }
    }
}
