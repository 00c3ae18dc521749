import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Responses: today's options and tools": the snippet copied line for line and run against the sandbox.

@Suite("README: Responses today's options and tools")
struct ReadmeResponsesFeaturesSnippetTests {
    @Test("a custom tool with a regex grammar called and answered, then a streamed image with partial images")
    func responsesFeaturesSnippet() async throws {
        try await withService { sandbox, service in
            let tool = ModelResponseParameter.Tool.custom(.init(name: "lookup_order", format: .regex(#"\d{5}"#)))
            let first = try await service.responseCreate(ModelResponseParameter(
                input: .string("Where is order 12345?"), model: .gpt55, reasoning: .init(effort: .low),
                toolChoice: .custom(name: "lookup_order"), tools: [tool], contextManagement: [.compaction(threshold: 200_000)]))
            guard let call = first.customToolCalls.first else { return }   // call.input == "12345"
            #expect(call.input == "12345")
            let answer = try await service.responseCreate(ModelResponseParameter(
                input: .array([.customToolCallOutput(callID: call.callId, output: "shipped")]), model: .gpt55,
                previousResponseId: first.id, tools: [tool]))
            print(answer.outputText)
            #expect(answer.outputText == "The tool call \(call.callId) returned: shipped")

            var image = ImageCreateParameters(prompt: "a lighthouse at dusk", model: .gptImage15)
            image.partialImages = 2
            var partials = 0
            for try await event in try await service.createImagesStream(parameters: image) {
                if case .partialImage(let partial) = event { print("partial", partial.partialImageIndex ?? 0, partial.data?.count ?? 0) }
                if case .partialImage = event { partials += 1 }
            }
            #expect(partials == 2)
            #expect(sandbox.requests.map(\.path) == ["/v1/responses", "/v1/responses", "/v1/images/generations"])
        }
    }
}
