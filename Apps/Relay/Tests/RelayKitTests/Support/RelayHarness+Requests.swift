import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension RelayHarness {
    /// A raw request to the relay (what curl or any HTTP client would send), answered with status, headers and body.
    func send(
        _ method: HTTPMethod = .POST, _ path: String, headers: [(String, String)] = [], json: String? = nil,
        body: ByteBuffer? = nil
    ) async throws -> (status: Int, headers: HTTPHeaders, body: String) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        } else if let body {
            request.body = .bytes(body)
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        return (Int(response.status.code), response.headers, String(buffer: bytes))
    }

    /// The headers of an AIProxy-style client with the simulator bypass token.
    var aiproxyHeaders: [(String, String)] {
        [("aiproxy-partial-key", project.partialKey), ("aiproxy-client-id", "device-1"),
         ("aiproxy-devicecheck-bypass", Self.bypassToken)]
    }

    static let chatJSON = #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hello relay"}],"max_tokens":50}"#
}
