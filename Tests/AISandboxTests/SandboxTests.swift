import Foundation
import SwiftAITestSupport
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
        // anthropic-python 2.x: a Bearer token and a newer version date.
        let (bearer, _) = try await post(["Authorization": "Bearer k", "anthropic-version": "2026-10-21"])
        #expect(bearer == 200)
        let (emptyBearer, _) = try await post(["Authorization": "Bearer  ", "anthropic-version": "2026-10-21"])
        #expect(emptyBearer == 401)
        let (undated, undatedBody) = try await post(["x-api-key": "k", "anthropic-version": "latest"])
        #expect(undated == 400 && undatedBody.contains("not a valid version"))
        try await sandbox.shutdown()
    }

    @Test("an ended Anthropic batch's results_url carries the sandbox's port and answers")
    func anthropicResultsURL() async throws {
        try await Sandbox.withRunning { sandbox in
            func send(_ method: String, _ path: String, _ body: String? = nil) async throws -> [String: Any] {
                var request = URLRequest(url: URL(string: path, relativeTo: sandbox.baseURL)!)
                request.httpMethod = method
                request.httpBody = body.map { Data($0.utf8) }
                request.setValue("k", forHTTPHeaderField: "x-api-key")
                request.setValue("2023-06-01", forHTTPHeaderField: "anthropic-version")
                let (data, _) = try await URLSession.shared.data(for: request)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            let created = try await send(
                "POST", "/v1/messages/batches",
                #"{"requests":[{"custom_id":"a","params":{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}}]}"#)
            let id = try #require(created["id"] as? String)
            _ = try await send("GET", "/v1/messages/batches/\(id)")
            let ended = try await send("GET", "/v1/messages/batches/\(id)")
            let resultsURL = try #require(ended["results_url"] as? String)
            #expect(resultsURL == sandbox.baseURL.absoluteString + "/v1/messages/batches/\(id)/results")
            var request = URLRequest(url: try #require(URL(string: resultsURL)))
            request.setValue("k", forHTTPHeaderField: "x-api-key")
            request.setValue("2023-06-01", forHTTPHeaderField: "anthropic-version")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self).contains(#""custom_id":"a""#))
        }
    }

    @Test("split writes reassemble to the same body")
    func splitting() throws {
        var plan = ResponseActions(
            plan: ResponsePlan(status: 200, headers: [:], body: .events([Array("data: 1\n\n".utf8), Array("data: 2\n\n".utf8)])),
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
