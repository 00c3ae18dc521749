import Foundation
import HTTPTypes
import Hummingbird

/// The signed-in browsers, by session token (random, 256 bits). Kept in memory: a restart signs everyone out.
actor Sessions {
    private var tokens: Set<String> = []

    func open() -> String {
        let token = randomToken()
        tokens.insert(token)
        return token
    }

    func contains(_ token: String) -> Bool { tokens.contains(token) }

    func close(_ token: String) { tokens.remove(token) }
}

func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
}

/// With a password set, every page but the login page and the static files needs a session cookie
/// (HttpOnly, SameSite=Strict); without one, a GET is sent to /login and anything else gets 401.
struct PasswordGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    static var cookieName: String { "is_session" }
    let sessions: Sessions

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path == "/login" || path.hasPrefix("/static/") { return try await next(request, context) }
        if let token = request.cookies[Self.cookieName]?.value, await sessions.contains(token) {
            return try await next(request, context)
        }
        if request.method == .get || request.method == .head {
            return Response(status: .seeOther, headers: [.location: "/login"])
        }
        throw HTTPError(.unauthorized, message: "Please sign in first.")
    }
}

extension WebApp {
    func registerLogin(on router: Router<WebRequestContext>, password: String) {
        let cookieName = PasswordGuardMiddleware<WebRequestContext>.cookieName
        router.get("/login") { request, _ in loginPage(Visit(request), error: nil, status: .ok) }
        router.post("/login") { request, context in
            let form = try await postedForm(request)
            let visit = Visit(request)
            let correct = constantTimeEqual(form["password"] ?? "", password)
            switch await throttle.attempt(from: context.clientAddress, correct: correct) {
            case .signedIn:
                var response = visit.redirect("/")
                response.setCookie(Cookie(
                    name: cookieName, value: await sessions.open(), path: "/", httpOnly: true, sameSite: .strict))
                return response
            case .wrongPassword:
                try await Task.sleep(for: signInLimits.failureDelay)
                return loginPage(visit, error: visit.ui["wrongPassword"], status: .unauthorized)
            case .lockedOut(let seconds):
                let minutes = (seconds + 59) / 60
                var response = loginPage(
                    visit, error: visit.ui["tooManyAttempts"].replacingOccurrences(of: "{minutes}", with: String(minutes)),
                    status: .tooManyRequests)
                response.headers[.retryAfter] = String(seconds)
                return response
            }
        }
        // Signing out ends the session here too (a copied cookie is worthless afterwards) and tells the browser
        // to drop it; the CSRF check keeps another site from signing the parent out.
        router.post("/logout") { request, _ in
            _ = try await postedForm(request)
            if let token = request.cookies[cookieName]?.value {
                await sessions.close(token)
            }
            var response = Visit(request).redirect("/login")
            response.setCookie(Cookie(
                name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
    }

    private func loginPage(_ visit: Visit, error: String?, status: HTTPResponse.Status) -> Response {
        var body: [Node] = []
        if let error { body.append(el("p", ["class": "error", "role": "alert"], t(error))) }
        body.append(visit.form("/login", [
            el("label", ["for": "password"], t(visit.ui["password"])),
            void("input", ["id": "password", "name": "password", "type": "password", "required": "required",
                           "autocomplete": "current-password", "maxlength": "200"]),
            el("button", ["type": "submit"], t(visit.ui["signIn"])),
        ]))
        return visit.page(visit.ui["signIn"], status: status, body)
    }
}
