import AICore
import Foundation
import Logging
import SwiftOpenAI

/// A configuration of this module that says what it is (an Azure resource, OpenAI) rather than only a URL,
/// so the client is built by SwiftOpenAI's factory like any other service: one model of Azure, not two.
protocol OpenAIServiceConfiguration: SAOAIConfiguration {
    func makeService(
        transport: (any HTTPTransport)?, retryPolicy: RetryPolicy, timeout: TimeInterval,
        streamIdleTimeout: TimeInterval, logger: Logger, interceptors: [any AIInterceptor], telemetry: TelemetryOptions
    ) -> DefaultOpenAIService
}

extension SAOAIAzureConfiguration: OpenAIServiceConfiguration {
    /// The resource as SwiftOpenAI models it: the v1 routes (`/openai/v1/responses`) and this credential.
    /// A malformed endpoint stays malformed there: calls fail with `.invalidRequest`, nothing is sent.
    var azureOpenAIConfiguration: AzureOpenAIConfiguration {
        var trimmed = endpoint
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        // An unparseable string still yields a URL value that the configuration then rejects.
        let url = URL(string: trimmed) ?? URL(fileURLWithPath: trimmed)
        return AzureOpenAIConfiguration(endpoint: url, openAIAPIKey: authentication, apiVersion: apiVersion, routing: .v1)
    }

    func makeService(
        transport: (any HTTPTransport)?, retryPolicy: RetryPolicy, timeout: TimeInterval,
        streamIdleTimeout: TimeInterval, logger: Logger, interceptors: [any AIInterceptor], telemetry: TelemetryOptions
    ) -> DefaultOpenAIService {
        OpenAIServiceFactory.defaultService(
            azureConfiguration: azureOpenAIConfiguration, transport: transport, retryPolicy: retryPolicy, timeout: timeout,
            streamIdleTimeout: streamIdleTimeout, logger: logger, interceptors: interceptors, telemetry: telemetry)
    }
}

extension SAOAIOpenAIConfiguration: OpenAIServiceConfiguration {
    func makeService(
        transport: (any HTTPTransport)?, retryPolicy: RetryPolicy, timeout: TimeInterval,
        streamIdleTimeout: TimeInterval, logger: Logger, interceptors: [any AIInterceptor], telemetry: TelemetryOptions
    ) -> DefaultOpenAIService {
        OpenAIServiceFactory.defaultService(
            apiKey: apiKey, organizationID: organization, projectID: project, overrideBaseURL: apiBaseURL,
            overrideVersion: "", extraHeaders: nil, transport: transport, retryPolicy: retryPolicy, timeout: timeout,
            streamIdleTimeout: streamIdleTimeout, logger: logger, interceptors: interceptors, telemetry: telemetry)
    }
}
