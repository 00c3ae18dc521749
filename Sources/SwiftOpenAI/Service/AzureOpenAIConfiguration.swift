import AICore
import Foundation

/// How to reach an Azure OpenAI resource.
///
/// ```swift
/// let configuration = AzureOpenAIConfiguration(
///     resourceName: "my-resource", openAIAPIKey: .apiKey("…"), apiVersion: "2024-10-21")
/// let service = OpenAIServiceFactory.service(azureConfiguration: configuration)
/// // The deployment is the model of each call: ChatCompletionParameters(…, model: .custom("my-deployment"))
/// ```
public struct AzureOpenAIConfiguration: Sendable {
    /// The credential: an `api-key`, or a Microsoft Entra ID bearer token.
    public enum Authentication: Sendable {
        /// Sent as the `api-key` header.
        case apiKey(String)
        /// A fixed Entra ID token, sent as `Authorization: Bearer …`.
        case bearerToken(String)
        /// Entra ID tokens fetched for every request (so they can be refreshed), sent as `Authorization: Bearer …`.
        case tokenProvider(@Sendable () async throws -> String)
    }

    /// Which URL layout to use.
    public enum Routing: Sendable {
        /// `/openai/deployments/{deployment}/chat/completions?api-version=…` (the classic data plane).
        case deployments
        /// `/openai/v1/chat/completions` (the v1 API), with `api-version` only when one is given.
        case v1
    }

    /// The resource endpoint, e.g. `https://my-resource.openai.azure.com`.
    public let endpoint: URL
    public let authentication: Authentication
    /// The `api-version` query value; empty for none.
    public let apiVersion: String
    public let routing: Routing
    /// Headers added to every request.
    public let extraHeaders: [String: String]

    /// What was given when it doesn't make an http(s) URL with a host; calls then fail with `.invalidRequest`.
    let invalidEndpoint: String?

    /// A resource by name: `https://{resourceName}.openai.azure.com`.
    ///
    /// A name that can't be part of a host name (spaces, slashes, …) makes every call fail with
    /// `APIError.Kind.invalidRequest`; nothing is sent.
    public init(
        resourceName: String, openAIAPIKey: Authentication, apiVersion: String, routing: Routing = .deployments,
        extraHeaders: [String: String] = [:]
    ) {
        let valid = !resourceName.isEmpty
            && resourceName.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        let url = valid ? ClientConfiguration.validatedBaseURL("https://\(resourceName).openai.azure.com") : nil
        self.init(
            validated: url, given: "https://\(resourceName).openai.azure.com", openAIAPIKey: openAIAPIKey,
            apiVersion: apiVersion, routing: routing, extraHeaders: extraHeaders)
    }

    /// A resource by full endpoint (Azure AI Foundry hosts, sovereign clouds, a proxy, a loopback sandbox).
    ///
    /// An endpoint that isn't http(s) with a host makes every call fail with `APIError.Kind.invalidRequest`.
    public init(
        endpoint: URL, openAIAPIKey: Authentication, apiVersion: String, routing: Routing = .deployments,
        extraHeaders: [String: String] = [:]
    ) {
        self.init(
            validated: ClientConfiguration.validatedBaseURL(endpoint.absoluteString), given: endpoint.absoluteString,
            openAIAPIKey: openAIAPIKey, apiVersion: apiVersion, routing: routing, extraHeaders: extraHeaders)
    }

    private init(
        validated: URL?, given: String, openAIAPIKey: Authentication, apiVersion: String, routing: Routing,
        extraHeaders: [String: String]
    ) {
        self.endpoint = validated ?? URL(fileURLWithPath: "/")
        self.invalidEndpoint = validated == nil ? given : nil
        self.authentication = openAIAPIKey
        self.apiVersion = apiVersion
        self.routing = routing
        self.extraHeaders = extraHeaders
    }
}

/// The credential prints as its kind only — in descriptions, `String(reflecting:)` and `dump()`.
extension AzureOpenAIConfiguration.Authentication: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .apiKey: "apiKey(<redacted>)"
        case .bearerToken: "bearerToken(<redacted>)"
        case .tokenProvider: "tokenProvider(…)"
        }
    }

    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: [Any](), displayStyle: .enum) }
}

extension AzureOpenAIConfiguration: CustomStringConvertible {
    public var description: String {
        "AzureOpenAIConfiguration(endpoint: \(endpoint), apiVersion: \(apiVersion), routing: \(routing), credential: <redacted>)"
    }
}
