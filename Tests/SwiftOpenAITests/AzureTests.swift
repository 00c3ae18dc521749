import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftOpenAI

@Suite("Azure OpenAI")
struct AzureTests {
    private func withAzure<T>(
        _ authentication: AzureOpenAIConfiguration.Authentication = .apiKey("azure-key"),
        routing: AzureOpenAIConfiguration.Routing = .deployments, apiVersion: String = "2024-10-21",
        _ body: (Sandbox, any OpenAIService) async throws -> T
    ) async throws -> T {
        let sandbox = try await startSandbox()
        let configuration = AzureOpenAIConfiguration(
            endpoint: sandbox.baseURL, openAIAPIKey: authentication, apiVersion: apiVersion, routing: routing)
        let service = OpenAIServiceFactory.service(
            azureConfiguration: configuration, retryPolicy: RetryPolicy(maxRetries: 0))
        defer { Task { try? await sandbox.shutdown() } }
        return try await body(sandbox, service)
    }

    @Test("chat and streamed chat go to the deployment with api-version and api-key")
    func deploymentChat() async throws {
        try await withAzure { sandbox, service in
            let parameters = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("prompt"))],
                model: .custom("DEPLOYMENT_NAME"))
            let completionObject = try await service.startChat(parameters: parameters)
            #expect(completionObject.model == "DEPLOYMENT_NAME")
            let request = try #require(sandbox.lastRequest)
            #expect(request.path == "/openai/deployments/DEPLOYMENT_NAME/chat/completions")
            #expect(request.queryValue("api-version") == "2024-10-21")
            #expect(request.header("api-key") == "azure-key")
            #expect(request.header("authorization") == nil)

            // Azure streams begin with a prompt-filter chunk that has no choices.
            var chunks = 0
            let result = try await service.startStreamedChat(parameters: parameters).accumulate { _ in chunks += 1 }
            #expect(result.content == completionObject.choices.first?.message.content)
            #expect(chunks > 3)

            let vectors = try await service.createEmbeddings(parameters: .init(model: .textEmbedding3Small, input: "hi"))
            #expect(vectors.data.count == 1)
            #expect(sandbox.lastRequest?.path == "/openai/deployments/text-embedding-3-small/embeddings")
        }
    }

    @Test("Entra ID: a fixed token, or a provider asked on every request")
    func entraID() async throws {
        try await withAzure(.bearerToken("entra-token")) { sandbox, service in
            _ = try await service.startChat(parameters: .init(messages: [.init(role: .user, content: .text("x"))], model: .custom("gpt-4o")))
            #expect(sandbox.lastRequest?.header("authorization") == "Bearer entra-token")
            #expect(sandbox.lastRequest?.header("api-key") == nil)
        }
        let counter = CallCounter()
        try await withAzure(.tokenProvider { "token-\(counter.next())" }) { sandbox, service in
            _ = try await service.startChat(parameters: .init(messages: [.init(role: .user, content: .text("x"))], model: .custom("gpt-4o")))
            #expect(sandbox.lastRequest?.header("authorization") == "Bearer token-1")
            _ = try await service.listModels()
            #expect(sandbox.lastRequest?.header("authorization") == "Bearer token-2")
            #expect(sandbox.lastRequest?.path == "/openai/models")
        }
    }

    @Test("the v1 route keeps OpenAI paths below /openai/v1")
    func v1Route() async throws {
        try await withAzure(routing: .v1, apiVersion: "v1") { sandbox, service in
            let completion = try await service.startChat(
                parameters: .init(messages: [.init(role: .user, content: .text("x"))], model: .gpt4oMini))
            #expect(completion.model == "gpt-4o-mini")
            #expect(sandbox.lastRequest?.path == "/openai/v1/chat/completions")
            #expect(sandbox.lastRequest?.queryValue("api-version") == nil)
        }
    }

    @Test("Azure errors: unknown deployment, missing key")
    func errors() async throws {
        try await withAzure { _, service in
            let missing = await #expect(throws: APIError.self) {
                _ = try await service.startChat(parameters: .init(messages: [.init(role: .user, content: .text("x"))], model: .custom("nope")))
            }
            #expect(missing?.kind == .notFound)
            #expect(missing?.code == "DeploymentNotFound")
        }
        try await withAzure(.apiKey("")) { _, service in
            let denied = await #expect(throws: APIError.self) { _ = try await service.listModels() }
            #expect(denied?.kind == .authentication)
        }
    }

    @Test("the seed's resource-name form builds the resource URL; descriptions hide the key")
    func seedForm() {
        let azureConfiguration = AzureOpenAIConfiguration(
            resourceName: "YOUR_RESOURCE_NAME",
            openAIAPIKey: .apiKey("YOUR_OPENAI_APIKEY"),
            apiVersion: "THE_API_VERSION")
        let service = OpenAIServiceFactory.service(azureConfiguration: azureConfiguration)
        #expect(azureConfiguration.endpoint.absoluteString == "https://YOUR_RESOURCE_NAME.openai.azure.com")
        #expect(!azureConfiguration.description.contains("YOUR_OPENAI_APIKEY"))
        _ = service
    }
}
