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
    public var onResponse: (@Sendable (HTTPResponseMetadata) -> Void)?

    public init(
        timeout: TimeInterval? = nil, streamIdleTimeout: TimeInterval? = nil, maxRetries: Int? = nil,
        extraHeaders: HTTPFields = [:], extraQuery: [URLQueryItem] = [],
        onResponse: (@Sendable (HTTPResponseMetadata) -> Void)? = nil
    ) {
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
