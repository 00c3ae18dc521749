import Foundation
import Hummingbird

/// One request's visitor: interface language, CSRF token (a new one when the cookie is missing) and whether
/// they signed in with the password.
struct Visit: Sendable {
    /// The cookie holding the CSRF token that every form repeats in its `_csrf` field.
    static let csrfCookieName = "is_csrf"

    let ui: UI
    let token: String
    /// True when the request had no token cookie: the answer sets one.
    let isNewToken: Bool
    /// True when the visitor signed in with the password: the header then offers to sign out.
    let signedIn: Bool
    /// The language switched to with `?lang=`, remembered in a cookie by the answer.
    let languageFromQuery: String?
    /// "night" or "day" when the visitor chose one (`?theme=`, remembered in a cookie); nil follows the device's
    /// light or dark setting.
    let theme: String?
    /// True when the app answers from the sandbox: every cost shown is simulated.
    let sandbox: Bool
    /// The theme switched to with `?theme=` ("auto" forgets the choice), remembered in a cookie by the answer.
    private let themeFromQuery: String?
    /// This page's address with its query but without a language or theme switch, ending in `?` or `&`: the
    /// switches add theirs, so switching keeps what the page shows (an assistant's answer, a retry link's form).
    /// A page answering a post switches on the library (a post's address can't be loaded again).
    let switchBase: String

    /// The cookie that remembers the night or day choice.
    static let themeCookieName = "is_theme"

    /// "night" or "day" when `choice` is one of them; nil (the device's setting) otherwise.
    static func theme(_ choice: String?) -> String? {
        choice == "night" || choice == "day" ? choice : nil
    }

    init(_ request: Request, sandbox: Bool = false) {
        ui = UI(request)
        self.sandbox = sandbox
        let path = request.uri.path
        if request.method == .get || request.method == .head, path.hasPrefix("/"), !path.hasPrefix("//") {
            let kept = (request.uri.query ?? "").split(separator: "&")
                .filter { !$0.hasPrefix("theme=") && !$0.hasPrefix("lang=") }.joined(separator: "&")
            switchBase = path + "?" + (kept.isEmpty ? "" : kept + "&")
        } else {
            switchBase = "/?"
        }
        themeFromQuery = request.uri.queryParameters["theme"].map(String.init).flatMap {
            ["night", "day", "auto"].contains($0) ? $0 : nil
        }
        theme = Self.theme(themeFromQuery ?? request.cookies[Self.themeCookieName]?.value)
        if let existing = request.cookies[Self.csrfCookieName]?.value, existing.count == 64 {
            token = existing
            isNewToken = false
        } else {
            token = randomToken()
            isNewToken = true
        }
        languageFromQuery = request.uri.queryParameters["lang"].map(String.init).flatMap { UI.codes.contains($0) ? $0 : nil }
        // Only the password guard lets a request with a session cookie through, and only with a live session.
        signedIn = request.cookies[Sessions.cookieName].map { !$0.value.isEmpty } ?? false
    }

    private init(ui: UI, token: String) {
        self.ui = ui
        self.token = token
        isNewToken = false
        signedIn = false
        languageFromQuery = nil
        theme = nil
        sandbox = false
        themeFromQuery = nil
        switchBase = "/?"
    }

    /// The context's visit before ``VisitMiddleware`` ran: English, and a token no form check accepts.
    static let unread = Visit(ui: UI(query: nil, acceptLanguage: nil), token: "")

    /// Sets the CSRF cookie when the request had none, and the language or theme cookie after a switch.
    func setCookies(on response: inout Response) {
        if let themeFromQuery {
            // A year: the choice is the household's, not the session's.
            response.setCookie(Cookie(
                name: Self.themeCookieName, value: themeFromQuery, maxAge: themeFromQuery == "auto" ? 0 : 31_536_000,
                path: "/", httpOnly: true, sameSite: .strict))
        }
        if isNewToken {
            response.setCookie(Cookie(name: Self.csrfCookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
        }
        if let languageFromQuery {
            response.setCookie(Cookie(name: UI.cookieName, value: languageFromQuery, path: "/", httpOnly: true, sameSite: .strict))
        }
    }
}

/// 256 random bits as 64 hex digits: CSRF and session tokens.
func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
}
