import Foundation
import Hummingbird

extension RouteCollection where Context == WebRequestContext {
    /// Deleting something with a confirmation: GET `path` asks "Delete this …?" with the thing's name and a form
    /// posting back to the same address; POST `path` checks the form's token, removes the thing and answers 303
    /// to `back`.
    func addConfirmedDelete(
        _ path: RouterPath, back: String, question: @escaping @Sendable (UI) -> String,
        name: @escaping @Sendable (WebRequestContext) async throws -> String,
        remove: @escaping @Sendable (WebRequestContext) async throws -> Void
    ) {
        get(path) { request, context in
            context.visit.confirmDelete(
                question(context.visit.ui), name: try await name(context), action: request.uri.path, cancel: back)
        }
        post(path) { request, context in
            try await request.checkPostedToken(context: context)
            try await remove(context)
            return seeOther(back)
        }
    }
}
