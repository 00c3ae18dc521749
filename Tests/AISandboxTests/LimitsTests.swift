import Foundation
import Testing

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SOCK_STREAM` as `socket(2)` takes it: Glibc imports it as an enum case (`__socket_type`), Darwin as an
/// `Int32` constant.
#if canImport(Glibc)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocketType = SOCK_STREAM
#endif

/// App developers run the sandbox too: oversized bodies, malformed JSON and slow clients get the API's answers.
@Suite("The sandbox's limits")
struct LimitsTests {
    private func postRaw(_ sandbox: Sandbox, _ path: String, body: Data, headers: [String: String]) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: sandbox.baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    static let openAIHeaders = ["Authorization": "Bearer k", "Content-Type": "application/json"]
    static let anthropicHeaders = ["x-api-key": "k", "anthropic-version": "2023-06-01", "Content-Type": "application/json"]

    @Test("a body over the limit is 413 in each provider's error shape")
    func tooLarge() async throws {
        let sandbox = try await Sandbox.start(maxBodyBytes: 1024)
        let big = Data(#"{"model": "gpt-4o-mini", "input": ""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 4096) + Data(#""}"#.utf8)
        let (status, body) = try await postRaw(sandbox, "v1/embeddings", body: big, headers: Self.openAIHeaders)
        #expect(status == 413)
        #expect((body["error"] as? [String: Any])?["code"] as? String == "request_too_large")
        let (anthropic, anthropicBody) = try await postRaw(sandbox, "v1/messages", body: big, headers: Self.anthropicHeaders)
        #expect(anthropic == 413)
        #expect(anthropicBody["type"] as? String == "error" && (anthropicBody["error"] as? [String: Any])?["type"] as? String == "request_too_large")
        #expect(sandbox.requests.isEmpty, "a refused body is not recorded")
        let (small, _) = try await postRaw(sandbox, "v1/embeddings", body: Data(#"{"model": "text-embedding-3-small", "input": "hi"}"#.utf8), headers: Self.openAIHeaders)
        #expect(small == 200)
        try await sandbox.shutdown()
    }

    @Test("malformed JSON is 400 in each provider's error shape")
    func malformedJSON() async throws {
        try await Sandbox.withRunning { sandbox in
            let broken = Data(#"{"model": "gpt-4o-mini", "input": "#.utf8)
            let (status, body) = try await postRaw(sandbox, "v1/embeddings", body: broken, headers: Self.openAIHeaders)
            #expect(status == 400)
            #expect((body["error"] as? [String: Any])?["type"] as? String == "invalid_request_error")
            let (anthropic, anthropicBody) = try await postRaw(sandbox, "v1/messages", body: broken, headers: Self.anthropicHeaders)
            #expect(anthropic == 400)
            #expect((anthropicBody["error"] as? [String: Any])?["type"] as? String == "invalid_request_error")
        }
    }

    @Test("a client that sends half a request head is disconnected after the request timeout")
    func slowClient() async throws {
        let sandbox = try await Sandbox.start(requestTimeout: 0.3)
        let descriptor = socket(AF_INET, streamSocketType, 0)
        #expect(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(sandbox.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let partial = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le"
        _ = partial.withCString { send(descriptor, $0, strlen($0), 0) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let started = Date()
        var buffer = [UInt8](repeating: 0, count: 64)
        let received = recv(descriptor, &buffer, buffer.count, 0)
        let elapsed = Date().timeIntervalSince(started)
        close(descriptor)
        #expect(received == 0, "the connection was not closed (recv returned \(received))")
        #expect(elapsed < 2, "closed after \(elapsed) s")
        try await sandbox.shutdown()
    }
}
