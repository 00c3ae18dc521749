/// The service of Azure OpenAI, by the name SwiftOpenAI's documentation gives it.
///
/// Azure OpenAI is served by the same type as OpenAI, ``DefaultOpenAIService``, with Azure's URL layout,
/// `api-version` query and `api-key` (or Entra ID) credentials. Create one with the factory:
///
/// ```swift
/// let azureConfiguration = AzureOpenAIConfiguration(
///     resourceName: "YOUR_RESOURCE_NAME", openAIAPIKey: .apiKey("YOUR_OPENAI_APIKEY"), apiVersion: "2024-10-21")
/// let service = OpenAIServiceFactory.service(azureConfiguration: azureConfiguration)
/// // The model of each call names the deployment:
/// let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: .custom("DEPLOYMENT_NAME"))
/// let completion = try await service.startChat(parameters: parameters)
/// ```
///
/// The factory returns `any OpenAIService`; its value is a `DefaultOpenAIAzureService` (`service as? DefaultOpenAIAzureService`).
public typealias DefaultOpenAIAzureService = DefaultOpenAIService
