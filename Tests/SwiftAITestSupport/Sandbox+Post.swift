import AISandbox
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs `body` as JSON to the sandbox with a key (`Authorization: Bearer k`); returns the status and the body.
/// For tests that talk to a sandbox route without an SDK in between.
public func post(_ sandbox: Sandbox, _ path: String, _ body: [String: Any]) async throws -> (Int, Data) {
    var request = URLRequest(url: sandbox.baseURL.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.setValue("Bearer k", forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}
