import Foundation
import Hummingbird

/// Answers a request for any other host name with 421 Misdirected Request and a short page.
struct HostGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // HTTP/1's Host header arrives as the request's authority.
        guard let authority = request.head.authority, !hosts.allows(authority) else {
            return try await next(request, context)
        }
        // Only Accept-Language: the query and cookies of a foreign page are not the app's.
        return WrongHostPage().response(UI(query: nil, acceptLanguage: request.headers[.acceptLanguage]))
    }
}
