import Foundation
import Hummingbird
import NIOCore

/// The request context of the web app: Hummingbird's basic context, the client's address (what the sign-in
/// throttle counts failures by) and the visitor as ``VisitMiddleware`` read them from the request.
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connected client (the proxy when one fronts the app); nil in router tests.
    let remoteAddress: SocketAddress?
    /// The visitor's language, CSRF token and sign-in state. ``VisitMiddleware`` fills it before any route
    /// runs; until then it is ``Visit/unread``, whose empty token no form check accepts.
    var visit: Visit = .unread

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text, what failed sign-ins are counted by ("unknown" without one).
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }

    /// The `:id` path parameter as a UUID; 404 when it is not one (no such page).
    func id() throws -> UUID {
        guard let text = parameters.get("id"), let id = UUID(uuidString: text) else { throw HTTPError(.notFound) }
        return id
    }
}
