import Foundation
import SwiftOpenAI
import Testing

/// A malformed base URL, endpoint or Azure resource name is a typed error on first use — never a silent
/// fallback to api.openai.com (which would send the key to a host the caller didn't choose), never a crash.
@Suite("Malformed base URLs fail typed, with nothing sent")
struct MalformedBaseURLTests {
    static let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: .gpt4oMini)

    static func expectInvalidRequest(_ service: any OpenAIService, mentioning given: String) async {
        let error = await #expect(throws: APIError.self) { _ = try await service.startChat(parameters: parameters) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains(given) == true)
        #expect(error?.attempts == 1)
    }

    @Test("OpenAI and AIProxy base URLs that aren't http(s) with a host", arguments: ["not a url", "ftp://example.com", "http://", "api.openai.com"])
    func openAI(base: String) async {
        await Self.expectInvalidRequest(OpenAIServiceFactory.service(apiKey: "sk-secret", overrideBaseURL: base), mentioning: base)
        await Self.expectInvalidRequest(
            OpenAIServiceFactory.service(aiproxyPartialKey: "partial", aiproxyServiceURL: base), mentioning: base)
    }

    @Test("an Azure resource name that can't be part of a host, and an endpoint without a host")
    func azure() async {
        let byName = AzureOpenAIConfiguration(resourceName: "my resource/../evil", openAIAPIKey: .apiKey("azure-secret"), apiVersion: "2024-10-21")
        await Self.expectInvalidRequest(OpenAIServiceFactory.service(azureConfiguration: byName), mentioning: "my resource")
        let byEndpoint = AzureOpenAIConfiguration(
            endpoint: URL(fileURLWithPath: "/tmp/not-a-host"), openAIAPIKey: .apiKey("azure-secret"), apiVersion: "v1", routing: .v1)
        await Self.expectInvalidRequest(OpenAIServiceFactory.service(azureConfiguration: byEndpoint), mentioning: "not-a-host")
        let valid = AzureOpenAIConfiguration(resourceName: "my-resource-01", openAIAPIKey: .apiKey("k"), apiVersion: "v1")
        #expect(valid.endpoint.absoluteString == "https://my-resource-01.openai.azure.com")
    }
}
