import InfiniteStories
import SwiftAnthropic
import SwiftAzureOpenAI
import SwiftOpenAI

/// Touches each library's entry points, so a build proves they compile in this configuration.
public enum LeanApp {
    public static func services() -> (any SwiftOpenAI.OpenAIService, any AnthropicService, SAOAIClient) {
        let openAI = OpenAIServiceFactory.service(apiKey: "sk-placeholder")
        let anthropic = AnthropicServiceFactory.service(apiKey: "sk-ant-placeholder", betaHeaders: nil)
        let azure = SAOAIClient(
            configuration: SAOAIAzureConfiguration(
                endpoint: "https://example.openai.azure.com", apiKey: "placeholder", deploymentName: "gpt-4o",
                apiVersion: "preview"))
        return (openAI, anthropic, azure)
    }

    public static let transport: any HTTPTransport = DefaultTransport.shared
}
