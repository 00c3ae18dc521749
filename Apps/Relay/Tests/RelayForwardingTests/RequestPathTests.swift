import HTTPTypes
import RelayCore
import RelayForwarding
import Testing

@Suite("Request paths and endpoint patterns")
struct RequestPathTests {
    @Test("traversal and smuggling tricks are refused before matching", arguments: [
        "/v1/../admin", "/v1/./chat/completions", "/v1/%2e%2e/admin", "/v1/%2E%2e/admin", "/v1/.%2e/admin", "/v1/%2e/chat",
        "/v1//chat/completions", "//evil.example/v1/chat/completions", "/v1/chat/completions/", "/v1\\chat", "/v1/%5cchat",
        "/v1/chat%2Fcompletions", "/v1/chat%2fcompletions", "/v1/%252e%252e/admin", "http://evil.example/v1/chat/completions",
        "/v1/http://evil.example/x", "v1/chat/completions", "", "/v1/chat\u{0}completions",
        "/v1/chat\ncompletions", "/v1/chat completions", "/v1/chat\tcompletions", "/v1/chat/completions#frag", "/v1/modèle",
        "/v1/%0a", "/v1/%zz", "/v1/%2", "/v1/models?x=\u{7f}",
    ])
    func refused(_ path: String) {
        #expect(throws: RelayError.self) { try RequestPath(path) }
    }

    @Test("ordinary paths are kept as written, query apart")
    func accepted() throws {
        let path = try RequestPath("/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21")
        #expect(path.path == "/openai/deployments/gpt4o/chat/completions")
        #expect(path.query == "api-version=2024-10-21")
        #expect(path.segments == ["openai", "deployments", "gpt4o", "chat", "completions"])
        #expect(path.pathAndQuery == "/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21")
        #expect(try RequestPath("/v1/files/file-abc%20x").segments.last == "file-abc%20x")
        // A query is forwarded as written; the upstream host never comes from it.
        #expect(try RequestPath("/v1/x?next=http://evil").query == "next=http://evil")
    }

    @Test("patterns match methods, literal segments, * and trailing **", arguments: [
        ("POST /v1/chat/completions", "POST", "/v1/chat/completions", true),
        ("POST /v1/chat/completions", "post", "/v1/chat/completions?x=1", true),
        ("POST /v1/chat/completions", "GET", "/v1/chat/completions", false),
        ("POST /v1/chat/completions", "POST", "/v1/chat/completions/x", false),
        ("POST /v1/chat/completions", "POST", "/v1/chat", false),
        ("POST /v1/chat/completions", "POST", "/V1/chat/completions", false),
        ("GET /v1/models/*", "GET", "/v1/models/gpt-4o", true),
        ("GET /v1/models/*", "GET", "/v1/models", false),
        ("GET /v1/models/*", "GET", "/v1/models/a/b", false),
        ("POST /openai/deployments/*/chat/completions", "POST", "/openai/deployments/gpt4o/chat/completions?api-version=1", true),
        ("POST /openai/deployments/*/chat/completions", "POST", "/openai/deployments/gpt4o/embeddings", false),
        ("GET /v1/files/**", "GET", "/v1/files", true),
        ("GET /v1/files/**", "GET", "/v1/files/f1/content", true),
        ("GET /v1/files/**", "GET", "/v1/filesx", false),
        ("* /v1/responses/**", "DELETE", "/v1/responses/resp_1", true),
        ("* /v1/responses/**", "DELETE", "/v1/chat/completions", false),
    ])
    func matching(_ pattern: String, _ method: String, _ path: String, _ expected: Bool) throws {
        let parsed = try EndpointPattern(pattern)
        #expect(parsed.matches(method: HTTPRequest.Method(method)!, path: try RequestPath(path)) == expected)
    }

    @Test("malformed patterns are refused, and allow nothing in a limit", arguments: [
        "/v1/chat/completions", "POST v1/chat", "POST /v1/**/x", "POST /v1//x", "POST /v1/x?y=1", "P0ST /v1/x", "POST /a /b",
    ])
    func malformedPatterns(_ pattern: String) throws {
        #expect(throws: RelayError.self) { try EndpointPattern(pattern) }
        #expect(!EndpointPattern.allows([pattern], method: .post, path: try RequestPath("/v1/x")))
    }

    @Test("an empty list allows nothing")
    func denyByDefault() throws {
        #expect(!EndpointPattern.allows([], method: .get, path: try RequestPath("/v1/models")))
    }
}
