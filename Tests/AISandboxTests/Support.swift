import Foundation

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The body bytes of a plan (events joined).
func bodyBytes(_ plan: ResponsePlan) -> [UInt8] {
    switch plan.body {
    case .full(let bytes): bytes
    case .events(let events): events.flatMap { $0 }
    case .repeated: []
    }
}

/// The JSON object of a plan's body.
func bodyJSON(_ plan: ResponsePlan) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(bodyBytes(plan)))) as? [String: Any] ?? [:]
}

/// The JSON payloads of the `data:` lines of a plan's event stream (`[DONE]` left out).
func eventPayloads(_ bytes: [UInt8]) -> [[String: Any]] {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").compactMap { line in
        guard line.hasPrefix("data: "), line != "data: [DONE]" else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
    }
}

/// POSTs JSON to the sandbox with a key; returns the status and the body.
func post(_ sandbox: Sandbox, _ path: String, _ body: [String: Any]) async throws -> (Int, Data) {
    var request = URLRequest(url: sandbox.baseURL.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.setValue("Bearer k", forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

/// GETs a URL without credentials.
func get(_ url: URL) async throws -> (Int, Data) {
    let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}
