import Foundation
import Testing

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("AISandbox on its own")
struct SandboxTests {
    private func get(_ url: URL, key: String?) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test("requires credentials, serves models, records requests")
    func basics() async throws {
        let sandbox = try await Sandbox.start()
        let url = sandbox.baseURL.appendingPathComponent("v1/models")
        let (denied, deniedBody) = try await get(url, key: nil)
        #expect(denied == 401)
        #expect(String(decoding: deniedBody, as: UTF8.self).contains("invalid_api_key"))
        let (status, body) = try await get(url, key: "k")
        #expect(status == 200)
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect((json?["data"] as? [Any])?.isEmpty == false)
        #expect(sandbox.requests.map(\.path) == ["/v1/models", "/v1/models"])
        #expect(sandbox.requests.last?.header("authorization") == "Bearer k")
        try await sandbox.shutdown()
    }

    @Test("queued behaviors apply in order to matching paths only")
    func behaviorQueue() async throws {
        let sandbox = try await Sandbox.start()
        sandbox.enqueue(.status(418, message: "teapot"), path: "/v1/models")
        let (other, _) = try await get(sandbox.baseURL.appendingPathComponent("v1/models/gpt-4o"), key: "k")
        #expect(other == 200)
        let (teapot, body) = try await get(sandbox.baseURL.appendingPathComponent("v1/models"), key: "k")
        #expect(teapot == 418)
        #expect(String(decoding: body, as: UTF8.self).contains("teapot"))
        try await sandbox.shutdown()
    }

    @Test("Anthropic routes check x-api-key, then anthropic-version")
    func anthropicHeaders() async throws {
        let sandbox = try await Sandbox.start()
        func post(_ headers: [String: String]) async throws -> (Int, String) {
            var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("v1/messages"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}"#.utf8)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let (noKey, noKeyBody) = try await post(["anthropic-version": "2023-06-01"])
        #expect(noKey == 401)
        #expect(noKeyBody.contains("authentication_error"))
        let (noVersion, noVersionBody) = try await post(["x-api-key": "k"])
        #expect(noVersion == 400)
        #expect(noVersionBody.contains("anthropic-version"))
        let (ok, _) = try await post(["x-api-key": "k", "anthropic-version": "2023-06-01"])
        #expect(ok == 200)
        try await sandbox.shutdown()
    }

    @Test("split writes reassemble to the same body")
    func splitting() throws {
        var plan = ResponseActions(
            plan: ResponsePlan(status: 200, headers: [], body: .events([Array("data: 1\n\n".utf8), Array("data: 2\n\n".utf8)])),
            behavior: .split(.every(3)), requestID: "r", keepAlive: true)
        var bytes: [UInt8] = []
        var writes = 0
        while let action = plan.next() {
            if case .write(let chunk) = action {
                #expect(chunk.count <= 3)
                bytes += chunk
                writes += 1
            }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "data: 1\n\ndata: 2\n\n")
        #expect(writes == 6)
    }
}
