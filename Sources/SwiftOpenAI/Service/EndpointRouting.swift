import AICore
import Foundation

/// Maps OpenAI paths to where a backend serves them.
package enum EndpointRouting: Sendable {
    case openAI
    case azureDeployments
    case azureV1

    /// The path of an endpoint; `deployment` is the model of the call, for deployment-scoped endpoints.
    package func path(_ openAIPath: String, deployment: String? = nil) -> String {
        switch self {
        case .openAI:
            return openAIPath
        case .azureV1:
            return "/openai/v1" + openAIPath
        case .azureDeployments:
            if let deployment { return "/openai/deployments/\(DefaultOpenAIService.pathComponent(deployment))" + openAIPath }
            return "/openai" + openAIPath
        }
    }
}

extension EndpointRouting {
    /// The path of an endpoint only OpenAI itself serves; on Azure OpenAI the call fails before anything is sent,
    /// with `.invalidRequest` and a message that names the feature, instead of a 404 from a route Azure doesn't have.
    package func openAIOnlyPath(_ openAIPath: String, feature: String) throws -> String {
        guard case .openAI = self else {
            throw APIError(kind: .invalidRequest, message: "\(feature) is not available on Azure OpenAI; use an OpenAI service for it.")
        }
        return openAIPath
    }

    /// The path of an endpoint Azure OpenAI serves only on its v1 API (`/openai/v1/…`); with a deployments-style
    /// Azure configuration the call fails with `.invalidRequest` before anything is sent.
    package func v1OnlyPath(_ openAIPath: String, feature: String) throws -> String {
        if case .azureDeployments = self {
            throw APIError(
                kind: .invalidRequest,
                message: "\(feature) is served by Azure OpenAI's v1 API only; create the AzureOpenAIConfiguration with routing: .v1.")
        }
        return path(openAIPath)
    }
}
