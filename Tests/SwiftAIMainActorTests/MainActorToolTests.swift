import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// This target is built with `.defaultIsolation(MainActor.self)`, as Xcode 26 builds a new app target: every
// declaration below without an explicit isolation is main-actor isolated, as it would be in such an app.

struct SumArguments: StructuredOutput {
    var a: Int
    var b: Int
    static var jsonSchema: JSONSchema {
        .object(["a": .integer(), "b": .integer()])
    }
}

let addTool = AITool("add", description: "Adds two integers") { (sum: SumArguments) in sum.a + sum.b }

// The suites themselves are `nonisolated`: Swift Testing's registration records must be compile-time constants, which
// a main-actor-isolated suite's are not (Swift 6.3.1).
@Suite nonisolated struct MainActorToolTests {
    @Test @MainActor func aToolDeclaredOnTheMainActorRunsThroughTheToolRunner() async throws {
        try await withSandbox { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            let chat = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Add [sandbox-tools: add]"))], model: .gpt4o)
            let result = try await ToolRunner(tools: [addTool]).run(service, chat: chat).result()
            #expect(result.toolResults.count == 1)
            #expect(result.toolResults.first?.isError == false)
            #expect(Int(result.toolResults.first?.output ?? "") != nil)
        }
    }

    @Test @MainActor func aStreamIsConsumedOnTheMainActor() async throws {
        try await withSandbox { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            let chat = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hello"))], model: .gpt4oMini)
            var text = ""
            for try await chunk in try await service.startStreamedChat(parameters: chat) {
                MainActor.assertIsolated()
                text += chunk.choices.first?.delta.content ?? ""
            }
            #expect(!text.isEmpty)
        }
    }
}
