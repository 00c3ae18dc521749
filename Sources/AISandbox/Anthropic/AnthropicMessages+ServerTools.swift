import AIServerKit
import Foundation

/// Anthropic's server tools and Anthropic-defined tools in the sandbox's messages.
///
/// A `[sandbox-tools: …]` directive (``ToolDirective``) asks for them as it asks for custom tools: in the turn
/// that reaches a segment naming an offered server tool (`web_search`, `web_fetch`, `code_execution` or its
/// `bash_code_execution` / `text_editor_code_execution` sub-tools, `tool_search_tool_bm25`,
/// `tool_search_tool_regex`), the answer holds its `server_tool_use` block and result; client tools of the same
/// segment (custom ones, and the Anthropic-defined memory, bash, text editor and computer tools, which the
/// client runs) follow as `tool_use` blocks. A segment with server tools only ends the turn with a text answer.
/// Tool search finds deferred tools and, when one is a client tool, the model calls the first it found.
enum AnthropicServerTools {
    /// The Files store of the sandbox answering the request (the messages route sets it): code execution puts
    /// the files its code writes there.
    @TaskLocal static var files: AnthropicResources?

    /// How a declared tool runs.
    enum Kind: Equatable {
        /// A custom tool with an `input_schema`, run by the client.
        case custom
        /// Run by the API (the sandbox answers its calls itself).
        case server
        /// Defined by Anthropic, run by the client (memory, bash, text editor, computer).
        case client
        /// A toolset entry or the advisor: accepted, never called by the sandbox model.
        case passive
    }

    /// A tool of the request's `tools`.
    struct Tool {
        let name: String
        let type: String?
        let definition: JSON
        let kind: Kind
    }

    /// Tool types the API takes without a beta (anthropic-python 2.14's `ToolUnionParam`), by type prefix
    /// → the fixed name the API requires (nil when the entry has no name).
    static let generallyAvailable: [String: String?] = [
        "bash_20250124": "bash", "memory_20250818": "memory",
        "code_execution_20250522": "code_execution", "code_execution_20250825": "code_execution",
        "code_execution_20260120": "code_execution", "code_execution_20260521": "code_execution",
        "text_editor_20250124": "str_replace_editor", "text_editor_20250429": "str_replace_based_edit_tool",
        "text_editor_20250728": "str_replace_based_edit_tool",
        "web_search_20250305": "web_search", "web_search_20260209": "web_search", "web_search_20260318": "web_search",
        "web_fetch_20250910": "web_fetch", "web_fetch_20260209": "web_fetch", "web_fetch_20260309": "web_fetch",
        "web_fetch_20260318": "web_fetch",
        "tool_search_tool_bm25_20251119": "tool_search_tool_bm25", "tool_search_tool_bm25": "tool_search_tool_bm25",
        "tool_search_tool_regex_20251119": "tool_search_tool_regex", "tool_search_tool_regex": "tool_search_tool_regex",
        "browser_toolset_20260801": nil, "computer_toolset_20260801": nil,
    ]

    /// Tool types only a beta enables → (its `anthropic-beta` name, the fixed tool name).
    static let betaOnly: [String: (beta: String, name: String?)] = [
        "computer_20241022": ("computer-use-2024-10-22", "computer"), "bash_20241022": ("computer-use-2024-10-22", "bash"),
        "text_editor_20241022": ("computer-use-2024-10-22", "str_replace_editor"),
        "computer_20250124": ("computer-use-2025-01-24", "computer"), "computer_20251124": ("computer-use-2025-11-24", "computer"),
        "advisor_20260301": ("advisor-tool-2026-03-01", "advisor"), "mcp_toolset": ("mcp-client-2025-11-20", nil),
    ]

    /// The 400 the API answers for a tool it doesn't know (or whose beta is missing) or a wrong fixed name.
    static func invalidTool(_ request: RecordedRequest) -> ResponsePlan? {
        let betas = Set((request.header("anthropic-beta") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        for (index, tool) in (request.jsonBody?["tools"]?.objects ?? []).enumerated() {
            guard let type = tool["type"]?.string, type != "custom" else { continue }
            let fixedName: String?
            if let name = generallyAvailable[type] {
                fixedName = name
            } else if let entry = betaOnly[type], betas.contains(entry.beta) {
                fixedName = entry.name
            } else {
                let known = (Array(generallyAvailable.keys) + betaOnly.filter { betas.contains($0.value.beta) }.map(\.key) + ["custom"]).sorted()
                return AnthropicMessages.error(
                    400, type: "invalid_request_error",
                    message: "tools.\(index): Input tag '\(type)' found using 'type' does not match any of the expected tags: "
                        + known.map { "'\($0)'" }.joined(separator: ", "))
            }
            if let fixedName, tool["name"]?.string != fixedName {
                return AnthropicMessages.error(
                    400, type: "invalid_request_error", message: "tools.\(index).\(type).name: Input should be '\(fixedName)'")
            }
        }
        return nil
    }

    /// The request's tools, in order.
    static func tools(_ body: JSON) -> [Tool] {
        (body["tools"]?.objects ?? []).map { definition in
            let type = definition["type"]?.string
            let name = definition["name"]?.string ?? ""
            let kind: Kind
            switch type.map(family) {
            case nil, "custom": kind = .custom
            case "web_search", "web_fetch", "code_execution", "tool_search_tool": kind = .server
            case "memory", "bash", "text_editor", "computer": kind = .client
            default: kind = .passive
            }
            return Tool(name: name, type: type, definition: definition, kind: kind)
        }
    }

    /// `web_fetch_20250910` → `web_fetch`, `tool_search_tool_bm25_20251119` → `tool_search_tool`.
    static func family(_ type: String) -> String {
        if type.hasPrefix("tool_search_tool") { return "tool_search_tool" }
        return type.split(separator: "_").filter { !$0.allSatisfy(\.isNumber) }.joined(separator: "_")
    }

    /// The names a directive can call as server tools: each offered server tool's name, and the code execution
    /// tool's sub-tools when a version that has them (20250825 and later) is offered.
    static func serverNames(_ tools: [Tool]) -> Set<String> {
        var names = Set(tools.filter { $0.kind == .server }.map(\.name))
        if tools.contains(where: { $0.type.map { $0.hasPrefix("code_execution_") && $0 != "code_execution_20250522" } ?? false }) {
            names.formUnion(["bash_code_execution", "text_editor_code_execution"])
        }
        return names
    }
}

extension AnthropicMessages {
    /// The answer when the directive's current segment names a server or Anthropic-defined tool; nil otherwise
    /// (custom tools alone are answered as before).
    static func serverToolTurn(_ body: JSON, messages: [JSON]) -> (blocks: [Block], stopReason: String)? {
        let tools = AnthropicServerTools.tools(body)
        guard body["tool_choice"]?["type"]?.string != "none",
            let userIndex = messages.lastIndex(where: isUserText)
        else { return nil }
        let userText = SandboxText.text(ofContent: messages[userIndex]["content"])
        guard let directive = ToolDirective(in: userText) else { return nil }
        let since = messages[(userIndex + 1)...]
        let turnsDone = since.filter { $0["role"]?.string == "assistant" && !contentBlocks($0, "tool_use").isEmpty }.count
        guard let names = directive.names(afterTurns: turnsDone) else { return nil }
        let serverNames = AnthropicServerTools.serverNames(tools)
        let clientBuiltins = Set(tools.filter { $0.kind == .client }.map(\.name))
        guard names.contains(where: { serverNames.contains($0) || clientBuiltins.contains($0) }) else { return nil }

        let context = ServerToolContext(
            body: body, messages: messages, tools: tools, request: directiveFree(userText), turn: messages.count)
        var blocks: [Block] = [.text(SandboxToolCall.intro(names), citations: [])]
        var clientNames: [String] = []
        var summaries: [String] = []
        for (index, name) in names.enumerated() {
            if serverNames.contains(name) {
                let served = context.serve(name, index: index)
                blocks += served.blocks.map(Block.raw)
                summaries.append(served.summary)
                if let found = served.followUp, !names.contains(found), !clientNames.contains(found) { clientNames.append(found) }
            } else {
                clientNames.append(name)
            }
        }
        guard !clientNames.isEmpty else {
            return (blocks + [.text(summaries.joined(separator: "\n"), citations: [])], "end_turn")
        }
        let custom = tools.filter { $0.kind == .custom }.map { (name: $0.name, schema: $0.definition["input_schema"] ?? [:]) }
        let toolUseTurns = messages.filter { $0["role"]?.string == "assistant" && !contentBlocks($0, "tool_use").isEmpty }.count
        let calls = SandboxToolCall.calls(clientNames, offered: custom, idPrefix: "toolu_sandbox_", turn: toolUseTurns)
        for call in calls {
            let input = context.clientInput(for: call.name) ?? (try? JSON(parsing: Data(call.arguments.utf8)))?.objectValue ?? [:]
            blocks.append(.toolUse(id: call.id, name: call.name, input: input))
        }
        return (blocks, "tool_use")
    }

    /// A user message that says something (not one that only carries tool results).
    private static func isUserText(_ message: JSON) -> Bool {
        guard message["role"]?.string == "user" else { return false }
        guard let parts = message["content"]?.objects else { return true }
        return parts.contains { $0["type"]?.string != "tool_result" }
    }

    static func contentBlocks(_ message: JSON, _ type: String) -> [JSON] {
        (message["content"]?.objects ?? []).filter { $0["type"]?.string == type }
    }

    /// The user's words without the `[sandbox-tools: …]` directive.
    private static func directiveFree(_ text: String) -> String {
        guard let start = text.range(of: "[sandbox-tools", options: .caseInsensitive),
            let end = text[start.upperBound...].firstIndex(of: "]")
        else { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return (text[..<start.lowerBound] + text[text.index(after: end)...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
