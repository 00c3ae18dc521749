import Foundation
import Hummingbird

/// Signing in and out (password mode only): the password is checked through the throttle, a session cookie
/// opens, and signing out closes the session on the server too.
struct LoginRoutes {
    let password: String
    let sessions: Sessions
    let throttle: SignInThrottle
    let limits: SignInLimits

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get("/login") { _, context in LoginPage().response(context.visit) }
        routes.post("/login") { request, context in try await signIn(request, context) }
        // Signing out ends the session here too (a copied cookie is worthless afterwards) and tells the browser
        // to drop it; the CSRF check keeps another site from signing the parent out.
        routes.post("/logout") { request, context in
            try await request.checkPostedToken(context: context)
            if let token = request.cookies[Sessions.cookieName]?.value {
                await sessions.close(token)
            }
            var response = seeOther("/login")
            response.setCookie(Cookie(
                name: Sessions.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        return routes
    }

    private func signIn(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await request.postedForm(LoginForm.self, context: context)
        let ui = context.visit.ui
        let correct = constantTimeEqual(form.password ?? "", password)
        switch await throttle.attempt(from: context.clientAddress, correct: correct) {
        case .signedIn:
            var response = seeOther("/")
            response.setCookie(Cookie(
                name: Sessions.cookieName, value: await sessions.open(), path: "/", httpOnly: true, sameSite: .strict))
            return response
        case .wrongPassword:
            try await Task.sleep(for: limits.failureDelay)
            return LoginPage(error: ui[.wrongPassword], status: .unauthorized).response(context.visit)
        case .lockedOut(let seconds):
            let minutes = (seconds + 59) / 60
            let message = ui[.tooManyAttempts].replacingOccurrences(of: "{minutes}", with: String(minutes))
            var response = LoginPage(error: message, status: .tooManyRequests).response(context.visit)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }
}
