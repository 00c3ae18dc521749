import Foundation
import Logging

/// Everything an ``APIClient`` needs to reach one provider.
package struct ClientConfiguration: Sendable {
    /// The URL every request path is appended to, e.g. `https://api.openai.com/v1`.
    package var baseURL: URL
    /// Headers sent with every request (credentials included; they are never logged).
    package var headers: HTTPHeaderFields
    /// Query items sent with every request (e.g. Azure's `api-version`).
    package var query: [URLQueryItem]
    package var retryPolicy: RetryPolicy
    /// Total seconds for a call; default 600.
    package var timeout: TimeInterval
    /// Seconds a stream may stay silent; default 600.
    package var streamIdleTimeout: TimeInterval
    package var logger: Logger
    /// Headers computed for every attempt (refreshed bearer tokens, DeviceCheck tokens); they win over ``headers``.
    package var headerProvider: (@Sendable () async throws -> HTTPHeaderFields)?

    package init(
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

extension ClientConfiguration {
    /// The one way a service factory assembles a configuration: the provider's credential and fixed headers, then
    /// the caller's extra headers (in name order, so requests are the same from run to run; they may replace a
    /// fixed header), then the policies.
    package init(
        baseURL: URL, headers: HTTPHeaderFields, extraHeaders: [String: String]?, query: [URLQueryItem] = [],
        retryPolicy: RetryPolicy, timeout: TimeInterval, streamIdleTimeout: TimeInterval, logger: Logger,
        headerProvider: (@Sendable () async throws -> HTTPHeaderFields)? = nil
    ) {
        var headers = headers
        headers.merge(HTTPHeaderFields(sorted: extraHeaders ?? [:]))
        self.init(
            baseURL: baseURL, headers: headers, query: query, retryPolicy: retryPolicy, timeout: timeout,
            streamIdleTimeout: streamIdleTimeout, logger: logger, headerProvider: headerProvider)
    }
}

extension ClientConfiguration: CustomStringConvertible {
    package var description: String {
        "ClientConfiguration(baseURL: \(baseURL), headers: [\(HeaderRedaction.describe(headers))], "
            + "retries: \(retryPolicy.maxRetries), timeout: \(timeout) s, streamIdleTimeout: \(streamIdleTimeout) s)"
    }
}
