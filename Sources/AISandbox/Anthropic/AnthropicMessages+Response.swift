import AIServerKit
import Foundation

/// The parts of a message answer beyond its content: the container a request used (with its Skills), the
/// context edits applied, the top-level cache breakpoint, and how they travel in a stream's `message_delta`.
extension AnthropicMessages {
    /// `container` and `context_management` of the answer, when the request asked for them.
    static func responseExtras(_ body: JSON, context: Context, model: String) -> [String: JSON] {
        var extras: [String: JSON] = [:]
        if let container = body["container"], !container.isNull {
            extras["container"] = containerInfo(container, model: model, messages: body["messages"]?.array?.count ?? 0)
        }
        if let edits = context.appliedEdits { extras["context_management"] = ["applied_edits": .array(edits)] }
        return extras
    }

    /// The container the answer reports: the id asked for (or a new one), an expiry 30 days away, and the skills
    /// loaded with their versions resolved (`latest` stays `latest`).
    private static func containerInfo(_ container: JSON, model: String, messages: Int) -> JSON {
        let id = container.string ?? container["id"]?.string ?? "container_sandbox_\(SandboxText.hash(model + "\(messages)") % 1_000_000)"
        let expiry = Date().addingTimeInterval(30 * 24 * 3600)
        var info: [String: JSON] = ["id": .string(id), "expires_at": .string(ISO8601DateFormatter().string(from: expiry))]
        if let skills = container["skills"]?.array {
            info["skills"] = .array(skills.map { skill in
                ["type": skill["type"] ?? "anthropic", "skill_id": skill["skill_id"] ?? "", "version": .string(skill["version"]?.string ?? "latest")]
            })
        }
        return .object(info)
    }

    /// A stream's `message_delta`: the stop reason and container in `delta`, the applied edits beside it, and the
    /// cumulative usage that changed.
    static func messageDelta(stopReason: String, usage: [String: JSON], extras: [String: JSON]) -> JSON {
        var delta: [String: JSON] = ["stop_reason": .string(stopReason), "stop_sequence": nil]
        if let container = extras["container"] { delta["container"] = container }
        var deltaUsage: [String: JSON] = ["output_tokens": usage["output_tokens"] ?? 0]
        if let iterations = usage["iterations"] {
            deltaUsage["iterations"] = iterations
            deltaUsage["input_tokens"] = usage["input_tokens"]
        }
        var event: [String: JSON] = ["type": "message_delta", "delta": .object(delta), "usage": .object(deltaUsage)]
        if let management = extras["context_management"] { event["context_management"] = management }
        return .object(event)
    }

    /// The request with its top-level `cache_control` put on the last block of the last message, as the API
    /// places it (a string content becomes one text block).
    static func withTopLevelCacheBreakpoint(_ body: JSON) -> JSON {
        guard let control = body["cache_control"], !control.isNull, var messages = body["messages"]?.objects,
            var last = messages.last
        else { return body }
        var blocks = last["content"]?.objects ?? []
        if let text = last["content"]?.string { blocks = [["type": "text", "text": .string(text)]] }
        guard var final = blocks.last else { return body }
        final["cache_control"] = control
        blocks[blocks.count - 1] = final
        last["content"] = .array(blocks)
        messages[messages.count - 1] = last
        var body = body
        body["messages"] = .array(messages)
        return body
    }
}
