import Foundation
import SwiftOpenAI

/// Where and how a ``SAOAIClient`` reaches the Responses API.
public protocol SAOAIConfiguration: Sendable {
    /// The full URL of the Responses endpoint, with any query (e.g. `api-version`).
    var baseURL: URL { get }
    /// The headers of every request, credentials included.
    var headers: [String: String] { get }
    /// Headers fetched before every attempt (e.g. refreshed Microsoft Entra ID tokens); nil for none.
    var credentialProvider: (@Sendable () async throws -> [String: String])? { get }
}

extension SAOAIConfiguration {
    public var credentialProvider: (@Sendable () async throws -> [String: String])? { nil }
}

/// An Azure OpenAI resource: `{endpoint}/openai/v1/responses?api-version=…` with an `api-key` header
/// (or a Microsoft Entra ID bearer token).
public struct SAOAIAzureConfiguration: SAOAIConfiguration, CustomStringConvertible {
    /// The resource endpoint, e.g. `https://my-resource.openai.azure.com` (any host: Foundry, sovereign clouds, a proxy).
    public let endpoint: String
    /// The `api-key`; empty when an Entra ID token is used.
    public let apiKey: String
    /// The deployment to use as the `model` of requests.
    public let deploymentName: String
    /// The `api-version` query value (`preview` by default); empty for none.
    public let apiVersion: String
    private let bearerToken: String?
    private let tokenProvider: (@Sendable () async throws -> String)?

    /// The credential as SwiftOpenAI's Azure configuration takes it.
    var authentication: AzureOpenAIConfiguration.Authentication {
        if let bearerToken { return .bearerToken(bearerToken) }
        if let tokenProvider { return .tokenProvider(tokenProvider) }
        return .apiKey(apiKey)
    }

    /// A resource with an API key.
    public init(endpoint: String, apiKey: String, deploymentName: String, apiVersion: String = "preview") {
        self.endpoint = endpoint
        self.apiKey = apiKey
        self.deploymentName = deploymentName
        self.apiVersion = apiVersion
        self.bearerToken = nil
        self.tokenProvider = nil
    }

    /// A resource with a fixed Microsoft Entra ID token (`Authorization: Bearer …`).
    public init(endpoint: String, entraIDToken: String, deploymentName: String, apiVersion: String = "preview") {
        self.endpoint = endpoint
        self.apiKey = ""
        self.deploymentName = deploymentName
        self.apiVersion = apiVersion
        self.bearerToken = entraIDToken
        self.tokenProvider = nil
    }

    /// A resource with Microsoft Entra ID tokens fetched before every request (so they can be refreshed).
    public init(
        endpoint: String, tokenProvider: @escaping @Sendable () async throws -> String, deploymentName: String,
        apiVersion: String = "preview"
    ) {
        self.endpoint = endpoint
        self.apiKey = ""
        self.deploymentName = deploymentName
        self.apiVersion = apiVersion
        self.bearerToken = nil
        self.tokenProvider = tokenProvider
    }

    public var baseURL: URL {
        let trimmed = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        var components = URLComponents(string: trimmed + "/openai/v1/responses") ?? URLComponents()
        if !apiVersion.isEmpty { components.queryItems = [URLQueryItem(name: "api-version", value: apiVersion)] }
        return components.url ?? URL(string: "https://invalid.openai.azure.com/openai/v1/responses")!
    }

    public var headers: [String: String] {
        var headers = ["Content-Type": "application/json"]
        if let bearerToken {
            headers["Authorization"] = "Bearer \(bearerToken)"
        } else if tokenProvider == nil {
            headers["api-key"] = apiKey
        }
        return headers
    }

    public var credentialProvider: (@Sendable () async throws -> [String: String])? {
        guard let tokenProvider else { return nil }
        return { ["Authorization": "Bearer \(try await tokenProvider())"] }
    }

    public var description: String {
        "SAOAIAzureConfiguration(endpoint: \(endpoint), deploymentName: \(deploymentName), apiVersion: \(apiVersion), credential: <redacted>)"
    }
}

/// `dump()` and debuggers see the description's fields, not the key or token.
extension SAOAIAzureConfiguration: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self, children: ["endpoint": endpoint, "deploymentName": deploymentName, "apiVersion": apiVersion, "credential": "<redacted>"],
            displayStyle: .struct)
    }
}

/// OpenAI (or an OpenAI-compatible server): `{baseURL}/responses` with `Authorization: Bearer …`.
public struct SAOAIOpenAIConfiguration: SAOAIConfiguration, CustomStringConvertible {
    public let apiKey: String
    public let organization: String?
    public let project: String?
    /// The API base, `https://api.openai.com/v1` by default.
    public let apiBaseURL: String

    public init(apiKey: String, organization: String? = nil, project: String? = nil, baseURL: String = "https://api.openai.com/v1") {
        self.apiKey = apiKey
        self.organization = organization
        self.project = project
        self.apiBaseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    public var baseURL: URL {
        URL(string: apiBaseURL + "/responses") ?? URL(string: "https://api.openai.com/v1/responses")!
    }

    public var headers: [String: String] {
        var headers = ["Authorization": "Bearer \(apiKey)", "Content-Type": "application/json"]
        if let organization { headers["OpenAI-Organization"] = organization }
        if let project { headers["OpenAI-Project"] = project }
        return headers
    }

    public var description: String {
        "SAOAIOpenAIConfiguration(baseURL: \(apiBaseURL), organization: \(organization ?? "nil"), credential: <redacted>)"
    }
}

/// `dump()` and debuggers see the description's fields, not the key.
extension SAOAIOpenAIConfiguration: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self, children: ["baseURL": apiBaseURL, "organization": organization as Any, "credential": "<redacted>"],
            displayStyle: .struct)
    }
}
