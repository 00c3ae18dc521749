import AIServerKit
import Foundation

/// Today's request options of `POST /responses` (checked as the API checks them) and the tools whose calls
/// the sandbox model makes besides functions: custom tools, the shell (local or hosted), `local_shell`,
/// apply_patch and image generation.
extension OpenAIResponses {
    static let reasoningEfforts: Set<String> = ["none", "minimal", "low", "medium", "high", "xhigh", "max"]

    private static func invalid(_ message: String, param: String, code: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", code: code, param: param)
    }

    private static func invalidValue(_ value: String, param: String, allowed: [String]) -> ResponsePlan {
        invalid(
            "Invalid value: '\(value)'. Supported values are: \(allowed.map { "'\($0)'" }.joined(separator: ", ")).", param: param,
            code: "invalid_value")
    }

    /// The API's 400 for an option it refuses, or nil.
    static func checkTodayOptions(_ body: JSON) -> ResponsePlan? {
        if let effort = body["reasoning"]?["effort"]?.string, !reasoningEfforts.contains(effort) {
            return invalidValue(effort, param: "reasoning.effort", allowed: ["none", "minimal", "low", "medium", "high", "xhigh", "max"])
        }
        if let retention = body["prompt_cache_retention"]?.string, !["in_memory", "24h"].contains(retention) {
            return invalidValue(retention, param: "prompt_cache_retention", allowed: ["in_memory", "24h"])
        }
        if let ttl = body["prompt_cache_options"]?["ttl"]?.string, ttl != "30m" {
            return invalidValue(ttl, param: "prompt_cache_options.ttl", allowed: ["30m"])
        }
        if let mode = body["prompt_cache_options"]?["mode"]?.string, !["implicit", "explicit"].contains(mode) {
            return invalidValue(mode, param: "prompt_cache_options.mode", allowed: ["implicit", "explicit"])
        }
        if let moderation = body["moderation"], !moderation.isNull {
            guard moderation["model"]?.string?.isEmpty == false else {
                return invalid("Missing required parameter: 'moderation.model'.", param: "moderation.model", code: "missing_required_parameter")
            }
            for side in ["input", "output"] {
                if let mode = moderation["policy"]?[side]?["mode"]?.string, !["score", "block"].contains(mode) {
                    return invalidValue(mode, param: "moderation.policy.\(side).mode", allowed: ["score", "block"])
                }
            }
        }
        for (index, entry) in (body["context_management"]?.array ?? []).enumerated() {
            guard entry["type"]?.string == "compaction" else {
                return invalidValue(entry["type"]?.string ?? "", param: "context_management[\(index)].type", allowed: ["compaction"])
            }
            if let threshold = entry["compact_threshold"]?.int, threshold < 1000 {
                return invalid(
                    "Invalid 'context_management[\(index)].compact_threshold': integer below minimum value. Expected a value >= 1000, but got \(threshold) instead.",
                    param: "context_management[\(index)].compact_threshold", code: "integer_below_min_value")
            }
        }
        if body["tool_choice"]?["type"]?.string == "allowed_tools" {
            let mode = body["tool_choice"]?["mode"]?.string ?? ""
            guard ["auto", "required"].contains(mode) else { return invalidValue(mode, param: "tool_choice.mode", allowed: ["auto", "required"]) }
        }
        for (index, tool) in (body["tools"]?.array ?? []).enumerated() where tool["type"]?.string == "custom" {
            guard let format = tool["format"], format["type"]?.string == "grammar" else { continue }
            let syntax = format["syntax"]?.string ?? ""
            guard ["lark", "regex"].contains(syntax) else {
                return invalidValue(syntax, param: "tools[\(index)].format.syntax", allowed: ["lark", "regex"])
            }
            if syntax == "regex", (try? NSRegularExpression(pattern: format["definition"]?.string ?? "")) == nil {
                return invalid("Invalid regular expression in the grammar of tool '\(tool["name"]?.string ?? "")'.", param: "tools[\(index)].format.definition")
            }
        }
        return nil
    }

    /// The request as the model sees it: with `tool_choice` `allowed_tools`, only the listed tools are offered
    /// and the choice becomes its mode (`auto` or `required`).
    static func narrowedToAllowedTools(_ body: JSON) -> JSON {
        guard let choice = body["tool_choice"], choice["type"]?.string == "allowed_tools" else { return body }
        let allowed = choice["tools"]?.array ?? []
        func matches(_ tool: JSON) -> Bool {
            allowed.contains { entry in
                entry["type"]?.string == tool["type"]?.string
                    && (entry["name"] == nil || entry["name"]?.string == tool["name"]?.string)
                    && (entry["server_label"] == nil || entry["server_label"]?.string == tool["server_label"]?.string)
            }
        }
        var body = body
        body["tools"] = .array((body["tools"]?.array ?? []).filter(matches))
        body["tool_choice"] = choice["mode"] ?? "auto"
        return body
    }

    /// The item types that answer a call of a tool other than a function.
    static let toolOutputTypes: Set<String> = ["custom_tool_call_output", "shell_call_output", "apply_patch_call_output", "local_shell_call_output"]

    /// The output for custom, shell, local shell, apply_patch and image generation tools, or nil (functions, or the
    /// usual answer). An output answering such a call gets a message about it; otherwise the forced tool
    /// (`tool_choice`), or with no function tools offered the first such tool, is called with the user's last text.
    func otherToolAnswer(body: JSON, items: [JSON]) -> [JSON]? {
        if let last = items.last, let type = last["type"]?.string, Self.toolOutputTypes.contains(type) {
            return [message(Self.describeToolOutput(last))]
        }
        let tools = body["tools"]?.array ?? []
        let choice = body["tool_choice"]
        if choice?.string == "none" { return nil }
        let kinds: Set<String> = ["custom", "shell", "local_shell", "apply_patch", "image_generation"]
        let chosen: JSON?
        if let type = choice?["type"]?.string, kinds.contains(type) {
            chosen = tools.first { $0["type"]?.string == type && (choice?["name"] == nil || $0["name"]?.string == choice?["name"]?.string) }
        } else if choice?["type"] != nil || tools.contains(where: { $0["type"]?.string == "function" }) {
            chosen = nil
        } else {
            chosen = tools.first { kinds.contains($0["type"]?.string ?? "") }
        }
        guard let tool = chosen else { return nil }
        let userMessage = items.last { $0["type"]?.string == "message" && $0["role"]?.string == "user" } ?? [:]
        let text = Self.text(ofItem: userMessage)
        let callID = newID("call")
        switch tool["type"]?.string {
        case "custom":
            let name = tool["name"]?.string ?? "custom"
            guard let input = Self.customInput(text, format: tool["format"]) else {
                return [message("The sandbox could not write an input for \(name) that matches its grammar.")]
            }
            return [["type": "custom_tool_call", "id": .string(newID("ctc")), "call_id": .string(callID), "name": .string(name), "input": .string(input), "status": "completed"]]
        case "shell":
            let command = "echo " + Self.shellQuoted(text)
            let action: JSON = ["commands": [.string(command)], "timeout_ms": 120_000, "max_output_length": 4096]
            let environment = tool["environment"]?["type"]?.string ?? "local"
            if environment == "local" {
                return [["type": "shell_call", "id": .string(newID("sh")), "call_id": .string(callID), "action": action, "status": "completed", "environment": ["type": "local"]]]
            }
            // A hosted container runs the command itself: the call, its output, then the answer.
            let container = tool["environment"]?["container_id"]?.string ?? newID("cntr")
            return [
                [
                    "type": "shell_call", "id": .string(newID("sh")), "call_id": .string(callID), "action": action, "status": "completed",
                    "environment": ["type": "container_reference", "container_id": .string(container)],
                ],
                [
                    "type": "shell_call_output", "id": .string(newID("sho")), "call_id": .string(callID), "status": "completed", "max_output_length": 4096,
                    "output": [["stdout": .string(text + "\n"), "stderr": "", "outcome": ["type": "exit", "exit_code": 0]]],
                ],
                message("The command printed: \(text)"),
            ]
        case "local_shell":
            return [[
                "type": "local_shell_call", "id": .string(newID("lsh")), "call_id": .string(callID), "status": "completed",
                "action": ["type": "exec", "command": ["echo", .string(text)], "env": [:], "timeout_ms": 120_000, "working_directory": nil, "user": nil],
            ]]
        case "apply_patch":
            let path = text.split(separator: " ").map(String.init).first { $0.contains(".") && !$0.hasSuffix(".") } ?? "notes.md"
            return [[
                "type": "apply_patch_call", "id": .string(newID("apc")), "call_id": .string(callID), "status": "completed",
                "operation": ["type": "create_file", "path": .string(path), "diff": .string("+" + text + "\n")],
            ]]
        default:
            let id = OpenAIImages.imageID(prompt: text, index: 0)
            return [
                [
                    "type": "image_generation_call", "id": .string(newID("ig")), "status": "completed",
                    "result": .string(OpenAIImages.png(id: id).base64EncodedString()), "revised_prompt": .string("A picture of: \(text)"),
                    "background": tool["background"] ?? "opaque", "output_format": tool["output_format"] ?? "png",
                    "quality": tool["quality"] ?? "medium", "size": tool["size"] ?? "1024x1024",
                ],
                message("Here is the image you asked for."),
            ]
        }
    }

    /// A custom tool's input: the text itself, or for a regex grammar the text when it matches, else its first
    /// matching part; nil when nothing matches (a Lark grammar is not checked).
    private static func customInput(_ text: String, format: JSON?) -> String? {
        guard format?["type"]?.string == "grammar", format?["syntax"]?.string == "regex",
            let regex = try? NSRegularExpression(pattern: format?["definition"]?.string ?? "")
        else { return text }
        let whole = NSRange(text.startIndex..., in: text)
        if let match = regex.firstMatch(in: text, range: whole), match.range == whole { return text }
        if let match = regex.firstMatch(in: text, range: whole), let range = Range(match.range, in: text) { return String(text[range]) }
        return nil
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func describeToolOutput(_ item: JSON) -> String {
        let callID = item["call_id"]?.string ?? "?"
        switch item["type"]?.string {
        case "shell_call_output":
            let printed = (item["output"]?.array ?? []).map { $0["stdout"]?.string ?? "" }.joined()
            return "The shell call \(callID) printed: \(printed.trimmingCharacters(in: .whitespacesAndNewlines))"
        case "apply_patch_call_output":
            let status = item["status"]?.string ?? "completed"
            let note = item["output"]?.string.map { ": \($0)" } ?? ""
            return status == "failed" ? "The patch \(callID) failed\(note)" : "The patch \(callID) was applied\(note)"
        default:
            return "The tool call \(callID) returned: \(text(ofItem: item))"
        }
    }

    /// With `context_management` compaction, a `compaction` item that stands for the conversation when its input
    /// passes the threshold (nil: under it, or not asked for).
    func compactionItem(body: JSON, conversation: [JSON], inputTokens: Int) -> JSON? {
        guard let entry = (body["context_management"]?.array ?? []).first(where: { $0["type"]?.string == "compaction" }) else { return nil }
        let threshold = entry["compact_threshold"]?.int ?? 200_000
        guard inputTokens > threshold else { return nil }
        let data = Data(JSON.array(conversation).serializedString().utf8)
        return ["type": "compaction", "id": .string(newID("cmp")), "encrypted_content": .string(data.base64EncodedString()), "created_by": "sandbox"]
    }

    /// The stream events of an item other than messages, function calls and reasoning, between its
    /// `output_item.added` and `.done` (nil: only those two).
    /// `partialImages`: the image generation tool's `partial_images`.
    static func otherItemEvents(_ item: JSON, index: Int, partialImages: Int, emit: (String, JSON) -> Void) -> Bool {
        let itemID = item["id"] ?? ""
        switch item["type"]?.string {
        case "custom_tool_call":
            var started = item
            started["input"] = ""
            started["status"] = "in_progress"
            emit("response.output_item.added", ["output_index": .int(index), "item": started])
            var remaining = Substring(item["input"]?.string ?? "")
            while !remaining.isEmpty {
                emit("response.custom_tool_call_input.delta", ["item_id": itemID, "output_index": .int(index), "delta": .string(String(remaining.prefix(7))), "obfuscation": "sbx"])
                remaining = remaining.dropFirst(7)
            }
            emit("response.custom_tool_call_input.done", ["item_id": itemID, "output_index": .int(index), "input": item["input"] ?? ""])
            return true
        case "image_generation_call":
            var started = item
            started["status"] = "in_progress"
            started["result"] = .null
            emit("response.output_item.added", ["output_index": .int(index), "item": started])
            emit("response.image_generation_call.in_progress", ["item_id": itemID, "output_index": .int(index)])
            emit("response.image_generation_call.generating", ["item_id": itemID, "output_index": .int(index)])
            let partials = min(max(partialImages, 0), 3)
            let final = Array(Data(base64Encoded: item["result"]?.string ?? "") ?? Data())
            for partial in 0..<partials {
                emit("response.image_generation_call.partial_image", [
                    "item_id": itemID, "output_index": .int(index), "partial_image_index": .int(partial),
                    "partial_image_b64": .string(OpenAIImages.partialPNG(of: final, step: partial, count: partials).base64EncodedString()),
                ])
            }
            emit("response.image_generation_call.completed", ["item_id": itemID, "output_index": .int(index)])
            return true
        default:
            return false
        }
    }
}
