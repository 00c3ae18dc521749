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
