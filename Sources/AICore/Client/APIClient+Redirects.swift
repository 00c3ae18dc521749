import Foundation
import HTTPTypes

extension APIClient {
    /// The most redirects one attempt follows.
    static let maxRedirects = 5

    /// Sends `request` through the transport and follows redirects here, where credentials are under control.
    ///
    /// Transports don't follow redirects themselves (AsyncHTTPClient strips only `Authorization`, so
    /// `api-key`, `x-api-key` and the body would reach another host). A redirect to the same origin keeps
    /// every header; one to another origin drops the credential headers (``HeaderRedaction``'s list) and
    /// cookies. 307/308 resend the method and body; 301/302/303 turn a non-GET into a GET without a body,
    /// as browsers and the official SDKs' HTTP clients do.
    func exchange(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse {
        var current = request
        var redirects = 0
        while true {
            let response = try await transport.send(current, headTimeout: headTimeout)
            guard [301, 302, 303, 307, 308].contains(response.status),
                let location = response.headers[.location],
                let target = URL(string: location, relativeTo: current.url)?.absoluteURL,
                target.scheme == "http" || target.scheme == "https"
            else { return response }
            guard redirects < Self.maxRedirects else {
                throw APIError(
                    kind: .invalidResponse, statusCode: response.status.code,
                    message: "More than \(Self.maxRedirects) redirects from \(request.url.host ?? "the server").",
                    requestID: APIError.requestID(in: response.headers), headers: response.headers)
            }
            redirects += 1
            logger.debug("↪ \(response.status.code) \(current.method) \(current.url.absoluteString) → \(target.absoluteString)")
            current = Self.redirected(current, to: target, status: response.status)
        }
    }

    /// The request to send after a redirect with `status` to `target`.
    static func redirected(_ request: TransportRequest, to target: URL, status: HTTPResponse.Status) -> TransportRequest {
        var next = request
        next.url = target
        if !sameOrigin(request.url, target) {
            next.headers.removeAll { HeaderRedaction.isSensitive($0.name) }
        }
        if status == 303 || status == 301 || status == 302, request.method != .get {
            next.method = .get
            next.body = nil
            next.headers.removeAll { $0.name == .contentType || $0.name == .contentLength }
        }
        return next
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme == "https" ? 443 : url.scheme == "http" ? 80 : nil) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}
