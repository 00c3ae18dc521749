import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

// Anthropic's tools as anthropic-python 2.14 declares them: the fields every tool takes, each server and
// Anthropic-defined tool version, strict tool use, server tool results from the sandbox, and the tool runner
// with server tools and tool search.

@Suite("Anthropic tools today")
struct ToolsTodayTests {
    static func json(_ tool: MessageParameter.Tool) throws -> JSONValue {
        try JSONValue(parsing: JSONEncoder().encode(tool))
    }

    /// A recorded request's JSON body.
    static func body(_ request: RecordedRequest?) throws -> JSONValue {
        try JSONValue(parsing: try #require(request).body)
    }

    static func parameter(_ text: String, tools: [MessageParameter.Tool]) -> MessageParameter {
        MessageParameter(model: .claudeSonnet45, messages: [.init(role: .user, content: .text(text))], maxTokens: 1024, tools: tools)
    }

    static let weather = AITool("get_weather", description: "Current weather and forecast for a city") { (query: WeatherQuery) in
        "Sunny in \(query.city)"
    }

    struct WeatherQuery: StructuredOutput {
        var city: String
        static var jsonSchema: JSONSchema { .object(["city": .string(description: "The city")]) }
    }

    @Test("every server and Anthropic-defined tool version has its wire shape")
    func definitions() throws {
        let search = MessageParameter.Tool.webSearch(
            maxUses: 2, allowedDomains: ["example.com"], userLocation: .init(city: "Paris", country: "FR", timezone: "Europe/Paris"),
            responseInclusion: .excluded, version: .v20260318)
        #expect(try Self.json(search) == [
            "type": "web_search_20260318", "name": "web_search", "max_uses": 2, "allowed_domains": ["example.com"],
            "user_location": ["type": "approximate", "city": "Paris", "country": "FR", "timezone": "Europe/Paris"],
            "response_inclusion": "excluded",
        ])
        #expect(try Self.json(.webSearch(maxUses: 3)) == ["type": "web_search_20250305", "name": "web_search", "max_uses": 3])
        let fetch = MessageParameter.Tool.webFetch(
            maxUses: 1, blockedDomains: ["bad.example"], citations: true, maxContentTokens: 5000, useCache: false,
            urlSources: .init(userInput: .everything, clientToolResults: .only(["lookup"]), serverToolResults: .nothing), version: .v20260309)
        #expect(try Self.json(fetch) == [
            "type": "web_fetch_20260309", "name": "web_fetch", "max_uses": 1, "blocked_domains": ["bad.example"],
            "citations": ["enabled": true], "max_content_tokens": 5000, "use_cache": false,
            "url_sources": [
                "user_input": ["type": "all"], "client_tool_results": ["type": "only", "tools": [["type": "tool_reference", "name": "lookup"]]],
                "server_tool_results": ["type": "none"],
            ],
        ])
        #expect(try Self.json(.webFetch()) == ["type": "web_fetch_20250910", "name": "web_fetch"])
        for version in MessageParameter.Tool.CodeExecutionVersion.allCases {
            #expect(try Self.json(.codeExecution(version: version)) == ["type": .string(version.rawValue), "name": "code_execution"])
        }
        #expect(try Self.json(.codeExecution) == ["type": "code_execution_20250825", "name": "code_execution"])
        #expect(try Self.json(.bash) == ["type": "bash_20250124", "name": "bash"])
        #expect(try Self.json(.bash(version: .v20241022)) == ["type": "bash_20241022", "name": "bash"])
        #expect(try Self.json(.textEditor) == ["type": "text_editor_20250728", "name": "str_replace_based_edit_tool"])
        #expect(try Self.json(.textEditor(version: .v20250124)) == ["type": "text_editor_20250124", "name": "str_replace_editor"])
        #expect(try Self.json(.textEditor(maxCharacters: 10_000)) == [
            "type": "text_editor_20250728", "name": "str_replace_based_edit_tool", "max_characters": 10_000,
        ])
        #expect(try Self.json(.memory) == ["type": "memory_20250818", "name": "memory"])
        #expect(try Self.json(.toolSearchBM25) == ["type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"])
        #expect(try Self.json(.toolSearchRegex) == ["type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"])
        #expect(try Self.json(.computer(displayWidth: 1280, displayHeight: 800, enableZoom: true)) == [
            "type": "computer_20251124", "name": "computer", "display_width_px": 1280, "display_height_px": 800, "enable_zoom": true,
        ])
        #expect(try Self.json(.browserToolset(configs: ["navigate": ["enabled": false]])) == [
            "type": "browser_toolset_20260801", "configs": ["navigate": ["enabled": false]],
        ])
        #expect(try Self.json(.advisor(model: .claudeOpus45, maxUses: 2, caching: .init(type: .ephemeral, ttl: .oneHour))) == [
            "type": "advisor_20260301", "name": "advisor", "model": "claude-opus-4-5", "max_uses": 2,
            "caching": ["type": "ephemeral", "ttl": "1h"],
        ])
    }

    @Test("the fields every tool takes encode, and read back into the same tool")
    func commonFields() throws {
        var custom = MessageParameter.Tool(
            name: "lookup", description: "Looks up", inputSchema: .object(["q": .string()]), strict: true,
            allowedCallers: [.direct, .codeExecution20260120], inputExamples: [["q": "swift"]], eagerInputStreaming: true)
        custom = custom.deferred().cached(.init(type: .ephemeral, ttl: .oneHour))
        let json = try Self.json(custom)
        #expect(json["strict"] == true && json["defer_loading"] == true && json["eager_input_streaming"] == true)
        #expect(json["allowed_callers"] == ["direct", "code_execution_20260120"])
        #expect(json["input_examples"] == [["q": "swift"]])
        #expect(json["cache_control"] == ["type": "ephemeral", "ttl": "1h"])
        let tools: [MessageParameter.Tool] = [custom, .webSearch(maxUses: 1).deferred(), .browserToolset(), .memory.cached()]
        for tool in tools {
            let decoded = try JSONDecoder().decode(MessageParameter.Tool.self, from: JSONEncoder().encode(tool))
            #expect(decoded == tool)
            #expect(try Self.json(decoded) == Self.json(tool))
        }
        let deferredSearch = try JSONDecoder().decode(MessageParameter.Tool.self, from: JSONEncoder().encode(tools[1]))
        #expect(deferredSearch.deferLoading == true && deferredSearch.settings == ["max_uses": 1])
    }

    @Test("only tools still in beta in 2.14 need a beta")
    func betas() {
        let generallyAvailable: [MessageParameter.Tool] = [
            .webSearch(), .webFetch(version: .v20260318), .codeExecution(version: .v20250522), .codeExecution, .bash, .textEditor,
            .memory, .toolSearchBM25, .toolSearchRegex, .browserToolset(), .computerToolset(),
        ]
        #expect(generallyAvailable.allSatisfy { $0.requiredBeta == nil })
        #expect(MessageParameter.Tool.computer(displayWidth: 1, displayHeight: 1).requiredBeta == "computer-use-2025-11-24")
        #expect(MessageParameter.Tool.computer(displayWidth: 1, displayHeight: 1, version: .v20250124).requiredBeta == "computer-use-2025-01-24")
        #expect(MessageParameter.Tool.textEditor(version: .v20241022).requiredBeta == "computer-use-2024-10-22")
        #expect(MessageParameter.Tool.advisor(model: .claudeOpus45).requiredBeta == "advisor-tool-2026-03-01")
        #expect(MessageParameter.Tool.server(type: "mcp_toolset", name: "").requiredBeta == "mcp-client-2025-11-20")
    }

    @Test("tools go over the wire as declared, with only the betas they need", arguments: TransportKind.allCases)
    func wire(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let lookup = MessageParameter.Tool(name: "lookup", description: "Looks things up", inputSchema: .object(["q": .string()]))
            let tools: [MessageParameter.Tool] = [
                .webSearch(userLocation: .init(city: "Paris")), .webFetch(citations: true), .codeExecution, .bash, .textEditor, .memory,
                .toolSearchRegex, lookup.deferred(),
            ]
            _ = try await service.createMessage(Self.parameter("Hello", tools: tools))
            var request = try #require(sandbox.lastRequest)
            #expect(request.header("anthropic-beta") == nil)
            let sent = try #require(Self.body(request)["tools"]?.arrayValue)
            #expect(sent.count == tools.count)
            for (index, tool) in tools.enumerated() {
                #expect(try sent[index] == Self.json(tool))
            }
            _ = try await service.createMessage(Self.parameter("Hello", tools: [.computer(displayWidth: 1024, displayHeight: 768)]))
            request = try #require(sandbox.lastRequest)
            #expect(request.header("anthropic-beta") == "computer-use-2025-11-24")
        }
    }

    @Test("a tool type the API doesn't know is a 400 naming it", arguments: TransportKind.allCases)
    func unknownToolType(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let parameter = Self.parameter("Hello", tools: [.server(type: "web_search_20990101", name: "web_search")])
            let error = try await #require(throws: APIError.self) { try await service.createMessage(parameter) }
            #expect(error.kind == .badRequest)
            #expect(error.message.contains("web_search_20990101"))
            let misnamed = Self.parameter("Hello", tools: [.server(type: "web_fetch_20250910", name: "fetch")])
            let second = try await #require(throws: APIError.self) { try await service.createMessage(misnamed) }
            #expect(second.kind == .badRequest && second.message.contains("'web_fetch'"))
        }
    }

    @Test("a strict AITool is sent with strict: true and an Anthropic-normalized schema", arguments: TransportKind.allCases)
    func strictTools(kind: TransportKind) async throws {
        struct Search: StructuredOutput {
            var query: String
            var limit: Int?
            static var jsonSchema: JSONSchema { .object(["query": .string(minLength: 2), "limit": .integer(minimum: 1)], required: ["query"]) }
        }
        let strict = AITool("search", description: "Searches") { (search: Search) in search.query }
        let loose = AITool("echo", description: "Echoes", parameters: .object(["text": .string()]), strict: false) { $0.jsonString }
        try await withAnthropic(transport: kind) { sandbox, service in
            _ = try await ToolRunner(tools: [strict, loose]).run(service, messages: Self.parameter("Go [sandbox-tools: search]", tools: [])).result()
            let tools = try #require(Self.body(sandbox.requests.first { $0.path == "/v1/messages" })["tools"])
            #expect(tools[0]?["strict"] == .bool(true))
            #expect(tools[0]?["input_schema"]?["additionalProperties"] == .bool(false))
            #expect(tools[0]?["input_schema"]?["properties"]?["query"]?["minLength"] == nil)
            #expect(tools[0]?["input_schema"]?["properties"]?["query"]?["description"] == "{minLength: 2}")
            #expect(tools[1]?["strict"] == nil)
            #expect(try tools[1]?["input_schema"] == JSONValue(parsing: JSONEncoder().encode(loose.parameters)))
        }
    }

    @Test("README: tools today")
    func readme() async throws {
        try await withAnthropic { sandbox, sandboxService in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                printed.withLock { $0 += items.map { "\($0)" }.joined(separator: separator) + terminator }
            }
            try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("claude-memories"))

            let service = sandboxService  // README: let service = AnthropicServiceFactory.service(apiKey: "sk-ant-…")

            // Your tools are strict by default; Anthropic's tools are typed, version by version
            let weather = AITool("get_weather", description: "Current weather in a city") { (query: WeatherQuery) in
                "Sunny in \(query.city)"
            }
            let memory = AnthropicMemoryTool(directory: FileManager.default.temporaryDirectory.appendingPathComponent("claude-memories"))
            let parameter = MessageParameter(
                model: .claudeSonnet45, messages: [.init(role: .user, content: "Plan my day in Paris; remember that I like tea.")],
                maxTokens: 4096,
                tools: [
                    .webSearch(userLocation: .init(city: "Paris", country: "FR")), .codeExecution, .toolSearchBM25,
                    MessageParameter.Tool(weather).deferred(),  // loaded when tool search finds it
                ])

            // The runner sends memory as Anthropic's memory tool, passes server tool blocks back and runs your tools
            let result = try await ToolRunner(tools: [weather, memory.tool]).run(service, messages: parameter).result()
            print(result.finalText)

            // Files that code execution wrote
            let blocks = result.turns.compactMap { $0.rawResponse as? MessageResponse }.flatMap(\.content)
            for case .bashCodeExecutionToolResult(let run) in blocks {
                if case .result(let output) = run.content, let id = output.fileIDs.first {
                    try await service.downloadFile(id: id).write(to: URL(fileURLWithPath: "output.txt"))
                }
            }

            #expect(printed.current.contains("returned: Sunny in") && result.toolResults.map(\.name) == ["get_weather"])
            let tools = try #require(Self.body(sandbox.requests.first { $0.path == "/v1/messages" })["tools"]?.arrayValue)
            #expect(tools.map { $0["type"]?.stringValue ?? "custom" } == [
                "web_search_20250305", "code_execution_20250825", "tool_search_tool_bm25_20251119", "custom", "memory_20250818",
            ])
            #expect(tools[3]["strict"] == true && tools[3]["defer_loading"] == true && tools[0]["user_location"]?["city"] == "Paris")
            #expect(!FileManager.default.fileExists(atPath: "output.txt"))
        }
    }

    @Test("the forced-tool strategy sends the schema normalized as strict tool use wants it", arguments: TransportKind.allCases)
    func forcedTool(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let parsed = try await service.parseDetailed(
                Self.parameter("A soup", tools: []), as: Recipe.self, strategy: .forcedTool)
            #expect(!parsed.value.title.isEmpty)
            let tool = try #require(Self.body(sandbox.lastRequest)["tools"]?[0])
            #expect(tool["input_schema"]?["additionalProperties"] == .bool(false))
            let minutes = tool["input_schema"]?["properties"]?["minutes"]
            #expect(minutes?["minimum"] == nil && minutes?["description"] == "{minimum: 1, maximum: 600}")
            #expect(tool["strict"] == nil)
        }
    }
}

@Suite("Anthropic server tool results")
struct ServerToolResultTests {
    static func ask(_ text: String, tools: [MessageParameter.Tool]) -> MessageParameter {
        ToolsTodayTests.parameter(text, tools: tools)
    }

    /// The message, created or streamed and assembled.
    static func message(_ service: any AnthropicService, _ parameter: MessageParameter, streamed: Bool) async throws -> MessageResponse {
        streamed ? try await service.streamMessage(parameter).accumulate() : try await service.createMessage(parameter)
    }

    @Test("web fetch: the server tool call and a fetched document with its URL", arguments: TransportKind.allCases)
    func webFetch(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            for streamed in [false, true] {
                let parameter = Self.ask(
                    "Summarize https://docs.example.com/guide. [sandbox-tools: web_fetch]",
                    tools: [.webFetch(allowedDomains: ["example.com"], citations: true)])
                let message = try await Self.message(service, parameter, streamed: streamed)
                #expect(message.stopReason == "end_turn")
                guard case .serverToolUse(let id, "web_fetch", let input)? = message.content.first(where: { if case .serverToolUse = $0 { true } else { false } }) else {
                    Issue.record("no web_fetch call: \(message.content)")
                    continue
                }
                #expect(input["url"] == .string("https://docs.example.com/guide"))
                let result = message.content.compactMap { if case .webFetchToolResult(let result) = $0 { result } else { nil } }.first
                #expect(result?.toolUseID == id)
                guard case .result(let url, _, let document)? = result?.content else {
                    Issue.record("no fetched document, streamed: \(streamed)")
                    continue
                }
                #expect(url == "https://docs.example.com/guide")
                #expect(document["citations"]?["enabled"] == true)
                #expect(document["source"]?["data"]?.stringValue?.contains("docs.example.com") == true)
                #expect(message.text.contains("Fetched https://docs.example.com/guide"))
            }
            let blocked = try await service.createMessage(
                Self.ask("Read https://evil.example.net/x [sandbox-tools: web_fetch]", tools: [.webFetch(blockedDomains: ["evil.example.net"])]))
            let result = blocked.content.compactMap { if case .webFetchToolResult(let result) = $0 { result } else { nil } }.first
            guard case .error(let code)? = result?.content else { Issue.record("expected an error"); return }
            #expect(code == "url_not_allowed")
        }
    }

    @Test("web search answers with its results block", arguments: TransportKind.allCases)
    func webSearch(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let message = try await service.createMessage(Self.ask("swift concurrency [sandbox-tools: web_search]", tools: [.webSearch()]))
            guard case .serverToolResult("web_search_tool_result", _, let content)? = message.content.first(where: {
                if case .serverToolResult = $0 { true } else { false }
            }) else {
                Issue.record("no search result: \(message.content)")
                return
            }
            #expect(content[0]?["type"] == "web_search_result")
            #expect(content[0]?["url"]?.stringValue?.hasPrefix("https://example.com/search/") == true)
        }
    }

    @Test("code execution: bash and text editor results, and the file it wrote downloads", arguments: TransportKind.allCases)
    func codeExecution(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            for streamed in [false, true] {
                let message = try await Self.message(
                    service, Self.ask("Total the sales [sandbox-tools: code_execution]", tools: [.codeExecution]), streamed: streamed)
                let created = message.content.compactMap { if case .textEditorCodeExecutionToolResult(let result) = $0 { result } else { nil } }
                guard case .create(let isFileUpdate)? = created.first?.content else {
                    Issue.record("no text editor result, streamed: \(streamed)")
                    continue
                }
                #expect(!isFileUpdate)
                let runs = message.content.compactMap { if case .bashCodeExecutionToolResult(let result) = $0 { result } else { nil } }
                guard case .result(let output)? = runs.first?.content else {
                    Issue.record("no bash result, streamed: \(streamed)")
                    continue
                }
                #expect(output.stdout == "Total the sales\n" && output.returnCode == 0 && output.stderr.isEmpty)
                let fileID = try #require(output.fileIDs.first)
                #expect(try await service.downloadFile(id: fileID) == Data("Total the sales\n".utf8))
                #expect(sandbox.lastRequest?.path == "/v1/files/\(fileID)/content")
                #expect(try await service.retrieveFileMetadata(id: fileID).filename == "sandbox_output.txt")
            }
            let python = try await service.createMessage(
                Self.ask("Say hi [sandbox-tools: code_execution]", tools: [.codeExecution(version: .v20250522)]))
            let result = python.content.compactMap { if case .codeExecutionToolResult(let result) = $0 { result } else { nil } }.first
            guard case .result(let output)? = result?.content else { Issue.record("no code execution result"); return }
            #expect(output.stdout == "Say hi\n")
            #expect(try await service.downloadFile(id: try #require(output.fileIDs.first)) == Data("Say hi\n".utf8))
            let missing = try await #require(throws: APIError.self) { try await service.downloadFile(id: "file_missing") }
            #expect(missing.kind == .notFound)
        }
    }

    @Test("the runner sends server blocks back unchanged and runs a tool found by tool search", arguments: TransportKind.allCases)
    func toolSearchThenCall(kind: TransportKind) async throws {
        let weatherDefinition = MessageParameter.Tool(ToolsTodayTests.weather).deferred()
        let lookup = MessageParameter.Tool(name: "lookup_order", description: "Finds an order by number", inputSchema: .object(["id": .string()]))
        for search in [MessageParameter.Tool.toolSearchBM25, .toolSearchRegex] {
            try await withAnthropic(transport: kind) { sandbox, service in
                let parameter = ToolsTodayTests.parameter(
                    "What is the weather forecast in Paris? [sandbox-tools: \(search.name)]",
                    tools: [search, weatherDefinition, lookup.deferred()])
                let result = try await ToolRunner(tools: [ToolsTodayTests.weather]).run(service, messages: parameter).result()
                #expect(result.toolResults.count == 1 && result.toolResults.first?.output.hasPrefix("Sunny in") == true)
                #expect(result.turns.count == 2)
                let first = try #require(result.turns.first?.rawResponse as? MessageResponse)
                let found = first.content.compactMap { if case .toolSearchToolResult(let result) = $0 { result } else { nil } }.first
                guard case .result(let names)? = found?.content else { Issue.record("no tool search result"); return }
                #expect(names == ["get_weather"])
                let requests = sandbox.requests.filter { $0.path == "/v1/messages" }
                let second = try ToolsTodayTests.body(requests.last)
                // The weather tool is declared once, still deferred; the assistant turn carries the search blocks as they came.
                let tools = try #require(second["tools"]?.arrayValue)
                #expect(tools.filter { $0["name"] == "get_weather" }.count == 1)
                #expect(tools.first { $0["name"] == "get_weather" }?["defer_loading"] == true)
                let assistant = try #require(second["messages"]?[1]?["content"]?.arrayValue)
                #expect(assistant.map { $0["type"]?.stringValue ?? "" } == ["text", "server_tool_use", "tool_search_tool_result", "tool_use"])
                #expect(assistant[2]["content"]?["tool_references"] == [["type": "tool_reference", "tool_name": "get_weather"]])
                #expect(result.finalText.contains("Sunny in"))
            }
        }
    }

    @Test("the runner carries a compaction block into the next turn", arguments: TransportKind.allCases)
    func compactionInTheRunner(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let long = MessageParameter.Message(role: .user, content: .text(Array(repeating: "word", count: 50_100).joined(separator: " ")))
            let parameter = MessageParameter(
                model: .claudeOpus46,
                messages: [long, .init(role: .assistant, content: "Noted."), .init(role: .user, content: "Weather? [sandbox-tools: get_weather]")],
                maxTokens: 512, contextManagement: .init(edits: [.compact(.init(triggerTokens: 50_000))]))
            let result = try await ToolRunner(tools: [ToolsTodayTests.weather]).run(service, messages: parameter).result()
            #expect(result.turns.count == 2 && result.toolResults.count == 1)
            let first = try #require(result.turns.first?.rawResponse as? MessageResponse)
            let summary = try #require(first.compaction)
            let second = try ToolsTodayTests.body(sandbox.requests.last { $0.path == "/v1/messages" })
            let assistant = try #require(second["messages"]?[3]?["content"]?.arrayValue)
            #expect(assistant.map { $0["type"]?.stringValue ?? "" } == ["compaction", "text", "tool_use"])
            #expect(assistant[0]["signature"]?.stringValue == summary.signature)
            #expect(result.finalText.contains("returned: Sunny in"))
        }
    }
}
