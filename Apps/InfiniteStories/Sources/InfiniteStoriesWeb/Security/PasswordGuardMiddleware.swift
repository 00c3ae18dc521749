import Foundation
import Hummingbird

/// With a password set, every page but the login page and the static files needs a session cookie; without
/// one, a GET (or HEAD) is sent to /login and anything else gets 401.
struct PasswordGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let sessions: Sessions

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path == "/login" || path.hasPrefix("/static/") { return try await next(request, context) }
        if let token = request.cookies[Sessions.cookieName]?.value, await sessions.contains(token) {
            return try await next(request, context)
        }
        if request.method == .get || request.method == .head {
            return Response(status: .seeOther, headers: [.location: "/login"])
        }
        let ui = UI(request)
        throw HTTPError(.unauthorized, message: ui[.signInFirst])
    }
}
