import AIServerKit
import Foundation

/// What the sandbox's server tools return and what its model sends Anthropic-defined client tools, for one
/// answer (see ``AnthropicServerTools``).
struct ServerToolContext {
    let body: JSON
    let messages: [JSON]
    let tools: [AnthropicServerTools.Tool]
    /// The user's words, without the directive.
    let request: String
    /// Keeps ids unique within a conversation.
    let turn: Int

    /// A server tool's blocks, a line about them for the answer, and the client tool the model calls next.
    struct Served {
        var blocks: [JSON]
        var summary: String
        var followUp: String?
    }

    func serve(_ name: String, index: Int) -> Served {
        let id = "srvtoolu_sandbox_\(SandboxText.hash("\(name)\n\(turn).\(index)") % 1_000_000_000)"
        switch name {
        case "bash_code_execution": return bash(id)
        case "text_editor_code_execution": return textEditor(id)
        default: break
        }
        let tool = tools.first { $0.name == name && $0.kind == .server }
        let type = tool?.type ?? ""
        switch AnthropicServerTools.family(type) {
        case "web_search": return webSearch(id, tool: tool?.definition ?? [:])
        case "web_fetch": return webFetch(id, tool: tool?.definition ?? [:])
        case "code_execution" where type == "code_execution_20250522": return python(id)
        case "code_execution":
            let edit = textEditor(id + "_edit", path: Self.outputPath)
            let run = bash(id, command: "cat \(Self.outputPath)")
            return Served(blocks: edit.blocks + run.blocks, summary: run.summary)
        default: return toolSearch(id, name: name, regex: type.hasPrefix("tool_search_tool_regex"))
        }
    }

    /// The input the model sends a client tool Anthropic defines; nil for custom tools (their schema decides).
    func clientInput(for name: String) -> JSON? {
        guard let tool = tools.first(where: { $0.name == name && $0.kind == .client }), let type = tool.type else { return nil }
        switch AnthropicServerTools.family(type) {
        case "memory":
            // Claude checks its memory first, then writes a note, then reads it back.
            let earlier = messages.flatMap { AnthropicMessages.contentBlocks($0, "tool_use") }.filter { $0["name"]?.string == name }.count
            switch earlier {
            case 0: return ["command": "view", "path": "/memories"]
            case 1: return ["command": "create", "path": .string(Self.notePath), "file_text": .string(output + "\n")]
            default: return ["command": "view", "path": .string(Self.notePath)]
            }
        case "bash": return ["command": .string("echo " + Self.shellQuoted(output))]
        case "text_editor": return ["command": "view", "path": "/repo/README.md"]
        default: return ["action": "screenshot"]
        }
    }

    static let notePath = "/memories/sandbox-notes.md"
    static let outputPath = "/tmp/outputs/sandbox_output.txt"

    /// What code "prints" and the memory note holds: the user's words.
    private var output: String { request.isEmpty ? "Hello from the sandbox" : request }

    private func use(_ id: String, _ name: String, _ input: JSON) -> JSON {
        ["type": "server_tool_use", "id": .string(id), "name": .string(name), "input": input]
    }

    private func result(_ type: String, _ id: String, _ content: JSON) -> JSON {
        ["type": .string(type), "tool_use_id": .string(id), "content": content]
    }

    // MARK: Web

    private func webSearch(_ id: String, tool: JSON) -> Served {
        let query = request.isEmpty ? "sandbox" : request
        let blocked = tool["blocked_domains"]?.array?.compactMap(\.string) ?? []
        let domain = tool["allowed_domains"]?.array?.first?.string ?? (blocked.contains("example.com") ? "example.org" : "example.com")
        let url = "https://\(domain)/search/\(Self.slug(query))"
        let found: JSON = [
            "type": "web_search_result", "url": .string(url), "title": .string("Sandbox result for \(query)"),
            "encrypted_content": .string(Data("sandbox:\(query)".utf8).base64EncodedString()), "page_age": "January 1, 2026",
        ]
        return Served(
            blocks: [use(id, "web_search", ["query": .string(query)]), result("web_search_tool_result", id, [found])],
            summary: "The web search for \"\(query)\" found \(url).")
    }

    private func webFetch(_ id: String, tool: JSON) -> Served {
        let url = Self.firstURL(in: request) ?? "https://example.com/"
        let host = URL(string: url)?.host ?? ""
        func matches(_ domains: [String]) -> Bool { domains.contains { host == $0 || host.hasSuffix("." + $0) } }
        let allowed = tool["allowed_domains"]?.array?.compactMap(\.string)
        let blocked = tool["blocked_domains"]?.array?.compactMap(\.string) ?? []
        let call = use(id, "web_fetch", ["url": .string(url)])
        if matches(blocked) || allowed.map({ !matches($0) }) == true {
            let error: JSON = ["type": "web_fetch_tool_result_error", "error_code": "url_not_allowed"]
            return Served(blocks: [call, result("web_fetch_tool_result", id, error)], summary: "Fetching \(url) is not allowed.")
        }
        var text = "The sandbox page at \(url). It answers questions about \(request.isEmpty ? "anything" : request)."
        if let limit = tool["max_content_tokens"]?.int, limit > 0 { text = SandboxText.tokens(text).prefix(limit).joined() }
        var document: JSON = [
            "type": "document", "title": "Sandbox page",
            "source": ["type": "text", "media_type": "text/plain", "data": .string(text)],
        ]
        if tool["citations"]?["enabled"]?.bool == true { document["citations"] = ["enabled": true] }
        let fetched: JSON = ["type": "web_fetch_result", "url": .string(url), "retrieved_at": "2026-01-01T00:00:00Z", "content": document]
        return Served(blocks: [call, result("web_fetch_tool_result", id, fetched)], summary: "Fetched \(url): \(text)")
    }

    // MARK: Code execution

    /// The file the code writes, stored in the sandbox's Files store; its id, nil outside a messages request.
    private func storeOutput() -> String? {
        AnthropicServerTools.files?.addGeneratedFile(named: "sandbox_output.txt", mimeType: "text/plain", data: Data((output + "\n").utf8))
    }

    private func outputs(_ type: String, _ fileID: String?) -> JSON {
        .array(fileID.map { [["type": .string(type), "file_id": .string($0)]] } ?? [])
    }

    private func summary(_ fileID: String?) -> String {
        "The code printed \"\(output)\"" + (fileID.map { " and wrote sandbox_output.txt (\($0))." } ?? ".")
    }

    /// `code_execution_20250522`: Python that writes a file and prints it.
    private func python(_ id: String) -> Served {
        let fileID = storeOutput()
        let code = "with open('sandbox_output.txt', 'w') as f:\n    f.write(\(Self.pythonQuoted(output + "\n")))\nprint(\(Self.pythonQuoted(output)))"
        let content: JSON = [
            "type": "code_execution_result", "stdout": .string(output + "\n"), "stderr": "", "return_code": 0,
            "content": outputs("code_execution_output", fileID),
        ]
        return Served(
            blocks: [use(id, "code_execution", ["code": .string(code)]), result("code_execution_tool_result", id, content)],
            summary: summary(fileID))
    }

    /// A shell command of code execution (20250825 and later), by default one that writes the output file; the
    /// file comes back as an output of the command.
    private func bash(_ id: String, command: String? = nil) -> Served {
        let fileID = storeOutput()
        let command = command ?? "echo \(Self.shellQuoted(output)) | tee \(Self.outputPath)"
        let content: JSON = [
            "type": "bash_code_execution_result", "stdout": .string(output + "\n"), "stderr": "", "return_code": 0,
            "content": outputs("bash_code_execution_output", fileID),
        ]
        return Served(
            blocks: [use(id, "bash_code_execution", ["command": .string(command)]), result("bash_code_execution_tool_result", id, content)],
            summary: summary(fileID))
    }

    /// A file created by code execution's text editor.
    private func textEditor(_ id: String, path: String = "/tmp/outputs/sandbox_notes.txt") -> Served {
        let input: JSON = ["command": "create", "path": .string(path), "file_text": .string(output + "\n")]
        let content: JSON = ["type": "text_editor_code_execution_create_result", "is_file_update": false]
        return Served(
            blocks: [use(id, "text_editor_code_execution", input), result("text_editor_code_execution_tool_result", id, content)],
            summary: "Created \(path).")
    }

    // MARK: Tool search

    /// Deferred tools matching the request: BM25-like term overlap over names, descriptions and argument names,
    /// or a regular expression made of the request's words.
    private func toolSearch(_ id: String, name: String, regex: Bool) -> Served {
        let terms = Self.terms(request)
        let deferred = tools.filter { $0.definition["defer_loading"]?.bool == true }
        let found: [AnthropicServerTools.Tool]
        let query: String
        if regex {
            query = terms.isEmpty ? ".*" : "(?i)(" + terms.map(NSRegularExpression.escapedPattern).joined(separator: "|") + ")"
            let expression = try? NSRegularExpression(pattern: query)
            found = deferred.filter { tool in
                let text = Self.searchText(tool)
                return expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
        } else {
            query = request
            let scored = deferred.map { tool -> (tool: AnthropicServerTools.Tool, score: Int) in
                let words = Self.terms(Self.searchText(tool))
                return (tool, terms.reduce(0) { total, term in total + words.filter { $0 == term }.count })
            }
            found = scored.filter { $0.score > 0 }.sorted { $0.score > $1.score }.map(\.tool)
        }
        let references: [JSON] = found.prefix(5).map { ["type": "tool_reference", "tool_name": .string($0.name)] }
        let content: JSON = ["type": "tool_search_tool_search_result", "tool_references": .array(references)]
        let names = found.prefix(5).map(\.name)
        return Served(
            blocks: [use(id, name, ["query": .string(query)]), result("tool_search_tool_result", id, content)],
            summary: names.isEmpty ? "Tool search found no tools." : "Tool search found \(names.joined(separator: ", ")).",
            followUp: found.prefix(5).first { $0.kind == .custom || $0.kind == .client }?.name)
    }

    private static func searchText(_ tool: AnthropicServerTools.Tool) -> String {
        let properties = tool.definition["input_schema"]?["properties"]?.object ?? [:]
        let arguments = properties.map { "\($0.key) \($0.value["description"]?.string ?? "")" }.sorted()
        return ([tool.name.replacingOccurrences(of: "_", with: " "), tool.definition["description"]?.string ?? ""] + arguments)
            .joined(separator: " ")
    }

    /// Lowercased words of three letters or more, without the commonest English ones.
    private static func terms(_ text: String) -> [String] {
        let common: Set<String> = ["the", "and", "for", "with", "what", "that", "this", "from", "use", "tool", "tools", "please", "find"]
        return text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count >= 3 && !common.contains($0) }
    }

    // MARK: Text helpers

    private static func firstURL(in text: String) -> String? {
        guard let range = text.range(of: #"https?://[^\s<>"'\)\]]+"#, options: .regularExpression) else { return nil }
        return String(text[range]).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?"))
    }

    private static func slug(_ text: String) -> String {
        terms(text).prefix(6).joined(separator: "-").ifEmpty("sandbox")
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func pythonQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            .replacingOccurrences(of: "\n", with: "\\n") + "'"
    }
}

extension String {
    fileprivate func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
