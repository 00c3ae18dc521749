import Foundation
import Logging

/// Everything an ``APIClient`` needs to reach one provider.
public struct ClientConfiguration: Sendable {
    /// The URL every request path is appended to, e.g. `https://api.openai.com/v1`.
    public var baseURL: URL
    /// Headers sent with every request (credentials included; they are never logged).
    public var headers: HTTPHeaderFields
    /// Query items sent with every request (e.g. Azure's `api-version`).
    public var query: [URLQueryItem]
    public var retryPolicy: RetryPolicy
    /// Total seconds for a call; default 600.
    public var timeout: TimeInterval
    /// Seconds a stream may stay silent; default 600.
    public var streamIdleTimeout: TimeInterval
    public var logger: Logger
    /// Headers computed for every attempt (refreshed bearer tokens, DeviceCheck tokens); they win over ``headers``.
    public var headerProvider: (@Sendable () async throws -> HTTPHeaderFields)?

    public init(
        baseURL: URL, headers: HTTPHeaderFields = [:], query: [URLQueryItem] = [],
        retryPolicy: RetryPolicy = .default, timeout: TimeInterval = 600, streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftAI"), headerProvider: (@Sendable () async throws -> HTTPHeaderFields)? = nil
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.query = query
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.streamIdleTimeout = streamIdleTimeout
        self.logger = logger
        self.headerProvider = headerProvider
    }
}

extension ClientConfiguration: CustomStringConvertible {
    public var description: String {
        "ClientConfiguration(baseURL: \(baseURL), headers: [\(HeaderRedaction.describe(headers))], "
            + "retries: \(retryPolicy.maxRetries), timeout: \(timeout) s, streamIdleTimeout: \(streamIdleTimeout) s)"
    }
}
