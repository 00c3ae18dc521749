import AIServerKit
import Foundation

/// Context management as the API does it: a compaction block sent back drops everything before it; the
/// `clear_tool_uses_20250919` and `clear_thinking_20251015` edits clear old tool results and thinking once their
/// trigger is passed; the `compact_20260112` edit (or a `compaction` request) summarizes the conversation into a
/// compaction block.
extension AnthropicMessages {
    /// The conversation the model reads, and what context management did to it.
    struct Context {
        /// The messages counted as input: after the last compaction block, with the edits applied.
        var messages: [JSON]
        /// `context_management.applied_edits`, when the request asked for context management.
        var appliedEdits: [JSON]?
        /// The input tokens before the edits.
        var originalInputTokens: Int
        /// The compaction the answer starts with, if one happens.
        var compaction: Compaction?
    }

    /// A compaction the sandbox performs.
    struct Compaction {
        /// The summary text.
        var summary: String
        /// Whether the answer stops after the compaction block (`pause_after_compaction`, or a `compaction` request).
        var pause: Bool
        /// The input tokens the summary was written from.
        var inputTokens: Int
    }

    enum ContextOutcome {
        case ready(Context)
        case refused(ResponsePlan)
    }

    static let compactEdit = "compact_20260112"
    static let clearToolUsesEdit = "clear_tool_uses_20250919"
    static let clearThinkingEdit = "clear_thinking_20251015"
    static let clearedToolResult = "[cleared to save context]"

    static func context(_ body: JSON, messages: [JSON]) -> ContextOutcome {
        var kept = messages
        switch afterCompaction(messages) {
        case .refused(let plan): return .refused(plan)
        case .ready(let remaining): kept = remaining
        }
        let original = inputTokens(body, messages: kept)
        var context = Context(messages: kept, appliedEdits: nil, originalInputTokens: original, compaction: nil)
        if let management = body["context_management"]?.objectValue {
            context.appliedEdits = []
            for edit in management["edits"]?.objects ?? [] { apply(edit, body: body, to: &context) }
        }
        if let request = body["compaction"]?.objectValue {
            if let refusal = summarizable(kept) { return .refused(refusal) }
            let tokens = inputTokens(body, messages: context.messages)
            context.compaction = Compaction(
                summary: summary(of: kept, instructions: request["instructions"]?.string), pause: true, inputTokens: tokens)
        }
        return .ready(context)
    }

    /// The messages from the last compaction block on; refuses a misplaced, doubled or altered one.
    private static func afterCompaction(_ messages: [JSON]) -> CompactionOutcome {
        var found: [(message: Int, block: JSON)] = []
        for (index, message) in messages.enumerated() {
            for (position, block) in (message["content"]?.objects ?? []).enumerated() where block["type"]?.string == "compaction" {
                guard message["role"]?.string == "assistant", position == 0 else {
                    return .refused(compactionError(
                        "compaction_block_misplaced", "messages.\(index).content.\(position): a compaction block must be the first block of an assistant turn"))
                }
                if let refusal = checkSignature(block, at: "messages.\(index).content.\(position)") { return .refused(refusal) }
                found.append((index, block))
            }
        }
        let withContent = found.filter { $0.block["content"]?.string != nil || $0.block["encrypted_content"]?.string != nil }
        guard withContent.count <= 1 else {
            return .refused(compactionError(
                "compaction_block_ambiguous", "messages: more than one compaction block has content; send only the one the conversation returned last"))
        }
        guard let last = found.last else { return .ready(messages) }
        return .ready(Array(messages[last.message...]))
    }

    private enum CompactionOutcome {
        case ready([JSON])
        case refused(ResponsePlan)
    }

    /// A compaction block's signature: the sandbox's prefix and the hash of its content.
    static func compactionSignature(_ summary: String) -> String {
        "sig_compaction_" + String(SandboxText.hash(summary), radix: 16)
    }

    private static func checkSignature(_ block: JSON, at path: String) -> ResponsePlan? {
        guard let signature = block["signature"]?.string else { return nil }
        guard signature.hasPrefix("sig_compaction_") else {
            return compactionError("compaction_signature_invalid", "\(path).signature: the signature does not verify")
        }
        guard let content = block["content"]?.string, signature == compactionSignature(content) else {
            return compactionError("compaction_content_mismatch", "\(path).content: the content differs from what its signature recorded")
        }
        return nil
    }

    /// Refuses a `compaction` request with nothing to summarize, or one ending on an unfinished assistant turn.
    private static func summarizable(_ messages: [JSON]) -> ResponsePlan? {
        if messages.allSatisfy({ words(of: $0).trimmingCharacters(in: .whitespaces).isEmpty }) {
            return compactionError("compaction_nothing_to_summarize", "messages: there is no user or assistant content to summarize")
        }
        if let last = messages.last, last["role"]?.string == "assistant",
            (last["content"]?.objects ?? []).contains(where: { $0["type"]?.string == "tool_use" })
        {
            return compactionError("compaction_incomplete_turn", "messages: the conversation ends on an assistant turn whose tool calls have no results")
        }
        return nil
    }

    /// An invalid_request_error carrying `details.error_code`, as the API reports compaction problems.
    static func compactionError(_ code: String, _ message: String) -> ResponsePlan {
        .json([
            "type": "error",
            "error": ["type": "invalid_request_error", "message": .string(message), "details": ["error_code": .string(code)]],
        ] as JSON, status: 400)
    }

    /// The summary a compaction writes: what the user asked, and the instructions it followed.
    static func summary(of messages: [JSON], instructions: String?) -> String {
        let asked = messages.last { $0["role"]?.string == "user" && !SandboxText.text(ofContent: $0["content"]).isEmpty }
        let question = asked.map { SandboxText.tokens(SandboxText.text(ofContent: $0["content"])).prefix(12).joined() } ?? ""
        var text = "Summary of the conversation so far (\(messages.count) messages): the user asked: \(question.trimmingCharacters(in: .whitespaces))"
        if let instructions, !instructions.isEmpty { text += " (following the instructions: \(instructions))" }
        return text
    }

    private static func apply(_ edit: JSON, body: JSON, to context: inout Context) {
        switch edit["type"]?.string {
        case clearToolUsesEdit: clearToolUses(edit, body: body, in: &context)
        case clearThinkingEdit: clearThinking(edit, body: body, in: &context)
        case compactEdit:
            let tokens = inputTokens(body, messages: context.messages)
            guard tokens > (edit["trigger"]?["value"]?.int ?? 150_000) else { return }
            context.compaction = Compaction(
                summary: summary(of: context.messages, instructions: edit["instructions"]?.string),
                pause: edit["pause_after_compaction"]?.bool == true, inputTokens: tokens)
        default: break
        }
    }

    /// Clears the results (and, when asked, the inputs) of all but the last `keep` tool uses once the trigger is
    /// passed, unless that clears fewer than `clear_at_least` tokens.
    private static func clearToolUses(_ edit: JSON, body: JSON, in context: inout Context) {
        let uses = toolUses(context.messages)
        let before = inputTokens(body, messages: context.messages)
        let trigger = edit["trigger"]?.objectValue ?? ["type": "input_tokens", "value": 100_000]
        let passed =
            trigger["type"]?.string == "tool_uses"
            ? uses.count > (trigger["value"]?.int ?? 0) : before > (trigger["value"]?.int ?? 100_000)
        guard passed else { return }
        let keep = edit["keep"]?["value"]?.int ?? 3
        let excluded = Set(edit["exclude_tools"]?.array?.compactMap(\.string) ?? [])
        let cleared = uses.dropLast(keep).filter { !excluded.contains($0.name) }
        guard !cleared.isEmpty else { return }
        let ids = Set(cleared.map(\.id))
        let inputs = edit["clear_tool_inputs"]
        let clearInputsOf: (String) -> Bool = { name in
            inputs?.bool == true || (inputs?.array?.compactMap(\.string).contains(name) ?? false)
        }
        let edited = context.messages.map { message in
            mapBlocks(message) { block in
                var block = block
                if block["type"]?.string == "tool_result", let id = block["tool_use_id"]?.string, ids.contains(id) {
                    block["content"] = .string(clearedToolResult)
                }
                if block["type"]?.string == "tool_use", let id = block["id"]?.string, ids.contains(id),
                    clearInputsOf(block["name"]?.string ?? "")
                {
                    block["input"] = [:]
                }
                return block
            }
        }
        let freed = before - inputTokens(body, messages: edited)
        guard freed >= (edit["clear_at_least"]?["value"]?.int ?? 0), freed > 0 else { return }
        context.messages = edited
        context.appliedEdits?.append(["type": .string(clearToolUsesEdit), "cleared_tool_uses": .int(cleared.count), "cleared_input_tokens": .int(freed)])
    }

    /// Drops the thinking of all but the last `keep` assistant turns that have thinking.
    private static func clearThinking(_ edit: JSON, body: JSON, in context: inout Context) {
        let keep = edit["keep"]
        if keep?.string == "all" || keep?["type"]?.string == "all" { return }
        let keepTurns = keep?["value"]?.int ?? 1
        let thinkingTurns = context.messages.indices.filter { index in
            context.messages[index]["role"]?.string == "assistant"
                && (context.messages[index]["content"]?.objects ?? []).contains { isThinking($0) }
        }
        let clearedTurns = Set(thinkingTurns.dropLast(keepTurns))
        guard !clearedTurns.isEmpty else { return }
        let before = inputTokens(body, messages: context.messages)
        context.messages = context.messages.enumerated().map { index, message in
            guard clearedTurns.contains(index), var members = message.object else { return message }
            members["content"] = .array((message["content"]?.objects ?? []).filter { !isThinking($0) })
            return .object(members)
        }
        let freed = before - inputTokens(body, messages: context.messages)
        context.appliedEdits?.append(["type": .string(clearThinkingEdit), "cleared_thinking_turns": .int(clearedTurns.count), "cleared_input_tokens": .int(freed)])
    }

    private static func isThinking(_ block: JSON) -> Bool {
        ["thinking", "redacted_thinking"].contains(block["type"]?.string ?? "")
    }

    /// The tool calls of the conversation, oldest first.
    private static func toolUses(_ messages: [JSON]) -> [(id: String, name: String)] {
        messages.filter { $0["role"]?.string == "assistant" }.flatMap { message in
            (message["content"]?.objects ?? []).compactMap { block -> (id: String, name: String)? in
                guard block["type"]?.string == "tool_use", let id = block["id"]?.string else { return nil }
                return (id, block["name"]?.string ?? "")
            }
        }
    }

    private static func mapBlocks(_ message: JSON, _ transform: (JSON) -> JSON) -> JSON {
        guard var members = message.object, let blocks = message["content"]?.objects else { return message }
        members["content"] = .array(blocks.map(transform))
        return .object(members)
    }
}
