import AISandbox
import AsyncHTTPClient
import Foundation
import NIOCore

/// Real answers from the sandbox, fetched over loopback with the HTTP client the relay uses.
struct SandboxAnswer {
    var status: Int
    var contentType: String?
    var bytes: [UInt8]

    var buffer: ByteBuffer { ByteBuffer(bytes: bytes) }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The JSON objects of the `data:` lines (`[DONE]` left out), read independently of the relay's code.
    var eventPayloads: [[String: Any]] {
        text.components(separatedBy: "\n").compactMap { line in
            guard line.hasPrefix("data: "), line != "data: [DONE]" else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
        }
    }

    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] }
}

enum SandboxUpstream {
    static let openAIHeaders = [("authorization", "Bearer sk-test"), ("content-type", "application/json")]
    static let anthropicHeaders = [("x-api-key", "sk-ant-test"), ("anthropic-version", "2023-06-01"), ("content-type", "application/json")]

    static func post(_ sandbox: Sandbox, _ path: String, body: String, headers: [(String, String)] = openAIHeaders) async throws -> SandboxAnswer {
        var request = HTTPClientRequest(url: sandbox.baseURL.absoluteString + path)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        return SandboxAnswer(status: Int(response.status.code), contentType: response.headers.first(name: "content-type"), bytes: Array(body.readableBytesView))
    }

    static let chatBody = #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Tell me a short story about a fox."}]}"#
    static let chatStreamBody = #"{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"Tell me a short story about a fox."}]}"#
    static let chatStreamUsageBody =
        #"{"model":"gpt-4o-mini","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Tell me a short story about a fox."}]}"#
    static let responsesBody = #"{"model":"gpt-4.1","input":"Write a haiku about rivers."}"#
    static let responsesStreamBody = #"{"model":"gpt-4.1","stream":true,"input":"Write a haiku about rivers."}"#
    static let messagesBody = #"{"model":"claude-sonnet-4-5","max_tokens":256,"messages":[{"role":"user","content":"Name three rivers."}]}"#
    static let messagesStreamBody =
        #"{"model":"claude-sonnet-4-5","max_tokens":256,"stream":true,"messages":[{"role":"user","content":"Name three rivers."}]}"#
    static let embeddingsBody = #"{"model":"text-embedding-3-small","input":"The quick brown fox"}"#
}
