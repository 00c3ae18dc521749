import AICore
import AISandbox
import Foundation
import SwiftAzureOpenAI
import Testing

// The SwiftAzureOpenAI snippet of README.md, copied line for line and run against the sandbox's Azure routes
// (only the endpoint is the sandbox's, as its `// README:` comment says); `print` collects what the snippet prints.

@Suite("README snippets (SwiftAzureOpenAI)")
struct AzureReadmeSnippetTests {
    @Test("create, stream and the request form with metadata")
    func snippet() async throws {
        try await Sandbox.withRunning { sandbox in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                let line = items.map { "\($0)" }.joined(separator: separator) + terminator
                printed.withLock { $0 += line }
            }

            let config = SAOAIAzureConfiguration(
                endpoint: sandbox.baseURL.absoluteString, apiKey: "azure-key", deploymentName: "gpt-4o-mini")  // README: endpoint: "https://my-resource.openai.azure.com", apiKey: "…", deploymentName: "gpt-4o-mini")
                // or (endpoint:entraIDToken:…), (endpoint:tokenProvider:…); SAOAIOpenAIConfiguration(apiKey:organization:baseURL:)
            let client = SAOAIClient(configuration: config)

            let response = try await client.responses.create(model: config.deploymentName, input: "Hello", maxOutputTokens: 200)
            print(response.outputText)
            #expect(printed.current == "Hello from AISandbox! You said: Hello\n")
            let sent = try #require(sandbox.lastRequest)
            #expect(sent.path == "/openai/v1/responses" && sent.queryValue("api-version") == "preview")
            #expect(sent.json?["max_output_tokens"] as? Int == 200)

            for try await event in client.responses.createStreaming(model: config.deploymentName, input: "Tell a story") {
                print(event.output?.first?.content?.first?.text ?? "", terminator: "")   // each text delta once
            }
            #expect(printed.current == "Hello from AISandbox! You said: Hello\nHello from AISandbox! You said: Tell a story")

            let result = try await client.responses.create(SAOAIRequest(model: "gpt-4o-mini", input: [SAOAIMessage(role: .user, text: "Hi")]))
            print(result.metadata.requestId ?? "", result.metadata.rateLimit?.remaining ?? 0)   // APIResponse<SAOAIResponse>
            let last = printed.current.components(separatedBy: "story").last ?? ""
            #expect(last.hasPrefix("req_") && result.statusCode == 200, "\(last)")
        }
    }
}
