import Foundation

/// The client data an app signs for each request, so an assertion is bound to exactly one request: it cannot be
/// moved to another path, another method or another body.
public enum AppAttestClientData {
    /// The client data of a request: `"\(METHOD) \(path)\n"` in UTF-8, followed by the raw body bytes (none for a
    /// request without a body).
    ///
    /// - `method` is the HTTP method in upper case (`POST`).
    /// - `path` is the request target exactly as sent on the wire: everything after the relay's host, starting with
    ///   `/`, percent-encoded as sent, including the leading `/{project}/{provider}` segments and the `?query` when
    ///   there is one (`/story-app/openai/v1/chat/completions`).
    ///
    /// The app hashes this with SHA-256 and passes the hash to `DCAppAttestService.generateAssertion`; the relay
    /// rebuilds the same bytes from the request it received and checks the assertion against them.
    public static func forRequest(method: String, path: String, body: Data) -> Data {
        var data = Data("\(method) \(path)\n".utf8)
        data.append(body)
        return data
    }
}
