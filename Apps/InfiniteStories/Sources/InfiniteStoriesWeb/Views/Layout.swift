import Foundation
import Hummingbird

/// A whole document: doctype, head with the one stylesheet, the one script and the app's manifest, and the body.
/// `theme` ("night" or "day") overrides the device's light or dark setting; `head` adds to the head (a job page's
/// refresh for browsers without JavaScript).
func document(title: String, lang: String, theme: String? = nil, head: [Node] = [], body: [Node]) -> String {
    let html: [(String, String)] = [("lang", lang)] + (theme.map { [("data-theme", $0)] } ?? [])
    return "<!DOCTYPE html>\n" + el("html", attrs: html, [
        el("head", [:], children: [
            void("meta", ["charset": "utf-8"]),
            void("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
            void("meta", ["name": "color-scheme", "content": theme == "night" ? "dark" : theme == "day" ? "light" : "light dark"]),
            el("title", [:], t(title + " · Infinite Stories")),
            void("link", ["rel": "stylesheet", "href": "/static/app.css"]),
            void("link", ["rel": "manifest", "href": "/manifest.webmanifest"]),
            void("link", ["rel": "icon", "href": "/favicon.ico", "type": "image/svg+xml"]),
            el("script", ["src": "/static/app.js", "defer": "defer"]),
        ] + head),
        el("body", [:], children: body),
    ]).render()
}

/// An HTML answer that no cache keeps (pages show the library as it is now).
func htmlResponse(_ html: String, status: HTTPResponse.Status) -> Response {
    Response(
        status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(string: html)))
}

/// 303 See Other: where a form's post leads (the browser then GETs it, so a reload does not post again).
func seeOther(_ location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
}

extension Visit {
    /// A complete page of the app: the header with the navigation, the night/day switch, the language switch,
    /// a "simulated" badge when answering from the sandbox and (signed in) the sign-out button, then the title and
    /// `body`.
    func page(_ title: String, status: HTTPResponse.Status = .ok, head: [Node] = [], _ body: [Node]) -> Response {
        let nav = el("header", [:],
            el("a", ["href": "/"], t(ui[.library])),
            el("a", ["href": "/heroes"], t(ui[.heroes])),
            el("a", ["href": "/children"], t(ui[.children])),
            el("a", ["href": "/stories/new"], t(ui[.newStory])),
            el("a", ["href": "/usage"], t(ui[.usage])),
            el("a", ["href": "/settings"], t(ui[.settings])),
            sandbox ? el("span", ["class": "badge"], t(ui[.sandboxBadge])) : .fragment([]),
            el("span", ["class": "langs"], children: [
                // Both links are rendered; the stylesheet shows the one that changes what the visitor sees now.
                el("a", ["href": switchBase + "theme=night", "class": "to-night"], t("☾ " + ui[.nightMode])),
                el("a", ["href": switchBase + "theme=day", "class": "to-day"], t("☀ " + ui[.dayMode])),
            ] + UI.codes.map { code in
                el("a", ["href": switchBase + "lang=\(code)", "lang": code], t(code.uppercased()))
            }),
            signedIn ? form("/logout", class: "signout", [el("button", ["type": "submit"], t(ui[.signOut]))]) : .fragment([]))
        let html = document(
            title: title, lang: ui.code, theme: theme, head: head,
            body: [nav, el("main", [:], children: [el("h1", [:], t(title))] + body)])
        return htmlResponse(html, status: status)
    }

    /// A form posting to `action`, with the CSRF token as its first field.
    func form(_ action: String, class className: String = "", _ children: [Node]) -> Node {
        el("form", attrs: [("method", "post"), ("action", action), ("class", className)],
           [void("input", ["type": "hidden", "name": "_csrf", "value": token])] + children)
    }

    /// "Delete this …?" with the thing's name, a danger button posting to `action` and a way back.
    func confirmDelete(_ question: String, name: String, action: String, cancel: String) -> Response {
        page(question, [
            el("p", [:], t(name)),
            form(action, [
                el("button", ["type": "submit", "class": "danger"], t(ui[.delete])),
                el("a", ["href": cancel, "class": "button"], t(ui[.cancel])),
            ]),
        ])
    }

    /// An error notice above a form.
    func errorNotice(_ message: String?) -> [Node] {
        message.map { [el("p", ["class": "error", "role": "alert"], t($0))] } ?? []
    }
}

/// An error as a page in the visitor's language: what happened and the way back to the library. No header (the
/// guard's answers come before the visitor is read), so it is the same for every error.
struct ErrorPage {
    let status: HTTPResponse.Status
    /// The message the route gave, already in the visitor's language; nil says what the status means.
    let message: String?

    func response(_ ui: UI, theme: String?) -> Response {
        let title = switch status {
        case .notFound: ui[.notFound]
        case .forbidden: ui[.forbidden]
        default: ui[.errorTitle]
        }
        let text = message ?? (status == .notFound ? ui[.notFoundText] : ui[.badRequestText])
        let html = document(title: title, lang: ui.code, theme: theme, body: [
            el("main", [:],
               el("h1", [:], t(title)), el("p", ["class": "error", "role": "alert"], t(text)),
               el("p", [:], el("a", ["href": "/", "class": "button"], t(ui[.backToLibrary])))),
        ])
        return htmlResponse(html, status: status)
    }
}

/// The 421 page for a request naming another host: no header (its links would lead nowhere useful).
struct WrongHostPage {
    func response(_ ui: UI) -> Response {
        let html = document(title: ui[.wrongHostTitle], lang: ui.code, body: [
            el("main", [:], el("h1", [:], t(ui[.wrongHostTitle])), el("p", [:], t(ui[.wrongHost]))),
        ])
        return htmlResponse(html, status: .misdirectedRequest)
    }
}
