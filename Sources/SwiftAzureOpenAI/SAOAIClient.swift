import AICore
import Foundation
import HTTPTypes
import Logging
import SwiftOpenAI

/// The SwiftAzureOpenAI client: `client.responses.create(…)`, `createStreaming(…)`, `retrieve(_:)`, `delete(_:)`.
///
/// ```swift
/// let config = SAOAIAzureConfiguration(
///     endpoint: "https://my-resource.openai.azure.com", apiKey: "…", deploymentName: "gpt-4o-mini")
/// let client = SAOAIClient(configuration: config)
/// let response = try await client.responses.create(model: config.deploymentName, input: "Hello")
/// print(response.outputText)
/// ```
///
/// Requests go through SwiftOpenAI's Responses implementation and the shared transport: retries (2 by
/// default, honouring `retry-after`), timeouts, incremental streaming on every platform. Errors are
/// thrown as ``SAOAIError``.
public final class SAOAIClient: Sendable {
    public let configuration: any SAOAIConfiguration
    /// The Responses API.
    public let responses: ResponsesClient

    /// A client for `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: where requests go and how they authenticate (Azure or OpenAI).
    ///   - transport: the HTTP transport (`import SwiftOpenAI` to name one); the platform default when nil.
    ///   - maxRetries: retries of failed requests (connection errors, 408, 409, 429, 5xx), honouring `retry-after`.
    ///   - timeout: seconds for a whole call (streams: until the response head).
    ///   - streamIdleTimeout: seconds a stream may stay silent.
    ///   - logger: where requests, retries and failures are logged (debug level; keys are never logged).
    ///   - interceptors: see and amend every request, response head and final error (outermost first; see
    ///     `AIInterceptor`).
    ///   - telemetry: whether calls are traced and measured when the app bootstrapped a tracer or metrics backend,
    ///     and whether spans carry message contents (off by default).
    public init(
        configuration: any SAOAIConfiguration, transport: (any HTTPTransport)? = nil, maxRetries: Int = 2,
        timeout: TimeInterval = 600, streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftAzureOpenAI"), interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) {
        self.configuration = configuration
        let service: DefaultOpenAIService
        let retryPolicy = RetryPolicy(maxRetries: maxRetries)
        if let known = configuration as? any OpenAIServiceConfiguration {
            service = known.makeService(
                transport: transport, retryPolicy: retryPolicy, timeout: timeout, streamIdleTimeout: streamIdleTimeout,
                logger: logger, interceptors: interceptors, telemetry: telemetry)
        } else {
            service = Self.service(
                for: configuration, transport: transport, retryPolicy: retryPolicy, timeout: timeout,
                streamIdleTimeout: streamIdleTimeout, logger: logger, interceptors: interceptors, telemetry: telemetry)
        }
        responses = ResponsesClient(service: service, timeout: timeout)
    }

    /// A service for a configuration written outside this module, which says only the endpoint URL and headers:
    /// the `/responses` path and the query are taken back out of the URL.
    static func service(
        for configuration: any SAOAIConfiguration, transport: (any HTTPTransport)?, retryPolicy: RetryPolicy,
        timeout: TimeInterval, streamIdleTimeout: TimeInterval, logger: Logger, interceptors: [any AIInterceptor] = [],
        telemetry: TelemetryOptions = .default
    ) -> DefaultOpenAIService {
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let query = components.queryItems ?? []
        components.queryItems = nil
        if components.path.hasSuffix("/responses") { components.path.removeLast("/responses".count) }
        var headerProvider: (@Sendable () async throws -> HTTPFields)?
        if let provider = configuration.credentialProvider {
            // A name that isn't a valid header fails the call with `.invalidRequest` (mapped to `SAOAIError`).
            headerProvider = { try HTTPFields(validatingSorted: try await provider()) }
        }
        // The configuration's headers are a dictionary (its protocol is public): a name HTTP doesn't allow fails
        // every call with the reason instead of being sent or dropped.
        let headers: HTTPFields
        var invalidHeaders: String?
        do {
            headers = try HTTPFields(validatingSorted: configuration.headers.filter { $0.key.lowercased() != "content-type" })
        } catch {
            headers = [:]
            invalidHeaders = error.message
        }
        var clientConfiguration = ClientConfiguration(
            baseURL: components.url ?? configuration.baseURL, headers: headers,
            query: query, retryPolicy: retryPolicy, timeout: timeout, streamIdleTimeout: streamIdleTimeout,
            logger: logger, headerProvider: headerProvider,
            providerName: configuration is SAOAIOpenAIConfiguration ? "openai" : "azure.ai.openai",
            interceptors: interceptors, telemetry: telemetry)
        clientConfiguration.invalidReason = invalidHeaders.map { "Invalid configuration header: \($0)" }
        return DefaultOpenAIService(configuration: clientConfiguration, transport: transport ?? DefaultTransport.shared)
    }
}

