import Foundation
import SwiftAITestSupport
import Testing

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The sandbox's control API and behavior specs")
struct ControlAPITests {
    private func send(_ sandbox: Sandbox, _ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, [String: Any], HTTPURLResponse?) {
        var request = URLRequest(url: URL(string: path, relativeTo: sandbox.baseURL)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:], http)
    }

    @Test("key=value and JSON forms read into the same behavior")
    func specForms() throws {
        let pairs = try SandboxBehaviorSpec(
            parsing: "path=/v1/chat/completions, status=429, retry-after=0.25, times=2, header.x-should-retry=true, split-every=3, omit-done=true")
        let json = try SandboxBehaviorSpec(
            parsing: #"{"path": "/v1/chat/completions", "status": 429, "retry_after": 0.25, "times": 2, "headers": {"x-should-retry": "true"}, "split": {"every": 3}, "omit_done": true}"#)
        for spec in [pairs, json] {
            #expect(spec.path == "/v1/chat/completions")
            #expect(spec.times == 2)
            #expect(spec.behavior.status == 429)
            #expect(spec.behavior.headers == ["retry-after-ms": "250", "x-should-retry": "true"])
            #expect(spec.behavior.splitting == .every(3))
            #expect(spec.behavior.omitDone)
        }
        let random = try SandboxBehaviorSpec(parsing: #"{"split": {"random": {"seed": 7, "max_size": 5}}, "stall_after_events": 2, "stall_seconds": 0.5}"#)
        #expect(random.behavior.splitting == .random(seed: 7, maxSize: 5))
        #expect(random.behavior.stallAfterEvents == 2 && random.behavior.stallDuration == 0.5)
        #expect(random.path == nil && random.times == 1)
        let nested = try SandboxBehaviorSpec(parsing: #"{"status": 400, "error": {"type": "invalid_request_error", "code": "bad", "message": "No."}}"#)
        #expect(nested.behavior.errorType == "invalid_request_error" && nested.behavior.errorCode == "bad" && nested.behavior.errorMessage == "No.")
    }

    @Test("a bad spec names what is wrong", arguments: [
        (#"{"statuss": 500}"#, "unknown key: statuss"),
        (#"{"status": "500"}"#, "status must be a number"),
        (#"{"status": 1000}"#, "HTTP status"),
        (#"{"malformed_json": 1}"#, "malformed_json must be true or false"),
        (#"{"delay": -1}"#, "delay must be seconds"),
        (#"{"times": 0}"#, "times must be"),
        (#"{"split": {"every": 2, "extra": 1}}"#, "split.extra"),
        (#"{"split": {}}"#, "split takes every, at or random"),
        ("[1, 2]", "not a JSON object"),
        ("status", "is not key=value"),
        ("close-after-events=-2", "zero or more"),
    ])
    func badSpecs(text: String, expected: String) {
        do {
            _ = try SandboxBehaviorSpec(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(String(describing: error).contains(expected), "\(error)")
        }
    }

    @Test("behaviors queued over HTTP apply; requests are listed with credentials masked; reset forgets both")
    func overHTTP() async throws {
        try await Sandbox.withRunning { sandbox in
            let (queued, queuedBody, queuedResponse) = try await send(
                sandbox, "POST", "/sandbox/behaviors", #"{"path": "/v1/models", "status": 503, "times": 2}"#)
            #expect(queued == 200 && queuedBody["queued"] as? Int == 2 && queuedBody["pending"] as? Int == 2)
            #expect(queuedResponse?.value(forHTTPHeaderField: "x-sandbox-control") == "1")
            let (_, pending, _) = try await send(sandbox, "GET", "/sandbox/behaviors")
            #expect((pending["data"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["/v1/models", "/v1/models"])

            var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("v1/models"))
            request.setValue("Bearer sk-sandbox-secret-9876", forHTTPHeaderField: "Authorization")
            let statuses = try await [0, 1, 2].asyncMap { _ in
                ((try await URLSession.shared.data(for: request)).1 as? HTTPURLResponse)?.statusCode
            }
            #expect(statuses == [503, 503, 200])

            let (_, listed, _) = try await send(sandbox, "GET", "/sandbox/requests")
            let entries = try #require(listed["data"] as? [[String: Any]])
            #expect(entries.count == 3, "control requests are not recorded")
            let headers = (entries[0]["headers"] as? [[String]] ?? []).filter { $0.first?.lowercased() == "authorization" }
            #expect(headers.first?.last == "Bearer …9876")
            #expect(!String(describing: listed).contains("sk-sandbox-secret"))

            let (reset, _, _) = try await send(sandbox, "POST", "/sandbox/reset")
            #expect(reset == 200 && sandbox.requests.isEmpty)
        }
    }

    @Test("wrong methods, unknown control paths and bad bodies are the control API's own errors")
    func controlErrors() async throws {
        try await Sandbox.withRunning { sandbox in
            let (wrongMethod, wrongBody, response) = try await send(sandbox, "DELETE", "/sandbox/requests")
            #expect(wrongMethod == 405 && response?.value(forHTTPHeaderField: "Allow") == "GET")
            #expect((wrongBody["error"] as? [String: Any])?["type"] as? String == "sandbox_control_error")
            let (unknown, _, _) = try await send(sandbox, "GET", "/sandbox/chat/completions")
            #expect(unknown == 404)
            let (bad, badBody, _) = try await send(sandbox, "POST", "/sandbox/behaviors", #"{"stall_after": 2}"#)
            #expect(bad == 400)
            #expect(((badBody["error"] as? [String: Any])?["message"] as? String)?.contains("stall_after") == true)
            #expect(sandbox.requests.isEmpty)
        }
    }

    @Test("a structured-output answer follows its schema: refs, unions, enums, bounds, formats")
    func schemaSamples() throws {
        let schema: [String: Any] = [
            "type": "object",
            "properties": [
                "name": ["type": "string", "minLength": 20],
                "age": ["type": "integer", "minimum": 7, "maximum": 9],
                "ratio": ["type": "number", "exclusiveMaximum": 1],
                "mood": ["type": "string", "enum": ["calm", "sleepy"]],
                "nickname": ["anyOf": [["type": "null"], ["type": "string"]]],
                "kind": ["const": "dragon"],
                "born": ["type": "string", "format": "date"],
                "tags": ["type": "array", "items": ["type": "string"], "minItems": 2, "maxItems": 3],
                "home": ["$ref": "#/$defs/Place"],
                "optional": ["type": ["integer", "null"]],
            ],
            "required": ["name", "age"],
            "additionalProperties": false,
            "$defs": ["Place": ["type": "object", "properties": ["city": ["type": "string"]]]],
        ]
        let text = SchemaSample.json(schema: schema)
        let value = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((value["name"] as? String)?.count == 20)
        #expect(value["age"] as? Int == 7)
        #expect((value["ratio"] as? Double).map { $0 < 1 } == true)
        #expect(value["mood"] as? String == "calm")
        #expect(value["nickname"] as? String == "sandbox nickname")
        #expect(value["kind"] as? String == "dragon")
        #expect(value["born"] as? String == "2026-01-01")
        #expect((value["tags"] as? [String])?.count == 2)
        #expect((value["home"] as? [String: Any])?["city"] as? String == "sandbox city")
        #expect(value["optional"] as? Int == 2)
        #expect(Set(value.keys) == Set((schema["properties"] as! [String: Any]).keys))
        // A recursive schema ends: nullable branches turn null once the depth limit is reached.
        let tree: [String: Any] = [
            "$defs": ["Node": ["type": "object", "properties": ["child": ["anyOf": [["$ref": "#/$defs/Node"], ["type": "null"]]]]]],
            "$ref": "#/$defs/Node",
        ]
        #expect(SchemaSample.json(schema: tree).contains("null"))
    }

    @Test("an image URL carries the address the request came in on, port included")
    func imageURLs() async throws {
        try await Sandbox.withRunning { sandbox in
            let (status, body) = try await post(sandbox, "v1/images/generations", ["model": "dall-e-3", "prompt": "A fox", "response_format": "url"])
            #expect(status == 200)
            let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            let link = try #require((json?["data"] as? [[String: Any]])?.first?["url"] as? String)
            let url = try #require(URL(string: link))
            #expect(url.port == sandbox.port)
            let (imageStatus, png) = try await get(url)
            #expect(imageStatus == 200 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}

extension Array {
    /// Maps in order, one element at a time.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
