import AIServerKit
import Foundation

/// How the sandbox counts input tokens: words of the system prompt and of every block the model reads — text
/// (and images), tool calls' inputs, tool results, thinking, search results and compaction summaries.
extension AnthropicMessages {
    static func inputTokens(_ body: JSON, messages: [JSON]) -> Int {
        let system = SandboxText.text(ofContent: body["system"])
        let text = messages.map(words(of:)).joined(separator: " ")
        return SandboxText.countTokens(system + " " + text) + 3
    }

    /// The words of a message: its text and images as ``SandboxText`` reads them, then the other blocks' words.
    static func words(of message: JSON) -> String {
        let content = message["content"]
        let others = (content?.objects ?? []).compactMap(words(ofBlock:)).filter { !$0.isEmpty }
        return ([SandboxText.text(ofContent: content)] + others).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The words of a block other than text and images (nil for those, which ``SandboxText`` already reads).
    static func words(ofBlock block: JSON) -> String? {
        switch block["type"]?.string {
        case "text", "image", nil: nil
        case "tool_use", "server_tool_use": leaves(block["input"]).joined(separator: " ")
        case "tool_result": SandboxText.text(ofContent: block["content"])
        case "thinking": block["thinking"]?.string ?? ""
        case "search_result": ([block["title"]?.string ?? ""] + [SandboxText.text(ofContent: block["content"])]).joined(separator: " ")
        case "compaction": block["content"]?.string ?? ""
        default: leaves(block["content"]).joined(separator: " ")
        }
    }

    /// The string and number leaves of a JSON value, in key order.
    private static func leaves(_ value: JSON?) -> [String] {
        switch value {
        case .string(let text): [text]
        case .int(let number): [String(number)]
        case .double(let number): [String(number)]
        case .bool(let flag): [String(flag)]
        case .array(let elements): elements.flatMap { leaves($0) }
        case .object(let members): members.keys.sorted().flatMap { leaves(members[$0]) }
        case .null, nil: []
        }
    }
}
