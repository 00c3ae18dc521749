import Foundation
import HTTPTypes

/// Per-call settings that override the service's configuration.
public struct RequestOptions: Sendable {
    /// Total seconds for a call (all of it for plain calls; up to the response head for streams).
    public var timeout: TimeInterval?
    /// Seconds a stream may go without a byte before it fails with `.timeout`.
    public var streamIdleTimeout: TimeInterval?
    /// Overrides the service's retry count.
    public var maxRetries: Int?
    /// Headers added to (or replacing) the service's headers.
    public var extraHeaders: HTTPFields
    /// Query items added to the URL.
    public var extraQuery: [URLQueryItem]
    /// Called with the metadata of the successful response (for streams: when its head arrives).
    ///
    /// A shorthand for an ``AIInterceptor`` that only looks at the successful head.
    public var onResponse: (@Sendable (HTTPResponseMetadata) -> Void)?
    /// Interceptors for this call, after the service's (see ``AIInterceptor`` for the order).
    public var interceptors: [any AIInterceptor]

    public init(
        timeout: TimeInterval? = nil, streamIdleTimeout: TimeInterval? = nil, maxRetries: Int? = nil,
        extraHeaders: HTTPFields = [:], extraQuery: [URLQueryItem] = [],
        onResponse: (@Sendable (HTTPResponseMetadata) -> Void)? = nil, interceptors: [any AIInterceptor] = []
    ) {
        self.interceptors = interceptors
        self.timeout = timeout
        self.streamIdleTimeout = streamIdleTimeout
        self.maxRetries = maxRetries
        self.extraHeaders = extraHeaders
        self.extraQuery = extraQuery
        self.onResponse = onResponse
    }

    /// No overrides.
    public static let `default` = RequestOptions()
}
