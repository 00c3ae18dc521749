import Foundation
import Hummingbird
import InfiniteStories

/// Settings (mounted at `/settings`): the OpenAI key, saved where the CLI's `key set` saves it, and the monthly
/// spending cap, kept in the library. Each form answers 303 to the page with its message, so a reload posts
/// nothing again.
struct SettingsRoutes {
    let services: WebServices

    var collection: RouteCollection<WebRequestContext> {
        let routes = RouteCollection(context: WebRequestContext.self)
        routes.get { request, context in
            let ui = context.visit.ui
            let message: (String, Bool)? = switch request.uri.queryParameters["done"] {
            case "key": (ui[.keySaved], false)
            case "cap": (ui[.capSaved], false)
            default: nil
            }
            return try await page(message: message).response(context.visit)
        }
        routes.post("cap") { request, context in
            let form = try await request.postedForm(CapForm.self, context: context)
            var text = (form.cap ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "$ \u{00A0}"))
            // A comma is a decimal comma only before one or two digits ("2,50"); "1,000" is refused, not read as 1.
            if let comma = text.firstIndex(of: ","), !text.contains("."), (1...2).contains(text[text.index(after: comma)...].count),
               text.filter({ $0 == "," }).count == 1 {
                text.replace(",", with: ".")
            }
            guard text.isEmpty || Double(text).map({ $0 >= 0 && $0.isFinite && $0 < 1_000_000 }) == true else {
                return try await page(message: (context.visit.ui[.badCap], true), status: .badRequest).response(context.visit)
            }
            try await services.library.setMonthlyCap(Double(text))
            return seeOther("/settings?done=cap")
        }
        routes.post("key") { request, context in
            let form = try await request.postedForm(KeyForm.self, context: context)
            let ui = context.visit.ui
            let key = (form.key ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard KeychainHelper.isValidAPIKeyFormat(key) else {
                return try await page(message: (ui[.badKey], true), status: .badRequest).response(context.visit)
            }
            guard services.keyStorage.saveString(key, for: KeychainHelper.apiKeyIdentifier) else {
                return try await page(message: (ui[.keyNotSaved], true), status: .internalServerError).response(context.visit)
            }
            return seeOther("/settings?done=key")
        }
        routes.post("key/delete") { request, context in
            try await request.checkPostedToken(context: context)
            _ = services.keyStorage.delete(key: KeychainHelper.apiKeyIdentifier)
            return seeOther("/settings")
        }
        return routes
    }

    /// The page with the keys as they are now.
    private func page(message: (text: String, isError: Bool)? = nil, status: HTTPResponse.Status = .ok) async throws -> SettingsPage {
        let environmentKey = services.environment["OPENAI_API_KEY"]
            .flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let savedKey = services.keyStorage.loadString(key: KeychainHelper.apiKeyIdentifier).flatMap { $0.isEmpty ? nil : $0 }
        return SettingsPage(
            environmentKey: environmentKey, savedKey: savedKey, sandbox: services.sandbox, cap: try await services.library.monthlyCap(),
            message: message, status: status)
    }
}
