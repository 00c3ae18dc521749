import Foundation
import Hummingbird

/// The sign-in form (password mode).
struct LoginPage {
    var error: String?
    var status: HTTPResponse.Status = .ok

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        var body = visit.errorNotice(error)
        body.append(visit.form("/login", [
            el("label", ["for": "password"], t(ui[.password])),
            void("input", ["id": "password", "name": "password", "type": "password", "required": "required",
                           "autocomplete": "current-password", "maxlength": "200"]),
            el("button", ["type": "submit"], t(ui[.signIn])),
        ]))
        return visit.page(ui[.signIn], status: status, body)
    }
}
