import Hummingbird
import NIOCore

/// The per-request context: Hummingbird's core storage plus the connection, which the proxy watches so that a
/// client that goes away cancels its upstream request at once. (Bodies are read with the relay's own limit,
/// `RelayConfiguration.maxBodyBytes`, not the context's `maxUploadSize`.)
public struct RelayRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's connection.
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
