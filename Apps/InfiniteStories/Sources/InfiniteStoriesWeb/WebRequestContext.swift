import Hummingbird
import NIOCore

/// The request context of the web app: Hummingbird's basic context plus the client's address, which the
/// sign-in throttle counts failures by.
public struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connected client (the proxy when one fronts the app); nil in router tests.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text, what failed sign-ins are counted by ("unknown" without one).
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
