import AICore
import Testing

/// The HTTP transports a test runs over, as a test argument: both run on Linux.
///
/// Without SwiftNIO (Apple platforms in a lean build) `.asyncHTTPClient` falls back to URLSession, so an argument list
/// stays the same on every platform and a test's name says which transport it meant.
public enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case asyncHTTPClient
    case urlSession

    public var testDescription: String { rawValue }

    /// A new transport of this kind (the caller shuts it down, or lets it go with its client).
    public func make() -> any HTTPTransport {
        switch self {
        case .asyncHTTPClient:
            #if SWIFTAI_NIO
            return AsyncHTTPClientTransport()
            #else
            return URLSessionTransport()
            #endif
        case .urlSession:
            return URLSessionTransport()
        }
    }
}
