import AsyncHTTPClient
import HTTPTypes
import NIOCore
import NIOHTTP1
import RelayCore
import RelayForwarding
import Testing

@Suite("Upstream requests")
struct UpstreamRequestBuilderTests {
    static let clientHeaders: HTTPFields = {
        var fields = HTTPFields()
        for (name, value) in [
            ("Authorization", "Bearer client-secret"), ("X-Api-Key", "client-key"), ("api-key", "client-azure"), ("Cookie", "session=1"),
            ("aiproxy-partial-key", "pk"), ("AIProxy-DeviceCheck", "dc"), ("relay-client-token", "tok"), ("Host", "relay.example"),
            ("Content-Length", "999"), ("Accept-Encoding", "gzip, br"), ("Connection", "keep-alive, x-hop"), ("x-hop", "1"),
            ("Keep-Alive", "timeout=5"), ("TE", "trailers"), ("Trailer", "x"), ("Transfer-Encoding", "chunked"), ("Upgrade", "h2c"),
            ("Proxy-Authorization", "Basic x"), ("Expect", "100-continue"), ("X-Forwarded-For", "10.0.0.1"), ("Forwarded", "for=x"),
            ("OpenAI-Organization", "org-x"), ("OpenAI-Project", "proj-x"),
            ("Content-Type", "application/json"), ("anthropic-version", "2023-06-01"), ("anthropic-beta", "files-api-2025-04-14"),
            ("OpenAI-Beta", "assistants=v2"), ("User-Agent", "OpenAI/Python 1.0"), ("x-stainless-lang", "python"),
        ] {
            fields.append(HTTPField(name: HTTPField.Name(name)!, value: value))
        }
        return fields
    }()

    static let kept = ["content-type", "anthropic-version", "anthropic-beta", "openai-beta", "user-agent", "x-stainless-lang"]

    @Test("client credentials, proxy, hop-by-hop and encoding headers are stripped; the provider key is set", arguments: [
        (Provider.openai, "authorization", "Bearer sk-upstream"), (Provider.azure, "api-key", "sk-upstream"), (Provider.anthropic, "x-api-key", "sk-upstream"),
    ])
    func headers(_ provider: Provider, _ credentialName: String, _ credentialValue: String) throws {
        let builder = UpstreamRequestBuilder(upstream: Upstream(provider: provider, baseURL: "https://api.example.com/"), providerKey: "sk-upstream")
        let request = try builder.build(
            method: .post, path: try RequestPath("/v1/messages?beta=true"), headers: Self.clientHeaders, body: ByteBuffer(string: "{}"))
        #expect(request.url == "https://api.example.com/v1/messages?beta=true")
        #expect(request.method == .POST)
        let names = Set(request.headers.map { $0.name.lowercased() })
        #expect(names == Set(Self.kept + [credentialName]))
        #expect(request.headers[credentialName] == [credentialValue])
        #expect(request.headers["content-type"] == ["application/json"])
        #expect(request.body != nil)
    }

    @Test("a base URL's path prefix is kept; a GET sends no body")
    func prefix() throws {
        let builder = UpstreamRequestBuilder(upstream: Upstream(provider: .azure, baseURL: "http://127.0.0.1:8080/gateway"), providerKey: "k")
        let request = try builder.build(method: .get, path: try RequestPath("/openai/v1/models"), headers: [:], body: ByteBuffer())
        #expect(request.url == "http://127.0.0.1:8080/gateway/openai/v1/models")
        #expect(request.body == nil)
    }

    @Test("a path can't move the request to another host")
    func host() throws {
        let builder = UpstreamRequestBuilder(upstream: Upstream(provider: .openai, baseURL: "https://api.openai.com"), providerKey: "k")
        // What looks like userinfo stays a path on the upstream's host.
        #expect(try builder.url(for: try RequestPath("/@evil.example/v1")) == "https://api.openai.com/@evil.example/v1")
        #expect(try builder.url(for: try RequestPath("/v1/models")) == "https://api.openai.com/v1/models")
        for base in ["api.openai.com", "ftp://api.openai.com", "https://", "https://api.openai.com?x=1"] {
            let bad = UpstreamRequestBuilder(upstream: Upstream(provider: .openai, baseURL: base), providerKey: "k")
            #expect(throws: RelayError.upstreamFailed("The project's openai upstream URL is not an absolute http(s) URL.")) {
                try bad.url(for: try RequestPath("/v1/models"))
            }
        }
    }

    @Test("response headers lose hop-by-hop ones, set-cookie, and content-length when streamed")
    func responseHeaders() {
        let upstream = HTTPHeaders([
            ("Content-Type", "text/event-stream"), ("Content-Length", "120"), ("Connection", "keep-alive, x-hop"), ("x-hop", "1"),
            ("Transfer-Encoding", "chunked"), ("Set-Cookie", "__cf_bm=x"), ("x-request-id", "req_1"), ("openai-processing-ms", "12"),
        ])
        let streamed = UpstreamResponseHeaders.forward(upstream, streaming: true)
        #expect(streamed.map { $0.name.canonicalName } == ["content-type", "x-request-id", "openai-processing-ms"])
        let whole = UpstreamResponseHeaders.forward(upstream, streaming: false)
        #expect(whole.map { $0.name.canonicalName } == ["content-type", "content-length", "x-request-id", "openai-processing-ms"])
    }
}
