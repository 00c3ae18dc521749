import Foundation
import HTTPTypes

/// A request handed to an ``HTTPTransport``.
///
/// Method and headers are the `HTTPTypes` vocabulary (`HTTPRequest.Method`, `HTTPFields`), as in Hummingbird and
/// swift-openapi, so a transport built on any of them passes them through without converting.
public struct TransportRequest: Sendable {
    public var method: HTTPRequest.Method
    public var url: URL
    public var headers: HTTPFields
    public var body: Data?

    public init(method: HTTPRequest.Method, url: URL, headers: HTTPFields = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The status line and headers of a response.
public struct TransportResponseHead: Sendable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields

    public init(status: HTTPResponse.Status, headers: HTTPFields) {
        self.status = status
        self.headers = headers
    }
}

/// A response whose body arrives incrementally.
public struct TransportResponse: Sendable {
    public var head: TransportResponseHead
    public var body: TransportBody

    public init(head: TransportResponseHead, body: TransportBody) {
        self.head = head
        self.body = body
    }

    public var status: HTTPResponse.Status { head.status }
    public var headers: HTTPFields { head.headers }
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
