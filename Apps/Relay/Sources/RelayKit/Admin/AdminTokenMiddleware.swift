import Crypto
import Foundation
import Hummingbird

/// Lets through only requests carrying the admin token (`Authorization: Bearer …`), compared by its SHA-256 in
/// constant time; the relay never stores the token itself.
struct AdminTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let tokenSHA256: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
            Self.constantTimeEqual(Self.sha256Hex(String(header.dropFirst(7))), tokenSHA256.lowercased())
        else {
            return AdminJSON.error(.unauthorized, "A valid admin token is required (Authorization: Bearer …).")
        }
        return try await next(request, context)
    }

    static func sha256Hex(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
