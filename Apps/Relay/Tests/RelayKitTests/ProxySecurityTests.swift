import AISandbox
import Foundation
import RelayCore
import SwiftOpenAI
import Testing

/// Requests the relay must refuse, each with the right status in the provider's error shape, without reaching the
/// upstream and without a secret in the answer.
@Suite("Relay refusals")
struct ProxySecurityTests {
    @Test("No credentials, a forged or expired token, another project's partial key, a wrong bypass token → 401")
    func unauthenticated() async throws {
        try await RelayHarness.with { relay in
            let path = "/\(relay.project.id)/openai/v1/chat/completions"
            let expired = try await relay.token(lifetime: -60)
            let valid = try await relay.token()
            var forged = valid
            forged.removeLast(4)
            forged += "AAAA"
            let cases: [[(String, String)]] = [
                [],
                [("authorization", "Bearer \(forged)")],
                [("authorization", "Bearer \(expired)")],
                [("aiproxy-partial-key", Project.generatePartialKey()), ("aiproxy-devicecheck-bypass", RelayHarness.bypassToken)],
                [("aiproxy-partial-key", relay.project.partialKey), ("aiproxy-devicecheck-bypass", "not-the-token")],
                [("authorization", "Bearer sk-a-real-looking-openai-key")],
            ]
            for headers in cases {
                let answer = try await relay.send(.POST, path, headers: headers, json: RelayHarness.chatJSON)
                #expect(answer.status == 401, "\(headers.map(\.0))")
                let error = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
                #expect((error["error"] as? [String: Any])?["message"] is String, "OpenAI's error shape")
                for (_, value) in headers { #expect(!answer.body.contains(value), "no credential echoed") }
            }
            #expect(relay.sandbox.requests.isEmpty)
        }
    }

    @Test("An endpoint, a model or a token count outside the limits → 403 in the provider's shape; the SDK sees permissionDenied")
    func forbidden() async throws {
        try await RelayHarness.with(configure: { project in
            project.clientLimits.allowedModels = ["gpt-4o-mini", "claude-haiku-4*"]
            project.clientLimits.maxOutputTokens = 100
        }) { relay in
            let headers = relay.aiproxyHeaders
            let base = "/\(relay.project.id)/openai"
            let deleteFile = try await relay.send(.DELETE, base + "/v1/files/file-123", headers: headers)
            #expect(deleteFile.status == 403)
            let otherModel = try await relay.send(
                .POST, base + "/v1/chat/completions", headers: headers,
                json: #"{"model":"gpt-4.1","messages":[{"role":"user","content":"hi"}],"max_tokens":10}"#)
            #expect(otherModel.status == 403)
            let tooMany = try await relay.send(
                .POST, base + "/v1/chat/completions", headers: headers,
                json: #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"max_tokens":5000}"#)
            #expect(tooMany.status == 403)
            let anthropic = try await relay.send(
                .POST, "/\(relay.project.id)/anthropic/v1/messages", headers: headers,
                json: #"{"model":"claude-opus-4-5","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}"#)
            #expect(anthropic.status == 403)
            #expect(anthropic.body.contains(#""type":"error""#), "Anthropic's error shape: \(anthropic.body)")
            #expect(anthropic.body.contains("permission_error"))

            let service = OpenAIServiceFactory.service(
                aiproxyPartialKey: relay.project.partialKey, aiproxyServiceURL: relay.serviceURL(.openai),
                aiproxyDeviceCheckBypass: RelayHarness.bypassToken)
            await #expect {
                _ = try await service.listFiles()
            } throws: { error in
                (error as? APIError)?.statusCode == 403
            }
            #expect(relay.sandbox.requests.isEmpty)
        }
    }

    @Test("Paths that try to reach another host or climb out of the provider → refused before any upstream request")
    func traversal() async throws {
        try await RelayHarness.with { relay in
            let project = relay.project.id
            for path in [
                "/\(project)/openai/../anthropic/v1/messages", "/\(project)/openai/%2e%2e/%2e%2e/admin/v1/projects",
                "/\(project)/openai//evil.example.com/v1/chat/completions", "/\(project)/openai/v1%2Fchat%2Fcompletions",
                "/\(project)/gemini/v1/chat/completions", "/\(project)/openai@evil.example.com/v1/chat/completions",
                "/other-project/openai/v1/chat/completions",
            ] {
                let answer = try await relay.send(.POST, path, headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON)
                #expect([400, 401, 403, 404].contains(answer.status), "\(path) → \(answer.status)")
            }
            #expect(relay.sandbox.requests.isEmpty)
        }
    }

    @Test("A body over the limit → 413 before it is read whole")
    func oversize() async throws {
        try await RelayHarness.with(configuration: RelayConfigurationForTests.with(maxBodyBytes: 4096)) { relay in
            let big = String(repeating: "x", count: 10_000)
            let answer = try await relay.send(
                .POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders,
                json: #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"\#(big)"}]}"#)
            #expect(answer.status == 413)
            #expect(relay.sandbox.requests.isEmpty)
        }
    }

    @Test("Requests per minute: exactly the limit is served, then 429 with retry-after; the SDK sees rateLimited")
    func rateLimit() async throws {
        try await RelayHarness.with(configure: { $0.clientLimits.requestsPerMinute = 3 }) { relay in
            let path = "/\(relay.project.id)/openai/v1/chat/completions"
            // The counter's window is the UTC minute: start early in one, so that all requests fall in it.
            let second = Int(Date().timeIntervalSince1970) % 60
            if second > 40 { try await Task.sleep(for: .seconds(61 - second)) }
            var statuses: [Int] = []
            for _ in 0..<5 {
                statuses.append(try await relay.send(.POST, path, headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON).status)
            }
            #expect(statuses == [200, 200, 200, 429, 429])
            let refused = try await relay.send(.POST, path, headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON)
            let retryAfter = try #require(refused.headers.first(name: "retry-after").flatMap(Int.init))
            #expect((1...60).contains(retryAfter))
            // Another client has its own per-client budget.
            var other = relay.aiproxyHeaders
            other[1] = ("aiproxy-client-id", "device-2")
            #expect(try await relay.send(.POST, path, headers: other, json: RelayHarness.chatJSON).status == 200)
            let service = OpenAIServiceFactory.service(
                aiproxyPartialKey: relay.project.partialKey, aiproxyServiceURL: relay.serviceURL(.openai),
                aiproxyClientID: "device-1", aiproxyDeviceCheckBypass: RelayHarness.bypassToken, retryPolicy: .none)
            await #expect {
                _ = try await service.startChat(
                    parameters: ChatCompletionParameters(messages: [.init(role: .user, content: .text("hi"))], model: .gpt4oMini, maxTokens: 10))
            } throws: { error in
                guard let error = error as? APIError else { return false }
                return error.statusCode == 429 && error.retryAfter != nil
            }
            #expect(relay.sandbox.requests.count == 4)
        }
    }

    @Test("Tokens reserved before forwarding are settled to what the upstream reported")
    func settlement() async throws {
        try await RelayHarness.with(configure: { $0.projectLimits.tokensPerDay = 1_000_000 }) { relay in
            let answer = try await relay.send(
                .POST, "/\(relay.project.id)/openai/v1/chat/completions", headers: relay.aiproxyHeaders, json: RelayHarness.chatJSON)
            #expect(answer.status == 200)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
            let usage = try #require(body["usage"] as? [String: Any])
            let total = try #require(usage["total_tokens"] as? Int)
            let day = Int(Date().timeIntervalSince1970 / 86_400)
            // Settlements are written in batches; the one holding this request is written by now or by the flush.
            await relay.server.flushUsage()
            #expect(try await relay.store.counter(key: "p/\(relay.project.id)/tpd/\(day)") == Int64(total))
        }
    }
}
