import Foundation
import HTTPTypes
import Hummingbird

/// Content-Security-Policy and friends on every answer: no inline script, nothing from elsewhere; behind a TLS
/// proxy every cookie also gets `Secure`, so a browser never sends the session over plain HTTP. Errors become
/// short plain-text answers here, so they carry the same headers.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    var secureCookies = false

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError {
            // Every error is a page in the visitor's language, with the way back; the error's own headers
            // (`Retry-After`, `Content-Range`) are kept.
            let theme = Visit.theme(request.cookies[Visit.themeCookieName]?.value)
            response = ErrorPage(status: error.status, message: error.body).response(UI(request), theme: theme)
            response.headers.append(contentsOf: error.headers)
        }
        response.headers[HTTPField.Name("Content-Security-Policy")!] = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if secureCookies {
            let cookies = response.headers[values: .setCookie]
            if !cookies.isEmpty {
                response.headers[values: .setCookie] = cookies.map { cookie in
                    cookie.lowercased().contains("; secure") ? cookie : cookie + "; Secure"
                }
            }
        }
        return response
    }
}
