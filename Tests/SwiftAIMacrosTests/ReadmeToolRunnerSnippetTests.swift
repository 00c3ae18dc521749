import AICore
import AISandbox
import Foundation
import SwiftAnthropic
import SwiftOpenAI
import Testing

// README.md "Structured outputs and tools", the tool runner snippet: copied line for line and run against the
// sandbox's model, which calls the tools named in `[sandbox-tools: …]` and then answers with their results.
// (No macro here: the snippet conforms by hand, so this file is built with or without the SwiftAIMacros trait.)

struct Sum: StructuredOutput { var a: Int; var b: Int; static var jsonSchema: JSONSchema { .object(["a": .integer(), "b": .integer()]) } }

@Suite("README: the tool runner")
struct ToolRunnerReadmeSnippetTests {
    @Test("the runner calls the tool, answers an unknown one with an error, and finishes over chat and Anthropic")
    func snippet() async throws {
        try await Sandbox.withRunning { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            let anthropic = AnthropicServiceFactory.service(apiKey: "sk-ant-test", basePath: sandbox.baseURL.absoluteString)
            let chatParameters = ChatCompletionParameters(
                messages: [.init(role: .user, content: .text("Add them [sandbox-tools: add, delete_everything]"))], model: .gpt4oMini)
            let messageParameter = MessageParameter(
                model: .claudeSonnet45, messages: [.init(role: .user, content: "Add them [sandbox-tools: add]")], maxTokens: 512)
            var printed = ""
            func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                printed += items.map { "\($0)" }.joined(separator: separator) + terminator
            }

            let add = AITool("add", description: "Adds two integers") { (sum: Sum) in sum.a + sum.b }   // any Encodable result

            let runner = ToolRunner(tools: [add], maxTurns: 8, maxConcurrentTools: 4, toolTimeout: 30) { call in
                call.name == "delete_everything" ? .refuse(reason: "not allowed") : .approve   // or .approveEditing(arguments:)
            }
            for try await event in runner.run(service, chat: chatParameters) {    // or responses: / messages: (Anthropic)
                switch event {
                case .textDelta(let text): print(text, terminator: "")
                case .toolCallRequested(let call): print("→ \(call.name)(\(call.arguments))")
                case .toolResult(let result): print(result.isError ? "✗" : "←", result.output)
                case .finished(let result): print("\n\(result.turns.count) turns, \(result.usage.totalTokens) tokens")
                default: break
                }
            }
            let result = try await runner.run(anthropic, messages: messageParameter).result()   // "run until done"

            let lines = printed.components(separatedBy: "\n")
            #expect(lines.contains { $0.hasPrefix("→ add(") })
            #expect(lines.contains { $0.hasPrefix("→ delete_everything(") })
            // `delete_everything` is not among the runner's tools, so it fails as unknown before the hook is asked.
            #expect(lines.contains { $0.hasPrefix("✗ ") && $0.contains("no tool named delete_everything") }, "\(printed)")
            #expect(lines.contains { $0.hasPrefix("← ") })
            #expect(lines.contains { $0.hasPrefix("2 turns, ") && $0.hasSuffix(" tokens") }, "\(printed)")
            #expect(result.turns.count == 2)
        }
    }
}
