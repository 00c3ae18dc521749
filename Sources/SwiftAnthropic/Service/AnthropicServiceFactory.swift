import AICore
import Foundation
import HTTPTypes
import Logging

/// Creates ``AnthropicService`` values.
public enum AnthropicServiceFactory {
    public static let defaultBasePath = "https://api.anthropic.com"
    public static let defaultAPIVersion = "2023-06-01"

    /// A service for the Anthropic API or a compatible server.
    ///
    /// One function covers the forms `(apiKey:)`, `(apiKey:apiVersion:)`,
    /// `(apiKey:apiVersion:basePath:)` and `(apiKey:betaHeaders:)`.
    ///
    /// - Parameters:
    ///   - apiKey: sent as `x-api-key`; `ANTHROPIC_API_KEY` when nil. Never logged.
    ///   - apiVersion: sent as `anthropic-version`.
    ///   - basePath: the host part, e.g. `https://api.anthropic.com`; `/v1` is appended. `ANTHROPIC_BASE_URL` when nil.
    ///   - betaHeaders: joined with commas into `anthropic-beta`.
    ///   - extraHeaders: added to every request.
    ///   - transport: the HTTP transport; the platform default when nil.
    ///   - interceptors: see and amend every request, response head and final error (outermost first; see
    ///     ``AIInterceptor``).
    ///   - telemetry: whether calls are traced and measured when the app bootstrapped a tracer or metrics backend,
    ///     and whether spans carry message contents (off by default).
    public static func service(
        apiKey: String? = nil,
        apiVersion: String = defaultAPIVersion,
        basePath: String? = nil,
        betaHeaders: [String]? = nil,
        extraHeaders: [String: String]? = nil,
        transport: (any HTTPTransport)? = nil,
        retryPolicy: RetryPolicy = .default,
        timeout: TimeInterval = 600,
        streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftAnthropic"),
        interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> any AnthropicService {
        let environment = ProcessInfo.processInfo.environment
        var headers = HTTPFields()
        headers["x-api-key"] = apiKey ?? environment["ANTHROPIC_API_KEY"] ?? ""
        headers["anthropic-version"] = apiVersion
        if let betaHeaders, !betaHeaders.isEmpty { headers["anthropic-beta"] = betaHeaders.joined(separator: ",") }
        let configuration = ClientConfiguration(
            baseURL: baseURL(basePath: basePath, environment: environment),
            invalidBaseURL: basePath ?? environment["ANTHROPIC_BASE_URL"] ?? "", headers: headers,
            extraHeaders: extraHeaders, retryPolicy: retryPolicy,
            timeout: timeout, streamIdleTimeout: streamIdleTimeout, logger: logger, providerName: "anthropic",
            interceptors: interceptors, telemetry: telemetry)
        return DefaultAnthropicService(configuration: configuration, transport: transport ?? DefaultTransport.shared)
    }

    /// A service that goes through [AIProxy](https://www.aiproxy.pro) instead of holding the Anthropic key.
    ///
    /// - Parameters:
    ///   - aiproxyPartialKey: the partial key from the AIProxy dashboard (safe to ship in the app).
    ///   - aiproxyServiceURL: the service URL from the dashboard; the API paths (`/v1/messages`, …) are appended.
    ///   - aiproxyClientID: an id for the end user, for per-user rate limits.
    ///   - aiproxyDeviceCheckBypass: the simulator-only bypass token; never ship it.
    ///   - interceptors: see and amend every request, response head and final error (outermost first; see
    ///     ``AIInterceptor``).
    ///   - telemetry: whether calls are traced and measured when the app bootstrapped a tracer or metrics backend,
    ///     and whether spans carry message contents (off by default).
    public static func service(
        aiproxyPartialKey: String,
        aiproxyServiceURL: String,
        aiproxyClientID: String? = nil,
        aiproxyDeviceCheckBypass: String? = nil,
        apiVersion: String = defaultAPIVersion,
        betaHeaders: [String]? = nil,
        transport: (any HTTPTransport)? = nil,
        retryPolicy: RetryPolicy = .default,
        timeout: TimeInterval = 600,
        streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftAnthropic"),
        interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> any AnthropicService {
        var headers = AIProxy.staticHeaders(partialKey: aiproxyPartialKey, clientID: aiproxyClientID)
        headers["anthropic-version"] = apiVersion
        if let betaHeaders, !betaHeaders.isEmpty { headers["anthropic-beta"] = betaHeaders.joined(separator: ",") }
        let configuration = ClientConfiguration(
            baseURL: baseURL(basePath: aiproxyServiceURL, environment: [:]), invalidBaseURL: aiproxyServiceURL,
            headers: headers, extraHeaders: nil,
            retryPolicy: retryPolicy,
            timeout: timeout, streamIdleTimeout: streamIdleTimeout, logger: logger,
            headerProvider: AIProxy.deviceCheckHeaders(bypass: aiproxyDeviceCheckBypass), providerName: "anthropic",
            interceptors: interceptors, telemetry: telemetry)
        return DefaultAnthropicService(configuration: configuration, transport: transport ?? DefaultTransport.shared)
    }

    /// The base URL (ending in `/v1`) for a base path or the environment; nil when the one given is malformed
    /// (never a silent fallback to api.anthropic.com).
    static func baseURL(basePath: String?, environment: [String: String]) -> URL? {
        var host = basePath ?? environment["ANTHROPIC_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultBasePath
        while host.hasSuffix("/") { host.removeLast() }
        if host.hasSuffix("/v1") { host.removeLast(3) }
        return ClientConfiguration.validatedBaseURL(host + "/v1")
    }
}
