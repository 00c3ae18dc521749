import AICore
import Foundation
import HTTPTypes
import Logging

/// Creates ``OpenAIService`` values.
public enum OpenAIServiceFactory {
    /// The default API host.
    public static let defaultBaseURL = "https://api.openai.com"

    /// A service for OpenAI or any OpenAI-compatible server.
    ///
    /// - Parameters:
    ///   - apiKey: sent as `Authorization: Bearer …`; never logged.
    ///   - organizationID: sent as `OpenAI-Organization`.
    ///   - projectID: sent as `OpenAI-Project`.
    ///   - overrideBaseURL: the host part, e.g. `http://127.0.0.1:8080` or `https://api.groq.com/openai`;
    ///     `/v1` (or `/` + `overrideVersion`) is appended. When nil, `OPENAI_BASE_URL` (a complete base URL
    ///     such as `https://api.openai.com/v1`) is used if set, else `https://api.openai.com/v1`.
    ///   - overrideVersion: the path version segment; `""` appends nothing.
    ///   - extraHeaders: added to every request.
    ///   - transport: the HTTP transport; the platform default when nil.
    ///   - retryPolicy: retries of failed requests (default 2).
    ///   - timeout: seconds for a whole call (streams: until the response head); default 600.
    ///   - streamIdleTimeout: seconds a stream may stay silent; default 600.
    ///   - logger: receives debug logs of requests (credentials redacted).
    ///   - interceptors: see and amend every request, response head and final error (outermost first; see
    ///     ``AIInterceptor``).
    ///   - telemetry: whether calls are traced and measured when the app bootstrapped a tracer or metrics backend,
    ///     and whether spans carry message contents (off by default).
    public static func service(
        apiKey: String,
        organizationID: String? = nil,
        projectID: String? = nil,
        overrideBaseURL: String? = nil,
        overrideVersion: String? = nil,
        extraHeaders: [String: String]? = nil,
        transport: (any HTTPTransport)? = nil,
        retryPolicy: RetryPolicy = .default,
        timeout: TimeInterval = 600,
        streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftOpenAI"),
        interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> any OpenAIService {
        defaultService(
            apiKey: apiKey, organizationID: organizationID, projectID: projectID, overrideBaseURL: overrideBaseURL,
            overrideVersion: overrideVersion, extraHeaders: extraHeaders, transport: transport, retryPolicy: retryPolicy,
            timeout: timeout, streamIdleTimeout: streamIdleTimeout, logger: logger, interceptors: interceptors,
            telemetry: telemetry)
    }

    /// ``service(apiKey:organizationID:projectID:overrideBaseURL:overrideVersion:extraHeaders:transport:retryPolicy:timeout:streamIdleTimeout:logger:)``
    /// with its concrete type, for modules that build on it.
    package static func defaultService(
        apiKey: String, organizationID: String?, projectID: String?, overrideBaseURL: String?, overrideVersion: String?,
        extraHeaders: [String: String]?, transport: (any HTTPTransport)?, retryPolicy: RetryPolicy,
        timeout: TimeInterval, streamIdleTimeout: TimeInterval, logger: Logger, interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> DefaultOpenAIService {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(apiKey)"
        if let organizationID { headers["OpenAI-Organization"] = organizationID }
        if let projectID { headers["OpenAI-Project"] = projectID }
        let configuration = ClientConfiguration(
            baseURL: baseURL(override: overrideBaseURL, version: overrideVersion),
            invalidBaseURL: overrideBaseURL ?? ProcessInfo.processInfo.environment["OPENAI_BASE_URL"] ?? "", headers: headers,
            extraHeaders: extraHeaders, retryPolicy: retryPolicy, timeout: timeout,
            streamIdleTimeout: streamIdleTimeout, logger: logger, providerName: "openai", interceptors: interceptors,
            telemetry: telemetry)
        return DefaultOpenAIService(configuration: configuration, transport: transport ?? DefaultTransport.shared)
    }

    /// A service for Azure OpenAI. The model of each call names the deployment.
    ///
    /// - Parameters:
    ///   - interceptors: see and amend every request, response head and final error (outermost first; see
    ///     ``AIInterceptor``).
    ///   - telemetry: whether calls are traced and measured when the app bootstrapped a tracer or metrics backend,
    ///     and whether spans carry message contents (off by default).
    public static func service(
        azureConfiguration: AzureOpenAIConfiguration,
        transport: (any HTTPTransport)? = nil,
        retryPolicy: RetryPolicy = .default,
        timeout: TimeInterval = 600,
        streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftOpenAI.Azure"),
        interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> any OpenAIService {
        defaultService(
            azureConfiguration: azureConfiguration, transport: transport, retryPolicy: retryPolicy, timeout: timeout,
            streamIdleTimeout: streamIdleTimeout, logger: logger, interceptors: interceptors, telemetry: telemetry)
    }

    /// ``service(azureConfiguration:transport:retryPolicy:timeout:streamIdleTimeout:logger:)`` with its concrete
    /// type, for modules that build on it.
    package static func defaultService(
        azureConfiguration: AzureOpenAIConfiguration, transport: (any HTTPTransport)?, retryPolicy: RetryPolicy,
        timeout: TimeInterval, streamIdleTimeout: TimeInterval, logger: Logger, interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> DefaultOpenAIService {
        var headers = HTTPFields()
        var provider: (@Sendable () async throws -> HTTPFields)?
        switch azureConfiguration.authentication {
        case .apiKey(let key): headers["api-key"] = key
        case .bearerToken(let token): headers[.authorization] = "Bearer \(token)"
        case .tokenProvider(let fetch): provider = { [.authorization: "Bearer \(try await fetch())"] }
        }
        var query: [URLQueryItem] = []
        let version = azureConfiguration.apiVersion
        if !version.isEmpty, !(azureConfiguration.routing == .v1 && version == "v1") {
            query.append(URLQueryItem(name: "api-version", value: version))
        }
        let configuration = ClientConfiguration(
            baseURL: azureConfiguration.invalidEndpoint == nil ? azureConfiguration.endpoint : nil,
            invalidBaseURL: azureConfiguration.invalidEndpoint ?? "", headers: headers,
            extraHeaders: azureConfiguration.extraHeaders,
            query: query, retryPolicy: retryPolicy, timeout: timeout, streamIdleTimeout: streamIdleTimeout,
            logger: logger, headerProvider: provider, providerName: "azure.ai.openai", interceptors: interceptors,
            telemetry: telemetry)
        return DefaultOpenAIService(
            configuration: configuration, transport: transport ?? DefaultTransport.shared,
            routing: azureConfiguration.routing == .v1 ? .azureV1 : .azureDeployments)
    }

    /// The host of AIProxy's legacy (service-URL-less) endpoint.
    public static let aiproxyDefaultURL = "https://api.aiproxy.pro"

    /// A service that goes through [AIProxy](https://www.aiproxy.pro) instead of holding the OpenAI key, for apps.
    ///
    /// - Parameters:
    ///   - aiproxyPartialKey: the partial key from the AIProxy dashboard (safe to ship in the app).
    ///   - aiproxyServiceURL: the service URL from the dashboard; `/v1/…` paths are appended. Without it, AIProxy's
    ///     legacy endpoint is used.
    ///   - aiproxyClientID: an id for the end user, for per-user rate limits.
    ///   - aiproxyDeviceCheckBypass: the simulator-only bypass token; never ship it.
    ///   - transport: the HTTP transport; the platform default when nil.
    ///   - retryPolicy: how failed requests are retried.
    ///   - timeout: seconds for a whole call (streams: until the response head).
    ///   - streamIdleTimeout: seconds a stream may stay silent.
    ///   - logger: where requests, retries and failures are logged (debug level; keys are never logged).
    ///   - interceptors: see and amend every request, response head and final error (outermost first; see
    ///     ``AIInterceptor``).
    ///   - telemetry: whether calls are traced and measured when the app bootstrapped a tracer or metrics backend,
    ///     and whether spans carry message contents (off by default).
    public static func service(
        aiproxyPartialKey: String,
        aiproxyServiceURL: String? = nil,
        aiproxyClientID: String? = nil,
        aiproxyDeviceCheckBypass: String? = nil,
        transport: (any HTTPTransport)? = nil,
        retryPolicy: RetryPolicy = .default,
        timeout: TimeInterval = 600,
        streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftOpenAI.AIProxy"),
        interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> any OpenAIService {
        let configuration = ClientConfiguration(
            baseURL: baseURL(override: aiproxyServiceURL ?? aiproxyDefaultURL, version: nil, environment: [:]),
            invalidBaseURL: aiproxyServiceURL ?? "",
            headers: AIProxy.staticHeaders(partialKey: aiproxyPartialKey, clientID: aiproxyClientID), extraHeaders: nil,
            retryPolicy: retryPolicy, timeout: timeout, streamIdleTimeout: streamIdleTimeout, logger: logger,
            headerProvider: AIProxy.deviceCheckHeaders(bypass: aiproxyDeviceCheckBypass), providerName: "openai",
            interceptors: interceptors, telemetry: telemetry)
        return DefaultOpenAIService(configuration: configuration, transport: transport ?? DefaultTransport.shared)
    }

    /// The base URL a service uses for the given overrides and environment; nil when the one given is malformed
    /// (never a silent fallback to api.openai.com, which would send the key to a host the caller didn't choose).
    static func baseURL(
        override: String?, version: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        if override == nil, let fromEnvironment = environment["OPENAI_BASE_URL"], !fromEnvironment.isEmpty {
            return ClientConfiguration.validatedBaseURL(fromEnvironment)
        }
        var host = override ?? defaultBaseURL
        while host.hasSuffix("/") { host.removeLast() }
        let version = version ?? "v1"
        let path = version.isEmpty ? "" : "/" + version.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return ClientConfiguration.validatedBaseURL(host + path)
    }
}
