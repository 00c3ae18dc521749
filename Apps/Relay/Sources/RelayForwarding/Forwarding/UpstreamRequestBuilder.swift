import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import RelayCore

/// Builds the request the relay sends upstream from what the client sent: the project's upstream URL with the
/// client's path, the client's headers minus everything that is the client's or the connection's own, and the
/// provider key.
///
/// Removed from the client's headers: every credential or proxy header (`authorization`, `x-api-key`, `api-key`,
/// `cookie`, `aiproxy-*`, `relay-*`), hop-by-hop headers (`connection` and what it names, `keep-alive`, `te`,
/// `trailer`, `transfer-encoding`, `upgrade`, `proxy-*`, `expect`), `host` and `content-length` (the HTTP client
/// sets both for the upstream), the client's own forwarding trail (`forwarded`, `x-forwarded-*`, `x-real-ip`),
/// OpenAI's `openai-organization` and `openai-project` (the provider key decides those), and `accept-encoding`,
/// so the upstream answers uncompressed and the relay can read the usage it reports. Everything else passes,
/// `anthropic-version`, `anthropic-beta`, `openai-beta` and `content-type` included.
public struct UpstreamRequestBuilder: Sendable {
    /// Header names removed exactly (lower case).
    static let removedNames: Set<String> = [
        "authorization", "x-api-key", "api-key", "cookie", "host", "content-length", "accept-encoding",
        "connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade", "expect",
        "forwarded", "x-real-ip", "openai-organization", "openai-project",
    ]
    /// Header name prefixes removed (lower case).
    static let removedPrefixes = ["aiproxy-", "relay-", "proxy-", "x-forwarded-"]

    public let upstream: Upstream
    private let providerKey: String

    /// - Parameters:
    ///   - upstream: where the project's requests for this provider go.
    ///   - providerKey: the decrypted provider key, sent as the provider expects it (OpenAI `Authorization: Bearer`,
    ///     Azure `api-key`, Anthropic `x-api-key`).
    public init(upstream: Upstream, providerKey: String) {
        self.upstream = upstream
        self.providerKey = providerKey
    }

    /// The upstream request for one client request.
    ///
    /// - Parameters:
    ///   - path: the path and query after `/{project}/{provider}`, already accepted by ``RequestPath``.
    ///   - body: the request body; nil or empty sends none.
    /// - Throws: `RelayError.upstreamFailed` when the project's upstream URL is not an absolute `http(s)` URL;
    ///   `RelayError.badRequest` when the path would reach another host than the upstream's.
    public func build(method: HTTPRequest.Method, path: RequestPath, headers: HTTPFields, body: ByteBuffer?) throws(RelayError) -> HTTPClientRequest {
        let url = try url(for: path)
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method.rawValue)
        request.headers = Self.forwardedHeaders(headers)
        switch upstream.provider {
        case .openai: request.headers.add(name: "authorization", value: "Bearer \(providerKey)")
        case .azure: request.headers.add(name: "api-key", value: providerKey)
        case .anthropic: request.headers.add(name: "x-api-key", value: providerKey)
        }
        if let body, body.readableBytes > 0 {
            request.body = .bytes(body)
        }
        return request
    }

    /// The upstream URL: the base URL (its path prefix kept) followed by the client's path and query. The host is
    /// always the base URL's; a joined URL that parses to another scheme, host or port is refused.
    public func url(for path: RequestPath) throws(RelayError) -> String {
        var base = upstream.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard let baseURL = URL(string: base), let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = baseURL.host, !host.isEmpty, baseURL.query == nil, baseURL.fragment == nil
        else {
            throw .upstreamFailed("The project's \(upstream.provider.rawValue) upstream URL is not an absolute http(s) URL.")
        }
        let joined = base + path.pathAndQuery
        guard let joinedURL = URL(string: joined), joinedURL.scheme?.lowercased() == scheme, joinedURL.host == host,
            joinedURL.port == baseURL.port, joinedURL.user == nil
        else {
            throw .badRequest("The request path would leave the upstream host.")
        }
        return joined
    }

    /// The client's headers that go upstream (see the type's documentation), as the HTTP client's header type.
    static func forwardedHeaders(_ fields: HTTPFields) -> HTTPHeaders {
        let connectionNamed = Set(
            fields[values: .connection].flatMap { $0.split(separator: ",") }.map { $0.trimmingASCIIWhitespace.lowercased() })
        var headers = HTTPHeaders()
        for field in fields {
            let name = field.name.canonicalName
            guard !removedNames.contains(name), !connectionNamed.contains(name), !removedPrefixes.contains(where: name.hasPrefix) else {
                continue
            }
            headers.add(name: field.name.rawName, value: field.value)
        }
        return headers
    }
}
