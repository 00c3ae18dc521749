import Foundation
import Hummingbird

/// Reads the visitor from the request once (language, CSRF token, sign-in) into the context, and sets their
/// cookies on the answer, so no route rebuilds them.
///
/// It runs after the host and password guards (their answers set no cookie) and inside ``FileMiddleware``
/// (the static files are cached publicly, and a cookie must never sit in a shared cache).
struct VisitMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    /// True when the app answers from the sandbox (pages then label every cost simulated).
    var sandbox = false

    func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        let visit = Visit(request, sandbox: sandbox)
        context.visit = visit
        var response = try await next(request, context)
        visit.setCookies(on: &response)
        return response
    }
}
