import Foundation

/// An HTTP method, spelled as on the wire.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
}

/// A request handed to an ``HTTPTransport``.
public struct TransportRequest: Sendable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaderFields
    public var body: Data?

    public init(method: HTTPMethod, url: URL, headers: HTTPHeaderFields = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The status line and headers of a response.
public struct TransportResponseHead: Sendable {
    public var status: Int
    public var headers: HTTPHeaderFields

    public init(status: Int, headers: HTTPHeaderFields) {
        self.status = status
        self.headers = headers
    }
}

/// A response whose body arrives incrementally.
public struct TransportResponse: Sendable {
    public var head: TransportResponseHead
    public var body: HTTPBody

    public init(head: TransportResponseHead, body: HTTPBody) {
        self.head = head
        self.body = body
    }

    public var status: Int { head.status }
    public var headers: HTTPHeaderFields { head.headers }
}

/// Moves bytes for the SDK: one request in; status, headers and an asynchronous body out.
///
/// Implementations must close the underlying connection when the task that iterates the body is
/// cancelled or when the body's iterator is dropped before the end.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived.
    ///
    /// - Parameter headTimeout: seconds to wait for the response head; the transport reports
    ///   ``TransportError/timedOut`` when they pass.
    func send(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse

    /// Releases connections and threads. Every later ``send(_:headTimeout:)`` throws ``TransportError/shutDown`` at
    /// once (never a crash), and a second `shutdown()` does nothing; the SDK's transports also end the requests still
    /// running with it.
    ///
    /// The process-wide ``DefaultTransport/shared`` ignores this call (see there).
    func shutdown() async throws
}

/// Errors a transport reports; the SDK maps them to ``APIError``.
public enum TransportError: Error, Sendable, Equatable {
    /// No response head arrived in time, or the body stalled.
    case timedOut
    /// The connection failed or was closed before the response ended.
    case connectionFailed(String)
    /// The transport has been shut down.
    case shutDown
}

/// The default transport of this platform: AsyncHTTPClient where it is available (Linux), URLSession elsewhere.
public enum DefaultTransport {
    /// A new transport owning its own connection pool.
    public static func make() -> any HTTPTransport {
        #if SWIFTAI_NIO
        return AsyncHTTPClientTransport()
        #else
        return URLSessionTransport()
        #endif
    }

    /// One process-wide transport shared by services that were not given one.
    ///
    /// Its ``HTTPTransport/shutdown()`` does nothing, as `invalidateAndCancel()` does nothing on `URLSession.shared`:
    /// every service that was not given a transport uses this one, so no single owner may end it — one service's
    /// cleanup would otherwise fail every later request of every other service in the process. It lives as long as
    /// the process. Not an error either: cleanup code that shuts down whatever transport a service holds stays correct.
    /// To own a transport's lifetime, make one with ``make()`` and pass it to the service.
    public static let shared: any HTTPTransport = ProcessWideTransport(base: make())
}

/// The shared default transport: requests go to `base`; shutting it down is ignored (see ``DefaultTransport/shared``).
private struct ProcessWideTransport: HTTPTransport {
    let base: any HTTPTransport

    func send(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse {
        try await base.send(request, headTimeout: headTimeout)
    }

    func shutdown() async throws {}
}
