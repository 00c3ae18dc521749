import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Anthropic messages today")
struct MessagesTodayTests {
    static let codeExecution = MessageParameter.Tool.server(type: "code_execution_20250825", name: "code_execution")

    /// A user turn of `count` words, so the sandbox's word-counted input passes a compaction trigger.
    static func longTurn(_ count: Int) -> MessageParameter.Message {
        .init(role: .user, content: .text(Array(repeating: "word", count: count).joined(separator: " ")))
    }

    /// A `{"type", "value"}` object of a request body as "type value".
    static func count(_ object: Any?) -> String? {
        guard let object = object as? [String: Any], let type = object["type"] as? String, let value = object["value"] as? Int else { return nil }
        return "\(type) \(value)"
    }

    @Test("today's fields go over the wire with the betas they imply after the caller's", arguments: TransportKind.allCases)
    func wireShape(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind, betaHeaders: ["files-api-2025-04-14"]) { sandbox, service in
            let parameter = MessageParameter(
                model: .claudeOpus46, messages: [.init(role: .user, content: "Make a spreadsheet")], maxTokens: 2048,
                tools: [Self.codeExecution], thinking: .adaptive(display: .summarized),
                outputConfig: .init(effort: .high), cacheControl: .init(type: .ephemeral, ttl: .oneHour),
                container: .init(skills: [.anthropic("xlsx", version: "latest"), .custom("skill_01abc")]),
                contextManagement: .init(edits: [
                    .clearThinking(.init(keep: .thinkingTurns(2))),
                    .clearToolUses(.init(
                        trigger: .inputTokens(30000), keep: 3, clearAtLeast: 5000, excludeTools: ["web_search"],
                        clearToolInputs: .tools(["bash"]))),
                    .compact(.init(triggerTokens: 150_000, instructions: "Keep the numbers", pauseAfterCompaction: false)),
                ]),
                speed: .fast, fallbacks: .models([.init(model: .claudeSonnet46, maxTokens: 1024, speed: .standard)]),
                diagnostics: .init(previousMessageID: nil), inferenceGeo: "us", betas: [.context1M])
            let message = try await service.createMessage(parameter)

            let request = try #require(sandbox.lastRequest)
            #expect(request.header("anthropic-beta") == [
                "files-api-2025-04-14", "context-1m-2025-08-07", "context-management-2025-06-27",
                "compact-2026-01-12", "fast-mode-2026-02-01", "skills-2025-10-02", "server-side-fallback-2026-07-01",
            ].joined(separator: ","))
            let body = try #require(request.json)
            #expect(body["betas"] == nil)
            #expect((body["output_config"] as? [String: Any])?["effort"] as? String == "high")
            #expect(body["thinking"] as? [String: String] == ["type": "adaptive", "display": "summarized"])
            #expect(body["cache_control"] as? [String: String] == ["type": "ephemeral", "ttl": "1h"])
            #expect(body["speed"] as? String == "fast")
            #expect(body["inference_geo"] as? String == "us")
            let diagnostics = try #require(body["diagnostics"] as? [String: Any])
            #expect(diagnostics.keys.sorted() == ["previous_message_id"] && diagnostics["previous_message_id"] is NSNull)
            let skills = try #require((body["container"] as? [String: Any])?["skills"] as? [[String: String]])
            #expect(skills == [["type": "anthropic", "skill_id": "xlsx", "version": "latest"], ["type": "custom", "skill_id": "skill_01abc"]])
            let fallbacks = try #require(body["fallbacks"] as? [[String: Any]])
            #expect(fallbacks[0]["model"] as? String == "claude-sonnet-4-6" && fallbacks[0]["max_tokens"] as? Int == 1024)
            let edits = try #require((body["context_management"] as? [String: Any])?["edits"] as? [[String: Any]])
            #expect(edits.map { $0["type"] as? String } == ["clear_thinking_20251015", "clear_tool_uses_20250919", "compact_20260112"])
            #expect(Self.count(edits[0]["keep"]) == "thinking_turns 2")
            #expect(Self.count(edits[1]["trigger"]) == "input_tokens 30000")
            #expect(Self.count(edits[1]["keep"]) == "tool_uses 3")
            #expect(Self.count(edits[1]["clear_at_least"]) == "input_tokens 5000")
            #expect(edits[1]["exclude_tools"] as? [String] == ["web_search"] && edits[1]["clear_tool_inputs"] as? [String] == ["bash"])
            #expect(Self.count(edits[2]["trigger"]) == "input_tokens 150000")
            #expect(edits[2]["instructions"] as? String == "Keep the numbers" && edits[2]["pause_after_compaction"] as? Bool == false)

            #expect(message.usage.speed == "fast" && message.usage.inferenceGeo == "us")
            #expect(message.contextManagement?.appliedEdits.isEmpty == true)
            let container = try #require(message.container)
            #expect(container.id.hasPrefix("container_") && !container.expiresAt.isEmpty)
            #expect(container.skills?.map(\.skillID) == ["xlsx", "skill_01abc"])
            guard case .thinking(let thinking, _) = message.content.first else { Issue.record("adaptive thinking"); return }
            #expect(!thinking.isEmpty)

            // The caller's own anthropic-beta header for the call replaces the service's, then the implied betas follow.
            _ = try await service.createMessage(
                .init(model: .claudeOpus46, messages: [.init(role: .user, content: "Hi")], maxTokens: 10, speed: .fast),
                options: RequestOptions(extraHeaders: [HTTPField.Name("anthropic-beta")!: "output-300k-2026-03-24"]))
            #expect(sandbox.lastRequest?.header("anthropic-beta") == "output-300k-2026-03-24,fast-mode-2026-02-01")
        }
    }

    @Test("a container by id is sent as the id; omitted thinking keeps only the signature; the top-level breakpoint writes the cache")
    func containerIDAndThinkingDisplay() async throws {
        try await withAnthropic { sandbox, service in
            let message = try await service.createMessage(
                .init(model: .claudeOpus46, messages: [.init(role: .user, content: "one two three")], maxTokens: 100,
                      thinking: .enabled(budgetTokens: 2048, display: .omitted), cacheControl: .init(type: .ephemeral),
                      container: .id("container_reuse")))
            #expect(sandbox.lastRequest?.json?["container"] as? String == "container_reuse")
            #expect((sandbox.lastRequest?.json?["thinking"] as? [String: Any])?["display"] as? String == "omitted")
            #expect(message.container?.id == "container_reuse" && message.container?.skills == nil)
            guard case .thinking("", let signature) = message.content.first else { Issue.record("omitted thinking"); return }
            #expect(!signature.isEmpty)
            #expect(message.usage.cacheCreationInputTokens == 3 && message.usage.cacheCreation?.ephemeral5mInputTokens == 3)
        }
    }

    @Test("clear tool uses removes old results' weight from the counted input and reports it", arguments: TransportKind.allCases)
    func clearToolUses(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let result = Array(repeating: "sunny", count: 40).joined(separator: " ")
            var messages: [MessageParameter.Message] = [.init(role: .user, content: "Weather in three cities?")]
            for city in ["Paris", "Rome", "Oslo"] {
                messages.append(.init(role: .assistant, content: .list([.toolUse("toolu_\(city)", "get_weather", ["city": .string(city)])])))
                messages.append(.init(role: .user, content: .list([.toolResult("toolu_\(city)", result)])))
            }
            messages.append(.init(role: .user, content: "Summarize"))
            let plain = try await service.createMessage(.init(model: .claudeSonnet45, messages: messages, maxTokens: 100))
            let edit = MessageParameter.ContextManagement(edits: [
                .clearToolUses(.init(trigger: .toolUses(2), keep: 1, clearToolInputs: .all(true))),
            ])
            let edited = try await service.createMessage(
                .init(model: .claudeSonnet45, messages: messages, maxTokens: 100, contextManagement: edit))
            #expect(sandbox.lastRequest?.header("anthropic-beta") == "context-management-2025-06-27")
            let applied = try #require(edited.contextManagement?.appliedEdits.first)
            #expect(applied.type == "clear_tool_uses_20250919" && applied.clearedToolUses == 2)
            let cleared = try #require(applied.clearedInputTokens)
            #expect(cleared > 70)
            #expect(edited.usage.inputTokens == (plain.usage.inputTokens ?? 0) - cleared)

            let count = try await service.countTokens(
                parameter: .init(model: .claudeSonnet45, messages: messages, contextManagement: edit))
            #expect(sandbox.lastRequest?.header("anthropic-beta") == "context-management-2025-06-27")
            #expect(count.inputTokens == edited.usage.inputTokens && count.contextManagement?.originalInputTokens == plain.usage.inputTokens)

            let notYet = try await service.createMessage(
                .init(model: .claudeSonnet45, messages: messages, maxTokens: 100,
                      contextManagement: .init(edits: [.clearToolUses(.init(trigger: .toolUses(5)))])))
            #expect(notYet.contextManagement?.appliedEdits.isEmpty == true && notYet.usage.inputTokens == plain.usage.inputTokens)
        }
    }

    @Test("clear thinking drops the thinking of earlier turns")
    func clearThinking() async throws {
        try await withAnthropic { _, service in
            let messages: [MessageParameter.Message] = [
                .init(role: .user, content: "First"),
                .init(role: .assistant, content: .list([.thinking(thinking: "long thought one two three", signature: "s1"), .text("A")])),
                .init(role: .user, content: "Second"),
                .init(role: .assistant, content: .list([.thinking(thinking: "another thought four five", signature: "s2"), .text("B")])),
                .init(role: .user, content: "Third"),
            ]
            let message = try await service.createMessage(
                .init(model: .claudeOpus46, messages: messages, maxTokens: 2048, thinking: .adaptive(),
                      contextManagement: .init(edits: [.clearThinking(.init(keep: .thinkingTurns(1)))])))
            let applied = try #require(message.contextManagement?.appliedEdits.first)
            #expect(applied.type == "clear_thinking_20251015" && applied.clearedThinkingTurns == 1 && applied.clearedInputTokens == 5)
            let keepAll = try await service.createMessage(
                .init(model: .claudeOpus46, messages: messages, maxTokens: 2048, thinking: .adaptive(),
                      contextManagement: .init(edits: [.clearThinking(.init(keep: .all))])))
            #expect(keepAll.contextManagement?.appliedEdits.isEmpty == true)
        }
    }

    @Test("compaction: the answer starts with a summary, which sent back is the only history that counts", arguments: TransportKind.allCases)
    func compaction(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let compact = MessageParameter.ContextManagement(edits: [.compact(.init(triggerTokens: 50_000, instructions: "Be short"))])
            var messages = [Self.longTurn(50_100), .init(role: .assistant, content: "Noted."), .init(role: .user, content: "What next?")]
            let first = try await service.createMessage(
                .init(model: .claudeOpus46, messages: messages, maxTokens: 200, contextManagement: compact))
            #expect(sandbox.lastRequest?.header("anthropic-beta") == "compact-2026-01-12")
            let summary = try #require(first.compaction)
            #expect(summary.content?.contains("the user asked: What next?") == true && summary.content?.contains("Be short") == true)
            #expect(first.stop == .endTurn && first.text.hasSuffix("You said: What next?"))
            let iterations = try #require(first.usage.iterations)
            #expect(iterations.map(\.type) == ["compaction", "message"])
            #expect(iterations[0].inputTokens > 50_000 && first.usage.inputTokens == iterations[1].inputTokens)
            #expect((first.usage.inputTokens ?? 0) < 100)

            messages.append(MessageParameter.Message(first))
            messages.append(.init(role: .user, content: "And then?"))
            let second = try await service.createMessage(
                .init(model: .claudeOpus46, messages: messages, maxTokens: 200, contextManagement: compact))
            #expect(second.compaction == nil && second.usage.iterations == nil)
            #expect((second.usage.inputTokens ?? 0) < 100 && second.text.hasSuffix("You said: And then?"))
            let sentBlock = try #require(((sandbox.lastRequest?.json?["messages"] as? [[String: Any]])?[3]["content"] as? [[String: Any]])?.first)
            #expect(sentBlock["type"] as? String == "compaction" && sentBlock["signature"] as? String == summary.signature)

            let paused = try await service.createMessage(
                .init(model: .claudeOpus46, messages: Array(messages.prefix(3)), maxTokens: 200,
                      contextManagement: .init(edits: [.compact(.init(triggerTokens: 50_000, pauseAfterCompaction: true))])))
            #expect(paused.stop == .compaction && paused.content.count == 1 && paused.compaction != nil)
            #expect(paused.usage.iterations?.map(\.type) == ["compaction"])
        }
    }

    @Test("a compaction request summarizes now; count tokens sends its betas and fields")
    func compactionRequestAndCount() async throws {
        try await withAnthropic { sandbox, service in
            let messages: [MessageParameter.Message] = [.init(role: .user, content: "Plan a trip to Lisbon")]
            let summary = try await service.createMessage(
                .init(model: .claudeOpus46, messages: messages, maxTokens: 100, compaction: .init(instructions: "One line")))
            #expect((sandbox.lastRequest?.json?["compaction"] as? [String: String]) == ["type": "summarize", "instructions": "One line"])
            #expect(sandbox.lastRequest?.header("anthropic-beta") == "compact-2026-09-04")
            #expect(summary.stop == .compaction && summary.compaction?.content?.contains("Plan a trip") == true)

            let parameter = MessageParameter(
                model: .claudeOpus46, messages: messages, maxTokens: 100, outputConfig: .init(effort: .low),
                cacheControl: .init(type: .ephemeral), speed: .fast, betas: [.context1M])
            let count = try await service.countTokens(parameter: .init(parameter))
            let request = try #require(sandbox.lastRequest)
            #expect(request.path == "/v1/messages/count_tokens")
            #expect(request.header("anthropic-beta") == "context-1m-2025-08-07,fast-mode-2026-02-01")
            let body = try #require(request.json)
            #expect(body["max_tokens"] == nil && body["speed"] as? String == "fast")
            #expect((body["output_config"] as? [String: Any])?["effort"] as? String == "low" && body["cache_control"] != nil)
            #expect(count.inputTokens == 8 && count.contextManagement == nil)
        }
    }

    @Test("search result blocks are cited with search_result_location citations", arguments: TransportKind.allCases)
    func searchResultCitations(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let result = MessageParameter.Message.Content.SearchResult(
                source: "https://kb.example.com/refunds", title: "Refund policy",
                content: ["Refunds are issued within 14 days.", "Contact support first."], citations: .init(enabled: true))
            let message = try await service.createMessage(
                .init(model: .claudeSonnet45, messages: [.init(role: .user, content: .list([.searchResult(result), .text("How long do refunds take?")]))],
                      maxTokens: 200))
            guard case .textWithCitations(let text, let citations) = message.content.last,
                case .searchResultLocation(let cited, let source, let title, let index, let start, let end) = citations.first
            else {
                Issue.record("expected a search_result_location citation, got \(message.content)")
                return
            }
            #expect(text == "Refunds are issued within 14 days." && cited == text)
            #expect(source == "https://kb.example.com/refunds" && title == "Refund policy" && index == 0 && start == 0 && end == 1)
        }
    }

    @Test("the sandbox refuses what the API refuses, naming the field", arguments: TransportKind.allCases)
    func refusals(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let hello: [MessageParameter.Message] = [.init(role: .user, content: "Hi")]
            func refused(_ parameter: MessageParameter) async -> APIError? {
                do {
                    _ = try await service.createMessage(parameter)
                    return nil
                } catch {
                    return error as? APIError
                }
            }
            let effort = await refused(.init(model: .claudeOpus46, messages: hello, maxTokens: 10, outputConfig: .init(effort: "extreme")))
            #expect(effort?.kind == .badRequest && effort?.type == "invalid_request_error" && effort?.message.contains("output_config.effort") == true)
            let speed = await refused(.init(model: .claudeOpus46, messages: hello, maxTokens: 10, speed: "ludicrous"))
            #expect(speed?.kind == .badRequest && speed?.message.contains("speed") == true)
            let edit = await refused(.init(
                model: .claudeOpus46, messages: hello, maxTokens: 10, contextManagement: .init(edits: [.raw(["type": "forget_everything"])])))
            #expect(edit?.kind == .badRequest && edit?.message.contains("context_management.edits.0.type") == true)
            let trigger = await refused(.init(
                model: .claudeOpus46, messages: hello, maxTokens: 10, contextManagement: .init(edits: [.compact(.init(triggerTokens: 1000))])))
            #expect(trigger?.message.contains("context_management.edits.0.trigger.value") == true)
            let skills = await refused(.init(model: .claudeOpus46, messages: hello, maxTokens: 10, container: .init(skills: [.anthropic("pptx")])))
            #expect(skills?.message.contains("container.skills") == true)
            let budget = await refused(.init(model: .claudeOpus46, messages: hello, maxTokens: 10, thinking: .enabled(budgetTokens: 100)))
            #expect(budget?.message.contains("budget_tokens") == true)

            let block = MessageResponse.Content.Compaction(content: "Earlier: greetings", signature: "sig_compaction_0")
            let misplaced = await refused(.init(
                model: .claudeOpus46, messages: [.init(role: .user, content: .list([.text("Hi"), .compaction(block)]))], maxTokens: 10))
            #expect(misplaced?.kind == .badRequest && misplaced?.rawBodyString?.contains("compaction_block_misplaced") == true)
            let altered = await refused(.init(
                model: .claudeOpus46, messages: [.init(role: .assistant, content: .list([.compaction(block)])), .init(role: .user, content: "Go")],
                maxTokens: 10))
            #expect(altered?.rawBodyString?.contains("compaction_content_mismatch") == true)
            let unsigned = MessageResponse.Content.Compaction(content: "Earlier")
            let twice = await refused(.init(
                model: .claudeOpus46,
                messages: [
                    .init(role: .assistant, content: .list([.compaction(unsigned)])), .init(role: .user, content: "Go"),
                    .init(role: .assistant, content: .list([.compaction(unsigned)])), .init(role: .user, content: "Go"),
                ], maxTokens: 10))
            #expect(twice?.rawBodyString?.contains("compaction_block_ambiguous") == true)
        }
    }
}
