import Foundation
import SwiftAzureOpenAI
import Testing

@Suite("SwiftAzureOpenAI: a malformed endpoint fails typed, with nothing sent")
struct MalformedEndpointTests {
    @Test("an Azure endpoint or OpenAI base URL that isn't http(s) with a host is .invalidRequest")
    func malformed() async {
        for configuration in [
            SAOAIAzureConfiguration(endpoint: "not a url", apiKey: "azure-secret", deploymentName: "gpt-4o-mini"),
            SAOAIAzureConfiguration(endpoint: "", apiKey: "azure-secret", deploymentName: "gpt-4o-mini"),
        ] as [any SAOAIConfiguration] + [SAOAIOpenAIConfiguration(apiKey: "sk-secret", baseURL: "ftp://nowhere")] {
            let client = SAOAIClient(configuration: configuration, maxRetries: 0)
            let error = await #expect(throws: SAOAIError.self) {
                _ = try await client.responses.create(model: "gpt-4o-mini", input: "Hello")
            }
            guard case .invalidRequest(let message)? = error else {
                Issue.record("expected .invalidRequest, got \(String(describing: error))")
                continue
            }
            #expect(message.contains("Invalid base URL"))
        }
    }
}
