import AISandbox
import Foundation
import SwiftAnthropic
import Testing

struct Recipe: StructuredOutput, Equatable {
    var title: String
    var minutes: Int
    var steps: [String]
    var vegetarian: Bool?

    static var jsonSchema: JSONSchema {
        .object(
            [
                "title": .string(), "minutes": .integer(minimum: 1, maximum: 600), "steps": .array(of: .string()),
                "vegetarian": .nullable(.boolean()),
            ], required: ["title", "minutes", "steps"])
    }
}

struct Pair: StructuredOutput, Encodable {
    var a: Int
    var b: Int
    static var jsonSchema: JSONSchema { .object(["a": .integer(), "b": .integer()]) }
}

@Suite struct AnthropicStructuredOutputTests {
    static let parameter = MessageParameter(
        model: .claude35Sonnet, messages: [.init(role: .user, content: .text("A soup recipe"))], maxTokens: 1024)

    @Test func outputFormatSendsAnAnthropicSchemaAndDecodes() async throws {
        try await withAnthropic { sandbox, service in
            let parsed = try await service.parseDetailed(Self.parameter, as: Recipe.self)
            #expect(!parsed.value.steps.isEmpty)
            #expect(parsed.response.stopReason == "end_turn")
            let format = try #require((sandbox.requests.last?.json?["output_config"] as? [String: Any])?["format"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema")
            let schema = try #require(format["schema"] as? [String: Any])
            #expect(schema["additionalProperties"] as? Bool == false)
            // Numeric bounds are not supported by Anthropic: they moved into the description.
            let minutes = try #require((schema["properties"] as? [String: Any])?["minutes"] as? [String: Any])
            #expect(minutes["minimum"] == nil)
            #expect(minutes["description"] as? String == "{minimum: 1, maximum: 600}")
        }
    }

    @Test func forcedToolStrategyReadsTheToolInput() async throws {
        try await withAnthropic { sandbox, service in
            let recipe = try await service.parse(Self.parameter, as: Recipe.self, strategy: .forcedTool)
            #expect(!recipe.title.isEmpty)
            let body = try #require(sandbox.requests.last?.json)
            #expect((body["tool_choice"] as? [String: Any])?["name"] as? String == "Recipe")
            #expect(body["output_config"] == nil)
        }
    }

    @Test func refusalMaxTokensAndMalformedAreTypedErrors() async throws {
        try await withAnthropic { sandbox, service in
            let cases: [(SandboxBehavior.ModelAnswer, StructuredOutputError.Reason)] = [
                (.refusal("I won't."), .refusal("I won't.")), (.lengthCutoff, .lengthLimit),
            ]
            for (answer, expected) in cases {
                for streamed in [false, true] {
                    sandbox.enqueue(.answer(answer))
                    do {
                        if streamed {
                            for try await _ in try await service.parseStream(Self.parameter, as: Recipe.self) {}
                        } else {
                            _ = try await service.parse(Self.parameter, as: Recipe.self)
                        }
                        Issue.record("expected \(expected)")
                    } catch let error as StructuredOutputError {
                        #expect(error.reason == expected, "streamed: \(streamed)")
                        #expect(error.rawResponse is MessageResponse)
                    }
                }
            }
            sandbox.enqueue(.answer(.malformedOutput))
            do {
                _ = try await service.parse(Self.parameter, as: Recipe.self)
                Issue.record("expected invalid JSON")
            } catch let error as StructuredOutputError {
                guard case .invalidJSON = error.reason else { Issue.record("got \(error.reason)"); return }
            }
        }
    }

    @Test func streamedSnapshotsEndWithTheValue() async throws {
        try await withAnthropic { sandbox, service in
            sandbox.enqueue(.split(.every(5)))
            var snapshots: [StructuredSnapshot<Recipe>] = []
            for try await snapshot in try await service.parseStream(Self.parameter, as: Recipe.self) { snapshots.append(snapshot) }
            #expect(snapshots.count > 2)
            #expect(snapshots.last?.value?.steps.isEmpty == false)
            #expect(snapshots.dropLast().allSatisfy { $0.value == nil })
        }
    }
}

@Suite struct AnthropicToolRunnerTests {
    static let add = AITool("add", description: "Adds") { (pair: Pair) in pair.a + pair.b }
    static let fails = AITool("fails", description: "Throws") { (_: Pair) -> String in throw CocoaError(.fileNoSuchFile) }

    static func parameter(_ text: String) -> MessageParameter {
        MessageParameter(model: .claude35Sonnet, messages: [.init(role: .user, content: .text(text))], maxTokens: 512)
    }

    @Test func runsParallelCallsAndReportsErrorsWithIsError() async throws {
        try await withAnthropic { sandbox, service in
            var deltas = ""
            var result: ToolRunResult?
            for try await event in ToolRunner(tools: [Self.add, Self.fails]).run(
                service, messages: Self.parameter("Go [sandbox-tools: add, fails | add]"))
            {
                switch event {
                case .textDelta(let text): deltas += text
                case .finished(let final): result = final
                default: break
                }
            }
            let final = try #require(result)
            #expect(final.turns.map(\.toolCalls.count) == [2, 1, 0])
            #expect(final.toolResults.map(\.isError) == [false, true, false])
            #expect(final.finalText.contains("returned"))
            #expect(!deltas.isEmpty)
            // The second request: user, assistant tool_use blocks, then one user message with two tool_results.
            let second = try #require(sandbox.requests.filter { $0.path == "/v1/messages" }.dropFirst().first?.json)
            let messages = second["messages"] as? [[String: Any]] ?? []
            #expect(messages.map { $0["role"] as? String ?? "" } == ["user", "assistant", "user"])
            let results = messages.last?["content"] as? [[String: Any]] ?? []
            #expect(results.map { $0["type"] as? String } == ["tool_result", "tool_result"])
            #expect(results.map { $0["is_error"] as? Bool } == [nil, true])
        }
    }

    @Test func pauseTurnIsResumed() async throws {
        try await withAnthropic { sandbox, service in
            sandbox.enqueue(.answer(.pauseTurn))
            let result = try await ToolRunner(tools: [Self.add]).run(service, messages: Self.parameter("Search the web")).result()
            #expect(result.turns.first?.stopReason == "pause_turn")
            let requests = sandbox.requests.filter { $0.path == "/v1/messages" }.compactMap(\.json)
            #expect(requests.count >= 2)
            let resumed = requests[1]["messages"] as? [[String: Any]] ?? []
            #expect(resumed.last?["role"] as? String == "assistant")
        }
    }

    @Test func toolInputThatDoesNotDecodeIsSentBackAsAnError() async throws {
        // The schema promises a string; the Swift type wants an Int: the model's (schema-true) input can't decode.
        struct Mismatch: StructuredOutput {
            var n: Int
            static var jsonSchema: JSONSchema { .object(["n": .string()]) }
        }
        try await withAnthropic { sandbox, service in
            let tool = AITool("count", description: "Counts") { (value: Mismatch) in value.n }
            let result = try await ToolRunner(tools: [tool]).run(service, messages: Self.parameter("Count")).result()
            let sent = try #require(result.toolResults.first)
            #expect(sent.isError)
            #expect(sent.output.contains("Invalid arguments for count"))
            #expect(result.turns.count == 2)
        }
    }

    @Test func mcpServersSendTheConnectorBetaAndNeverLeakTheToken() async throws {
        try await withAnthropic(betaHeaders: ["files-api-2025-04-14"]) { sandbox, service in
            var parameter = Self.parameter("Use the wiki")
            let server = MessageParameter.MCPServerDefinition(
                url: "https://mcp.example.com/sse", name: "wiki", authorizationToken: "secret-token-123",
                toolConfiguration: .init(enabled: true, allowedTools: ["search"]))
            parameter.mcpServers = [server]
            _ = try await service.createMessage(parameter)
            let request = try #require(sandbox.requests.last)
            #expect(request.header("anthropic-beta") == "files-api-2025-04-14,mcp-client-2025-04-04")
            let servers = request.json?["mcp_servers"] as? [[String: Any]] ?? []
            #expect(servers.first?["authorization_token"] as? String == "secret-token-123")
            #expect((servers.first?["tool_configuration"] as? [String: Any])?["allowed_tools"] as? [String] == ["search"])
            #expect(!String(describing: server).contains("secret-token-123"))
        }
    }
}
