import Foundation
import Hummingbird
import InfiniteStories

extension Pages {
    /// Settings: the OpenAI key, shown masked only; set, replace or delete it. The key is never echoed back.
    func settingsPage(_ visit: Visit, message: (text: String, isError: Bool)?, status: HTTPResponse.Status) -> Response {
        let ui = visit.ui
        let environmentKey = services.environment["OPENAI_API_KEY"]
            .flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let savedKey = services.keyStorage.loadString(key: KeychainHelper.apiKeyIdentifier).flatMap { $0.isEmpty ? nil : $0 }
        var body: [Node] = []
        if let message {
            body.append(el("p", attrs: [("class", message.isError ? "error" : "status"), ("role", "status")], [t(message.text)]))
        }
        if services.sandbox { body.append(el("p", ["class": "meta"], t(ui["sandboxKey"]))) }
        let current: String = if let environmentKey {
            "\(KeychainHelper.masked(environmentKey)) (OPENAI_API_KEY)"
        } else if let savedKey {
            KeychainHelper.masked(savedKey)
        } else {
            ui["noKey"]
        }
        body.append(el("p", [:], t("\(ui["currentKey"]): \(current)")))
        body.append(visit.form("/settings/key", [
            el("label", ["for": "key"], t(ui["newKey"])),
            void("input", ["id": "key", "name": "key", "type": "password", "autocomplete": "off", "maxlength": "300",
                           "placeholder": "sk-…", "required": "required"]),
            el("button", ["type": "submit"], t(ui["save"])),
        ]))
        if savedKey != nil {
            body.append(visit.form("/settings/key/delete", [
                el("button", ["type": "submit", "class": "danger"], t(ui["deleteKey"])),
            ]))
        }
        return visit.page(ui["settings"], status: status, body)
    }

    func saveKey(_ request: Request) async throws -> Response {
        let form = try await postedForm(request)
        let visit = Visit(request)
        let key = (form["key"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard KeychainHelper.isValidAPIKeyFormat(key) else {
            return settingsPage(visit, message: (visit.ui["badKey"], true), status: .badRequest)
        }
        guard services.keyStorage.saveString(key, for: KeychainHelper.apiKeyIdentifier) else {
            return settingsPage(visit, message: (visit.ui["keyNotSaved"], true), status: .internalServerError)
        }
        return settingsPage(visit, message: (visit.ui["keySaved"], false), status: .ok)
    }

    func deleteKey(_ request: Request) async throws -> Response {
        _ = try await postedForm(request)
        _ = services.keyStorage.delete(key: KeychainHelper.apiKeyIdentifier)
        return Visit(request).redirect("/settings")
    }
}
