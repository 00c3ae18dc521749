import Foundation
import HTTPTypes
import Logging

/// Everything an ``APIClient`` needs to reach one provider.
package struct ClientConfiguration: Sendable {
    /// The URL every request path is appended to, e.g. `https://api.openai.com/v1`.
    package var baseURL: URL
    /// Headers sent with every request (credentials included; they are never logged).
    package var headers: HTTPFields
    /// Query items sent with every request (e.g. Azure's `api-version`).
    package var query: [URLQueryItem]
    package var retryPolicy: RetryPolicy
    /// Total seconds for a call; default 600.
    package var timeout: TimeInterval
    /// Seconds a stream may stay silent; default 600.
    package var streamIdleTimeout: TimeInterval
    package var logger: Logger
    /// Headers computed for every attempt (refreshed bearer tokens, DeviceCheck tokens); they win over ``headers``.
    package var headerProvider: (@Sendable () async throws -> HTTPFields)?
    /// Why no request may be sent (e.g. a malformed base URL): every call throws `.invalidRequest` with it
    /// rather than sending the credentials to a host the caller didn't choose.
    package var invalidReason: String?
    /// Who answers, as telemetry names it (`gen_ai.provider.name`): `openai`, `azure.ai.openai`, `anthropic`.
    package var providerName: String
    /// The service's interceptors, outermost first.
    package var interceptors: [any AIInterceptor]
    package var telemetry: TelemetryOptions

    package init(
        baseURL: URL, headers: HTTPFields = [:], query: [URLQueryItem] = [],
        retryPolicy: RetryPolicy = .default, timeout: TimeInterval = 600, streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftAI"), headerProvider: (@Sendable () async throws -> HTTPFields)? = nil,
        providerName: String = "openai", interceptors: [any AIInterceptor] = [], telemetry: TelemetryOptions = .default
    ) {
        self.providerName = providerName
        self.interceptors = interceptors
        self.telemetry = telemetry
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
    ///
    /// - Parameter baseURL: nil when the caller's base URL is malformed; `invalidBaseURL` then says what was
    ///   given, and every call fails with `.invalidRequest` instead of falling back to a default host.
    package init(
        baseURL: URL?, invalidBaseURL: @autoclosure () -> String = "", headers: HTTPFields,
        extraHeaders: [String: String]?, query: [URLQueryItem] = [], retryPolicy: RetryPolicy, timeout: TimeInterval,
        streamIdleTimeout: TimeInterval, logger: Logger, headerProvider: (@Sendable () async throws -> HTTPFields)? = nil,
        providerName: String, interceptors: [any AIInterceptor], telemetry: TelemetryOptions
    ) {
        var headers = headers
        var invalidHeaders: String?
        do {
            headers.merge(try HTTPFields(validatingSorted: extraHeaders ?? [:]))
        } catch {
            invalidHeaders = error.message
        }
        self.init(
            baseURL: baseURL ?? URL(fileURLWithPath: "/"), headers: headers, query: query, retryPolicy: retryPolicy,
            timeout: timeout, streamIdleTimeout: streamIdleTimeout, logger: logger, headerProvider: headerProvider,
            providerName: providerName, interceptors: interceptors, telemetry: telemetry)
        if baseURL == nil {
            invalidReason = "Invalid base URL \"\(invalidBaseURL())\": it must be an http or https URL with a host."
        } else if let invalidHeaders {
            // The factories don't throw; every call does, with the reason, rather than dropping a header silently.
            invalidReason = "Invalid extra header: \(invalidHeaders)"
        }
    }

    /// `text` as a base URL a service may send credentials to: http or https, with a host; nil otherwise.
    package static func validatedBaseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

/// `dump()` and debuggers show the description's fields, never the credential headers.
extension ClientConfiguration: CustomReflectable {
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL, "headers": "[\(HeaderRedaction.describe(headers))]", "retries": retryPolicy.maxRetries,
                "timeout": timeout, "streamIdleTimeout": streamIdleTimeout,
            ], displayStyle: .struct)
    }
}

extension ClientConfiguration: CustomStringConvertible {
    package var description: String {
        "ClientConfiguration(baseURL: \(baseURL), headers: [\(HeaderRedaction.describe(headers))], "
            + "retries: \(retryPolicy.maxRetries), timeout: \(timeout) s, streamIdleTimeout: \(streamIdleTimeout) s)"
    }
}
