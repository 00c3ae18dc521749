import AICore
import Foundation
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
    public init(
        configuration: any SAOAIConfiguration, transport: (any HTTPTransport)? = nil, maxRetries: Int = 2,
        timeout: TimeInterval = 600, streamIdleTimeout: TimeInterval = 600,
        logger: Logger = Logger(label: "SwiftAzureOpenAI")
    ) {
        self.configuration = configuration
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let query = components.queryItems ?? []
        components.queryItems = nil
        if components.path.hasSuffix("/responses") { components.path.removeLast("/responses".count) }
        var headers = HTTPHeaderFields()
        for (name, value) in configuration.headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-type" {
            headers[name] = value
        }
        var headerProvider: (@Sendable () async throws -> HTTPHeaderFields)?
        if let provider = configuration.credentialProvider {
            headerProvider = {
                let fetched = try await provider()
                var fields = HTTPHeaderFields()
                for (name, value) in fetched.sorted(by: { $0.key < $1.key }) { fields[name] = value }
                return fields
            }
        }
        let baseURL: URL = components.url ?? configuration.baseURL
        let clientConfiguration = ClientConfiguration(
            baseURL: baseURL, headers: headers, query: query, retryPolicy: RetryPolicy(maxRetries: maxRetries),
            timeout: timeout, streamIdleTimeout: streamIdleTimeout, logger: logger, headerProvider: headerProvider)
        let service = DefaultOpenAIService(configuration: clientConfiguration, transport: transport ?? DefaultTransport.shared)
        responses = ResponsesClient(service: service, timeout: timeout)
    }
}
