import AICore
import Foundation
import Testing

@testable import SwiftAnthropic

@Suite("Anthropic messages today: response blocks")
struct MessagesTodayBlocksTests {
    /// A response with every block type of anthropic-python 2.14 this library types, an unknown one, and today's
    /// message fields.
    static let fixture = #"""
    {"id":"msg_1","type":"message","role":"assistant","model":"claude-opus-4-6","stop_reason":"model_context_window_exceeded",
     "stop_sequence":null,
     "stop_details":{"type":"refusal","category":"cyber","explanation":"Looks like malware"},
     "container":{"id":"container_1","expires_at":"2026-12-01T00:00:00Z","skills":[{"type":"anthropic","skill_id":"xlsx","version":"20251013"}]},
     "context_management":{"applied_edits":[{"type":"clear_tool_uses_20250919","cleared_tool_uses":2,"cleared_input_tokens":120},
                                             {"type":"clear_thinking_20251015","cleared_thinking_turns":1,"cleared_input_tokens":9}]},
     "diagnostics":{"cache_miss_reason":{"type":"messages_changed","cache_missed_input_tokens":4096}},
     "usage":{"input_tokens":10,"output_tokens":20,"cache_creation_input_tokens":1,"cache_read_input_tokens":2,
              "cache_creation":{"ephemeral_5m_input_tokens":1,"ephemeral_1h_input_tokens":0},
              "server_tool_use":{"web_search_requests":1,"web_fetch_requests":3},"service_tier":"priority","speed":"fast",
              "inference_geo":"us","output_tokens_details":{"thinking_tokens":7},
              "iterations":[{"type":"compaction","input_tokens":60000,"output_tokens":50,"cache_creation_input_tokens":0,"cache_read_input_tokens":0},
                            {"type":"message","input_tokens":10,"output_tokens":20,"cache_creation_input_tokens":1,"cache_read_input_tokens":2,"model":"claude-opus-4-6"}]},
     "content":[
      {"type":"compaction","content":"Summary so far","signature":"sig_c","tool_changes":[{"type":"tool_addition","name":"x"}]},
      {"type":"server_tool_use","id":"srvtoolu_1","name":"code_execution","input":{"code":"print(1)"}},
      {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"code_execution_result","stdout":"1\n","stderr":"","return_code":0,"content":[{"type":"code_execution_output","file_id":"file_1"}]}},
      {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_2","content":{"type":"encrypted_code_execution_result","encrypted_stdout":"ENC","stderr":"","return_code":0,"content":[]}},
      {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_3","content":{"type":"code_execution_tool_result_error","error_code":"execution_time_exceeded"}},
      {"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_4","content":{"type":"bash_code_execution_result","stdout":"ok","stderr":"warn","return_code":1,"content":[{"type":"bash_code_execution_output","file_id":"file_2"}]}},
      {"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_5","content":{"type":"bash_code_execution_tool_result_error","error_code":"unavailable"}},
      {"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_6","content":{"type":"text_editor_code_execution_view_result","content":"line","file_type":"text","num_lines":1,"start_line":1,"total_lines":1}},
      {"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_7","content":{"type":"text_editor_code_execution_create_result","is_file_update":true}},
      {"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_8","content":{"type":"text_editor_code_execution_str_replace_result","lines":["a","b"],"new_lines":2,"new_start":3,"old_lines":1,"old_start":3}},
      {"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_9","content":{"type":"text_editor_code_execution_tool_result_error","error_code":"file_not_found","error_message":"no such file"}},
      {"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_10","caller":{"type":"direct"},"content":{"type":"web_fetch_result","url":"https://swift.org","retrieved_at":"2026-01-01T00:00:00Z","content":{"type":"document","source":{"type":"text","media_type":"text/plain","data":"Swift is fast"},"title":"Swift"}}},
      {"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_11","content":{"type":"web_fetch_tool_result_error","error_code":"url_not_allowed"}},
      {"type":"tool_search_tool_result","tool_use_id":"srvtoolu_12","content":{"type":"tool_search_tool_search_result","tool_references":[{"type":"tool_reference","tool_name":"get_weather"}]}},
      {"type":"tool_search_tool_result","tool_use_id":"srvtoolu_13","content":{"type":"tool_search_tool_result_error","error_code":"too_many_requests","error_message":null}},
      {"type":"container_upload","file_id":"file_3"},
      {"type":"fallback","from":{"model":"claude-opus-4-6"},"to":{"model":"claude-sonnet-4-6"},"trigger":{"type":"refusal"}},
      {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_14","content":{"type":"future_result","x":1}},
      {"type":"hologram","beam":true},
      {"type":"text","text":"Done"}
     ]}
    """#

    static func decodeFixture() throws -> MessageResponse {
        try JSONDecoder().decode(MessageResponse.self, from: Data(fixture.utf8))
    }

    @Test("every typed block decodes into its case with its fields")
    func typedBlocks() throws {
        let message = try Self.decodeFixture()
        let blocks = message.content
        #expect(blocks.count == 20)
        guard case .compaction(let compaction) = blocks[0] else { Issue.record("compaction"); return }
        #expect(compaction.content == "Summary so far" && compaction.signature == "sig_c" && compaction.additionalFields["tool_changes"] != nil)
        #expect(message.compaction?.content == "Summary so far")
        guard case .serverToolUse(_, "code_execution", let input) = blocks[1] else { Issue.record("server_tool_use"); return }
        #expect(input["code"] == .string("print(1)"))
        guard case .codeExecutionToolResult(let run) = blocks[2], case .result(let output) = run.content else { Issue.record("code"); return }
        #expect(run.toolUseID == "srvtoolu_1" && output == .init(stdout: "1\n", stderr: "", returnCode: 0, fileIDs: ["file_1"]))
        guard case .codeExecutionToolResult(let encrypted) = blocks[3], case .encryptedResult(let hidden) = encrypted.content else {
            Issue.record("encrypted")
            return
        }
        #expect(hidden.stdout == "ENC")
        guard case .codeExecutionToolResult(let failed) = blocks[4], case .error("execution_time_exceeded") = failed.content else {
            Issue.record("code error")
            return
        }
        guard case .bashCodeExecutionToolResult(let bash) = blocks[5], case .result(let bashOutput) = bash.content else { Issue.record("bash"); return }
        #expect(bashOutput.returnCode == 1 && bashOutput.stderr == "warn" && bashOutput.fileIDs == ["file_2"])
        guard case .bashCodeExecutionToolResult(let bashError) = blocks[6], case .error("unavailable") = bashError.content else {
            Issue.record("bash error")
            return
        }
        guard case .textEditorCodeExecutionToolResult(let view) = blocks[7], case .view("line", "text", 1, 1, 1) = view.content else {
            Issue.record("view")
            return
        }
        guard case .textEditorCodeExecutionToolResult(let create) = blocks[8], case .create(true) = create.content else { Issue.record("create"); return }
        guard case .textEditorCodeExecutionToolResult(let replace) = blocks[9],
            case .strReplace(let lines, 2, 3, 1, 3) = replace.content, lines == ["a", "b"]
        else {
            Issue.record("str_replace")
            return
        }
        guard case .textEditorCodeExecutionToolResult(let editError) = blocks[10], case .error("file_not_found", "no such file") = editError.content else {
            Issue.record("editor error")
            return
        }
        guard case .webFetchToolResult(let fetch) = blocks[11], case .result("https://swift.org", let retrieved, _) = fetch.content else {
            Issue.record("fetch")
            return
        }
        #expect(retrieved == "2026-01-01T00:00:00Z" && fetch.text == "Swift is fast" && fetch.additionalFields["caller"] == ["type": "direct"])
        guard case .webFetchToolResult(let fetchError) = blocks[12], case .error("url_not_allowed") = fetchError.content else {
            Issue.record("fetch error")
            return
        }
        guard case .toolSearchToolResult(let search) = blocks[13], case .result(let names) = search.content else { Issue.record("search"); return }
        #expect(names == ["get_weather"])
        guard case .toolSearchToolResult(let searchError) = blocks[14], case .error("too_many_requests", nil) = searchError.content else {
            Issue.record("search error")
            return
        }
        guard case .containerUpload("file_3") = blocks[15] else { Issue.record("container_upload"); return }
        guard case .fallback(let fallback) = blocks[16] else { Issue.record("fallback"); return }
        #expect(fallback.fromModel == "claude-opus-4-6" && fallback.toModel == "claude-sonnet-4-6" && fallback.trigger?["type"] == "refusal")
        guard case .codeExecutionToolResult(let future) = blocks[17], case .unknown(let raw) = future.content else { Issue.record("future"); return }
        #expect(raw["type"] == "future_result")
        guard case .unknown("hologram", let hologram) = blocks[18] else { Issue.record("unknown"); return }
        #expect(hologram["beam"] == true)
        #expect(message.text == "Done")
    }

    @Test("today's message fields decode: container, applied edits, stop details, diagnostics, usage")
    func messageFields() throws {
        let message = try Self.decodeFixture()
        #expect(message.stop == .modelContextWindowExceeded)
        #expect(message.stopDetails == .init(type: "refusal", category: "cyber", explanation: "Looks like malware"))
        #expect(message.container?.id == "container_1" && message.container?.skills?.first?.skillID == "xlsx")
        #expect(message.container?.skills?.first?.version == "20251013")
        let edits = try #require(message.contextManagement?.appliedEdits)
        #expect(edits.map(\.type) == ["clear_tool_uses_20250919", "clear_thinking_20251015"])
        #expect(edits[0].clearedToolUses == 2 && edits[0].clearedInputTokens == 120 && edits[1].clearedThinkingTurns == 1)
        #expect(message.diagnostics?.cacheMissReason?.type == "messages_changed")
        #expect(message.diagnostics?.cacheMissReason?.cacheMissedInputTokens == 4096)
        let usage = message.usage
        #expect(usage.speed == "fast" && usage.inferenceGeo == "us" && usage.serviceTier == "priority" && usage.thinkingTokens == 7)
        #expect(usage.webSearchRequests == 1 && usage.webFetchRequests == 3)
        #expect(usage.iterations?.map(\.type) == ["compaction", "message"])
        #expect(usage.iterations?[0].inputTokens == 60000 && usage.iterations?[1].model == "claude-opus-4-6")
    }

    @Test("every block and the message round-trip through Codable unchanged")
    func roundTrip() throws {
        let original = try JSONValue(parsing: Self.fixture)
        let message = try Self.decodeFixture()
        let encoded = try JSONValue(parsing: JSONEncoder().encode(message))
        let originalBlocks = try #require(original["content"]?.arrayValue)
        let encodedBlocks = try #require(encoded["content"]?.arrayValue)
        for (index, block) in originalBlocks.enumerated() {
            #expect(encodedBlocks[index] == Self.withoutNulls(block), "block \(index)")
        }
        for key in ["container", "context_management", "stop_details", "diagnostics", "usage"] {
            #expect(encoded[key] == Self.withoutNulls(original[key] ?? .null), "\(key)")
        }
        let again = try JSONDecoder().decode(MessageResponse.self, from: JSONEncoder().encode(message))
        #expect(try JSONValue(parsing: JSONEncoder().encode(again)) == encoded)
    }

    @Test("a response is sent back block for block as it came (ContentObject(_:) and Message(_:))")
    func sendBack() throws {
        let message = try Self.decodeFixture()
        let turn = MessageParameter.Message(message)
        #expect(turn.role == "assistant")
        let sent = try JSONValue(parsing: OrderedJSONEncoder().encode(turn))
        let original = try JSONValue(parsing: Self.fixture)
        #expect(sent["content"] == Self.withoutNulls(original["content"] ?? .null))
        guard case .compaction = MessageParameter.Message.Content.ContentObject(message.content[0]),
            case .containerUpload("file_3", nil) = MessageParameter.Message.Content.ContentObject(message.content[15]),
            case .block = MessageParameter.Message.Content.ContentObject(message.content[2]),
            case .text("Done") = MessageParameter.Message.Content.ContentObject(message.content[19])
        else {
            Issue.record("conversion cases")
            return
        }
    }

    @Test("request blocks encode as the API reads them: container_upload, compaction with cache control, search results")
    func requestBlocks() throws {
        let blocks: [MessageParameter.Message.Content.ContentObject] = [
            .containerUpload(fileID: "file_9", cacheControl: .init(type: .ephemeral)),
            .compaction(.init(content: "sum", signature: "s", cacheControl: .init(type: .ephemeral, ttl: .oneHour))),
            .searchResult(.init(source: "https://kb/1", title: "KB", content: ["one", "two"], citations: .init(enabled: true))),
        ]
        let json = try JSONValue(parsing: OrderedJSONEncoder().encode(blocks))
        #expect(json[0] == ["type": "container_upload", "file_id": "file_9", "cache_control": ["type": "ephemeral"]])
        #expect(json[1] == ["type": "compaction", "content": "sum", "signature": "s", "cache_control": ["type": "ephemeral", "ttl": "1h"]])
        #expect(json[2]?["content"] == [["type": "text", "text": "one"], ["type": "text", "text": "two"]])
        #expect(json[2]?["citations"] == ["enabled": true])
    }

    /// `value` without object members that are `null` (the encoders leave absent optionals out).
    static func withoutNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            .object(members.filter { $0.value != .null }.mapValues(withoutNulls))
        case .array(let elements): .array(elements.map(withoutNulls))
        default: value
        }
    }
}
