import Foundation
import Hummingbird
import InfiniteStories

/// Settings: the OpenAI key, shown masked only, with forms to set, replace or delete it. The key is never
/// echoed back.
struct SettingsPage {
    /// `OPENAI_API_KEY`, which wins over the saved key.
    var environmentKey: String?
    var savedKey: String?
    /// True with `--sandbox`: no key is used.
    var sandbox: Bool
    /// The monthly spending cap, if set.
    var cap: Double?
    var message: (text: String, isError: Bool)?
    var status: HTTPResponse.Status = .ok

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        var body: [Node] = []
        if let message {
            body.append(el("p", attrs: [("class", message.isError ? "error" : "status"), ("role", "status")], [t(message.text)]))
        }
        if sandbox { body.append(el("p", ["class": "meta"], t(ui[.sandboxKey]))) }
        let current: String = if let environmentKey {
            "\(KeychainHelper.masked(environmentKey)) (OPENAI_API_KEY)"
        } else if let savedKey {
            KeychainHelper.masked(savedKey)
        } else {
            ui[.noKey]
        }
        body.append(el("p", [:], t("\(ui[.currentKey]): \(current)")))
        body.append(visit.form("/settings/key", [
            el("label", ["for": "key"], t(ui[.newKey])),
            void("input", ["id": "key", "name": "key", "type": "password", "autocomplete": "off", "maxlength": "300",
                           "placeholder": "sk-…", "required": "required"]),
            el("button", ["type": "submit"], t(ui[.save])),
        ]))
        if savedKey != nil {
            body.append(visit.form("/settings/key/delete", [
                el("button", ["type": "submit", "class": "danger"], t(ui[.deleteKey])),
            ]))
        }
        body.append(visit.form("/settings/cap", [
            el("label", ["for": "cap"], t(ui[.monthlyCap])),
            void("input", attrs: [("id", "cap"), ("name", "cap"), ("inputmode", "decimal"), ("maxlength", "12"),
                                  ("value", cap.map { String(format: "%.2f", $0) } ?? "")]),
            el("button", ["type": "submit"], t(ui[.save])),
        ]))
        return visit.page(ui[.settings], status: status, body)
    }
}
