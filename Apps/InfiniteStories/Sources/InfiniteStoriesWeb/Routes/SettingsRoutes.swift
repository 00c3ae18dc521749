import Foundation
import Hummingbird
import InfiniteStories

/// Settings (mounted at `/settings`): the OpenAI key, saved where the CLI's `key set` saves it.
struct SettingsRoutes {
    let services: WebServices

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get { _, context in page().response(context.visit) }
        routes.post("key") { request, context in
            let form = try await request.postedForm(KeyForm.self, context: context)
            let ui = context.visit.ui
            let key = (form.key ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard KeychainHelper.isValidAPIKeyFormat(key) else {
                return page(message: (ui[.badKey], true), status: .badRequest).response(context.visit)
            }
            guard services.keyStorage.saveString(key, for: KeychainHelper.apiKeyIdentifier) else {
                return page(message: (ui[.keyNotSaved], true), status: .internalServerError).response(context.visit)
            }
            return page(message: (ui[.keySaved], false)).response(context.visit)
        }
        routes.post("key/delete") { request, context in
            try await request.checkPostedToken(context: context)
            _ = services.keyStorage.delete(key: KeychainHelper.apiKeyIdentifier)
            return seeOther("/settings")
        }
        return routes
    }

    /// The page with the keys as they are now.
    private func page(message: (text: String, isError: Bool)? = nil, status: HTTPResponse.Status = .ok) -> SettingsPage {
        let environmentKey = services.environment["OPENAI_API_KEY"]
            .flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let savedKey = services.keyStorage.loadString(key: KeychainHelper.apiKeyIdentifier).flatMap { $0.isEmpty ? nil : $0 }
        return SettingsPage(
            environmentKey: environmentKey, savedKey: savedKey, sandbox: services.sandbox, message: message, status: status)
    }
}
