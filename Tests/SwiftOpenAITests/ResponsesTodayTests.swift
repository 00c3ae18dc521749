import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// Today's Responses request options and tools (compaction, prompt cache, moderation, effort levels, allowed
/// tools, custom/shell/apply_patch/image generation tools), over both transports against the sandbox.
@Suite("Responses: today's options and tools")
struct ResponsesTodayTests {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// About 1,500 tokens of text, so the cache and compaction thresholds are passed.
    private static let longText = Array(repeating: "The quick brown fox jumps over the lazy dog.", count: 150).joined(separator: " ")

    private func body(_ sandbox: Sandbox) throws -> [String: Any] {
        try #require(sandbox.lastRequest?.json)
    }

    @Test("context management, prompt cache options, moderation and effort are sent and read back", arguments: TransportKind.allCases)
    func requestOptions(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            var parameters = ModelResponseParameter(
                input: .string("Hello"), model: .gpt55, promptCacheKey: "user-42", promptCacheRetention: "24h",
                reasoning: .init(effort: .xhigh, summary: "auto", mode: "pro"),
                contextManagement: [.compaction(threshold: 50_000)],
                promptCacheOptions: .init(ttl: "30m", mode: "explicit"),
                moderation: .init(model: "omni-moderation-latest", policy: .init(input: .block, output: .score)))
            parameters.reasoning?.context = "all_turns"
            let response = try await service.responseCreate(parameters)
            let body = try body(sandbox)
            #expect(sandbox.lastRequest?.path == "/v1/responses")
            #expect(body["model"] as? String == "gpt-5.5")
            let management = try #require(body["context_management"] as? [[String: Any]])
            #expect(management.first?["type"] as? String == "compaction")
            #expect(management.first?["compact_threshold"] as? Int == 50_000)
            #expect((body["prompt_cache_options"] as? [String: Any])?["ttl"] as? String == "30m")
            #expect((body["prompt_cache_options"] as? [String: Any])?["mode"] as? String == "explicit")
            let moderation = try #require(body["moderation"] as? [String: Any])
            #expect(moderation["model"] as? String == "omni-moderation-latest")
            #expect(((moderation["policy"] as? [String: Any])?["input"] as? [String: Any])?["mode"] as? String == "block")
            let reasoning = try #require(body["reasoning"] as? [String: Any])
            #expect(reasoning["effort"] as? String == "xhigh")
            #expect(reasoning["mode"] as? String == "pro")
            #expect(reasoning["context"] as? String == "all_turns")
            // Read back from the response.
            #expect(response.reasoning?.effortLevel == .xhigh)
            #expect(response.promptCacheKey == "user-42")
            #expect(response.promptCacheRetention == "24h")
            #expect(response.promptCacheOptions == .init(ttl: "30m", mode: "explicit"))
            #expect(response.moderation?.policy?.output == .score)
            #expect(!response.output.contains { $0.type == "compaction" }, "a short input stays under the threshold")
        }
    }

    @Test("an effort level this version doesn't know is sent as written; the API's 400s name the parameter", arguments: TransportKind.allCases)
    func refusedOptions(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let effort: ModelResponseParameter.Reasoning.Effort = "ultra"
            let unknown = await #expect(throws: APIError.self) {
                _ = try await service.responseCreate(ModelResponseParameter(input: .string("Hi"), model: .gpt5, reasoning: .init(effort: effort)))
            }
            try #expect((body(sandbox)["reasoning"] as? [String: Any])?["effort"] as? String == "ultra")
            #expect(unknown?.statusCode == 400)
            #expect(unknown?.param == "reasoning.effort")
            #expect(unknown?.kind == .badRequest)
            let threshold = await #expect(throws: APIError.self) {
                _ = try await service.responseCreate(
                    ModelResponseParameter(input: .string("Hi"), model: .gpt5, contextManagement: [.compaction(threshold: 10)]))
            }
            #expect(threshold?.param == "context_management[0].compact_threshold")
            let moderation = await #expect(throws: APIError.self) {
                _ = try await service.responseCreate(
                    ModelResponseParameter(
                        input: .string("Hi"), model: .gpt5, moderation: .init(model: "omni-moderation-latest", policy: .init(input: .init("ban")))))
            }
            #expect(moderation?.param == "moderation.policy.input.mode")
            let grammar = await #expect(throws: APIError.self) {
                _ = try await service.responseCreate(
                    ModelResponseParameter(input: .string("Hi"), model: .gpt5, tools: [.custom(.init(name: "bad", format: .regex("(unclosed")))]))
            }
            #expect(grammar?.param == "tools[0].format.definition")
        }
    }

    @Test("past its threshold, context management starts the output with a compaction item", arguments: TransportKind.allCases)
    func serverSideCompaction(transport: TransportKind) async throws {
        try await withService(transport: transport) { _, service in
            let response = try await service.responseCreate(
                ModelResponseParameter(input: .string(Self.longText), model: .gpt5, contextManagement: [.compaction(threshold: 1000)]))
            guard case .compaction(let compaction) = response.output.first else {
                Issue.record("expected a compaction item first, got \(response.output.map(\.type))")
                return
            }
            #expect(!compaction.encryptedContent.isEmpty)
            #expect(response.outputText.contains("Hello from AISandbox"))
        }
    }

    @Test("the same long prefix under one prompt_cache_key is read from the cache; another key misses", arguments: TransportKind.allCases)
    func promptCacheHits(transport: TransportKind) async throws {
        try await withService(transport: transport) { _, service in
            func send(_ key: String) async throws -> Int? {
                try await service.responseCreate(
                    ModelResponseParameter(input: .string(Self.longText), model: .gpt5Mini, promptCacheKey: key)
                ).usage?.inputTokensDetails?.cachedTokens
            }
            #expect(try await send("a") == 0)
            let hit = try #require(try await send("a"))
            #expect(hit >= 1024 && hit % 128 == 0)
            #expect(try await send("b") == 0)
        }
    }

    @Test("allowed_tools lets the model call only the listed tools, the full list still sent", arguments: TransportKind.allCases)
    func allowedTools(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let tools: [ModelResponseParameter.Tool] = [
                .function(name: "get_weather", parameters: ["type": "object", "properties": [:]]),
                .function(name: "get_time", parameters: ["type": "object", "properties": [:]]),
            ]
            let response = try await service.responseCreate(
                ModelResponseParameter(
                    input: .string("What time is it?"), model: .gpt41, toolChoice: .allowedFunctions(["get_time"], required: true), tools: tools))
            let choice = try #require(try body(sandbox)["tool_choice"] as? [String: Any])
            #expect(choice["type"] as? String == "allowed_tools")
            #expect(choice["mode"] as? String == "required")
            #expect((choice["tools"] as? [[String: Any]])?.first?["name"] as? String == "get_time")
            try #expect((body(sandbox)["tools"] as? [Any])?.count == 2)
            #expect(response.functionCalls.map(\.name) == ["get_time"])
            if case .allowedTools(let mode, let listed) = response.toolChoice {
                #expect(mode == "required" && listed.count == 1)
            } else {
                Issue.record("tool_choice read back as \(String(describing: response.toolChoice))")
            }
        }
    }

    @Test("a custom tool with a regex grammar gets matching input; its output is answered", arguments: TransportKind.allCases)
    func customToolRoundTrip(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let tool = ModelResponseParameter.Tool.custom(.init(name: "lookup_order", description: "Order ids", format: .regex(#"\d{5}"#)))
            let first = try await service.responseCreate(
                ModelResponseParameter(input: .string("Where is order 12345 please?"), model: .gpt5, toolChoice: .custom(name: "lookup_order"), tools: [tool]))
            let sentTool = try #require((try body(sandbox)["tools"] as? [[String: Any]])?.first)
            #expect(sentTool["type"] as? String == "custom")
            let format = try #require(sentTool["format"] as? [String: Any])
            #expect(format["type"] as? String == "grammar" && format["syntax"] as? String == "regex" && format["definition"] as? String == #"\d{5}"#)
            try #expect((body(sandbox)["tool_choice"] as? [String: Any])?["name"] as? String == "lookup_order")
            let call = try #require(first.customToolCalls.first)
            #expect(call.name == "lookup_order" && call.input == "12345")
            let second = try await service.responseCreate(
                ModelResponseParameter(
                    input: .array([.customToolCallOutput(callID: call.callId, output: "shipped")]), model: .gpt5,
                    previousResponseId: first.id, tools: [tool]))
            let sentOutput = try #require((try body(sandbox)["input"] as? [[String: Any]])?.first)
            #expect(sentOutput["type"] as? String == "custom_tool_call_output" && sentOutput["call_id"] as? String == call.callId)
            #expect(second.outputText == "The tool call \(call.callId) returned: shipped")
        }
    }

    @Test("the local shell tool asks for commands; the hosted one runs them itself", arguments: TransportKind.allCases)
    func shellTool(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let local = try await service.responseCreate(
                ModelResponseParameter(input: .string("hello shell"), model: .gpt51Codex, tools: [.shell(.local)]))
            #expect((((try body(sandbox)["tools"] as? [[String: Any]])?.first)?["environment"] as? [String: Any])?["type"] as? String == "local")
            let call = try #require(local.shellCalls.first)
            #expect(call.action.commands == ["echo 'hello shell'"])
            let answered = try await service.responseCreate(
                ModelResponseParameter(
                    input: .array([.shellCallOutput(callID: call.callId, outputs: [.init(stdout: "hello shell\n", outcome: .exit(0))])]),
                    model: .gpt51Codex, previousResponseId: local.id, tools: [.shell(.local)]))
            let sent = try #require((try body(sandbox)["input"] as? [[String: Any]])?.first)
            #expect(((sent["output"] as? [[String: Any]])?.first?["outcome"] as? [String: Any])?["exit_code"] as? Int == 0)
            #expect(answered.outputText == "The shell call \(call.callId) printed: hello shell")

            let hosted = try await service.responseCreate(
                ModelResponseParameter(input: .string("from the container"), model: .gpt51Codex, tools: [.shell(.containerAuto())]))
            #expect(hosted.output.map(\.type) == ["reasoning", "shell_call", "shell_call_output", "message"])
            guard case .shellCallOutput(let output) = hosted.output[2] else { Issue.record("no shell output"); return }
            #expect(output.output.first?.stdout == "from the container\n")
            #expect(output.output.first?.outcome == .exit(0))
        }
    }

    @Test("apply_patch proposes a file change; a failed apply is reported back", arguments: TransportKind.allCases)
    func applyPatch(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let first = try await service.responseCreate(
                ModelResponseParameter(input: .string("create hello.txt"), model: .gpt51, tools: [.applyPatch(.init())]))
            let call = try #require(first.applyPatchCalls.first)
            #expect(call.operation == .init(type: "create_file", path: "hello.txt", diff: "+create hello.txt\n"))
            let second = try await service.responseCreate(
                ModelResponseParameter(
                    input: .array([.applyPatchCallOutput(callID: call.callId, succeeded: false, output: "disk full")]), model: .gpt51,
                    previousResponseId: first.id, tools: [.applyPatch(.init())]))
            let sent = try #require((try body(sandbox)["input"] as? [[String: Any]])?.first)
            #expect(sent["type"] as? String == "apply_patch_call_output" && sent["status"] as? String == "failed")
            #expect(second.outputText == "The patch \(call.callId) failed: disk full")
        }
    }

    @Test("the image generation tool streams partial images, then the finished PNG", arguments: TransportKind.allCases)
    func imageGenerationPartialImages(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let stream = try await service.responseCreateStream(
                ModelResponseParameter(input: .string("a red fox"), model: .gpt5, tools: [.imageGeneration(.init(partialImages: 2))]))
            var partials: [Data] = []
            var final: ResponseModel?
            for try await event in stream {
                switch event {
                case .imageGenerationCallPartialImage(let partial): partials.append(try #require(partial.imageData))
                case .responseCompleted(let completed): final = completed.response
                default: break
                }
            }
            #expect((((try body(sandbox)["tools"] as? [[String: Any]])?.first)?["partial_images"] as? Int) == 2)
            #expect(partials.count == 2)
            #expect(partials.allSatisfy { Array($0.prefix(8)) == Self.pngSignature })
            guard case .imageGenerationCall(let call) = try #require(final).output.first(where: { $0.type == "image_generation_call" }) else {
                Issue.record("no image generation call")
                return
            }
            let image = try #require(call.result.flatMap { Data(base64Encoded: $0) })
            #expect(Array(image.prefix(8)) == Self.pngSignature)
            #expect(Set(partials + [image]).count == 3, "each partial image shows more of the picture")
        }
    }

    @Test("today's tools are sent typed and read back typed from the response", arguments: TransportKind.allCases)
    func toolsRoundTrip(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            var deferred = ModelResponseParameter.FunctionTool(name: "rare_lookup", parameters: ["type": "object", "properties": [:]])
            deferred.deferLoading = true
            let tools: [ModelResponseParameter.Tool] = [
                .function(deferred),
                .toolSearch(.init(execution: "server")),
                .namespace(.init(name: "crm", description: "Customer records", tools: [.custom(.init(name: "note", format: .lark("start: WORD")))])),
                .mcp(.connector(.googleDrive, serverLabel: "drive", authorization: "ya29.token", requireApproval: "never")),
                .localShell,
            ]
            let response = try await service.responseCreate(
                ModelResponseParameter(input: .string("Hi"), model: .gpt54, toolChoice: .function(name: "rare_lookup"), tools: tools))
            let sent = try #require(try body(sandbox)["tools"] as? [[String: Any]])
            #expect(sent.map { $0["type"] as? String } == ["function", "tool_search", "namespace", "mcp", "local_shell"])
            #expect(sent[0]["defer_loading"] as? Bool == true)
            #expect(sent[3]["connector_id"] as? String == "connector_googledrive")
            #expect(sent[3]["authorization"] as? String == "ya29.token")
            let read = try #require(response.tools)
            #expect(read.map(\.type) == ["function", "tool_search", "namespace", "mcp", "local_shell"])
            if case .function(let function) = read[0] { #expect(function.deferLoading == true) } else { Issue.record("function") }
            if case .namespace(let namespace) = read[2], case .custom(let note) = namespace.tools.first {
                #expect(note.format == .lark("start: WORD"))
            } else {
                Issue.record("namespace")
            }
            if case .mcp(let mcp) = read[3] { #expect(mcp.connector == .googleDrive) } else { Issue.record("mcp") }
        }
    }

    @Test("current model ids are spelled as the API spells them; any other id still works")
    func modelIDs() {
        #expect(OpenAIModel.gpt55.value == "gpt-5.5")
        #expect(OpenAIModel.gpt54Mini.value == "gpt-5.4-mini")
        #expect(OpenAIModel.gpt51CodexMax.value == "gpt-5.1-codex-max")
        #expect(OpenAIModel.gptRealtime2.value == "gpt-realtime-2")
        #expect(OpenAIModel.gpt4oTranscribeDiarize.value == "gpt-4o-transcribe-diarize")
        #expect(ImageModel.gptImage2.rawValue == "gpt-image-2")
        let other: OpenAIModel = "gpt-9-preview"
        #expect(other.value == "gpt-9-preview")
    }
}
