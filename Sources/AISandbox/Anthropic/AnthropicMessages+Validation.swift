import AIServerKit
import Foundation

/// The checks the API makes on today's Messages fields: a value it does not know is a 400 invalid_request_error
/// naming the field.
extension AnthropicMessages {
    static func validateToday(_ body: JSON) -> ResponsePlan? {
        let checks: [(JSON) -> String?] = [
            checkEnums, checkThinking, checkCacheControl, checkContainer, checkContextManagement, checkFallbacks, checkDiagnostics,
        ]
        for check in checks {
            if let message = check(body) { return error(400, type: "invalid_request_error", message: message) }
        }
        return nil
    }

    private static func oneOf(_ value: JSON?, _ allowed: [String], field: String, nullable: Bool = true) -> String? {
        guard let value, !(nullable && value.isNull) else { return nil }
        if let text = value.string, allowed.contains(text) { return nil }
        let listed = allowed.map { "'\($0)'" }
        return "\(field): Input should be \(listed.dropLast().joined(separator: ", ")) or \(listed.last ?? "")"
    }

    private static func checkEnums(_ body: JSON) -> String? {
        oneOf(body["output_config"]?["effort"], ["low", "medium", "high", "xhigh", "max"], field: "output_config.effort")
            ?? oneOf(body["speed"], ["standard", "fast"], field: "speed")
            ?? oneOf(body["service_tier"], ["auto", "standard_only"], field: "service_tier", nullable: false)
            ?? (body["inference_geo"].map { $0.string == nil && !$0.isNull } == true ? "inference_geo: Input should be a valid string" : nil)
    }

    private static func checkThinking(_ body: JSON) -> String? {
        guard let thinking = body["thinking"] else { return nil }
        guard thinking.object != nil else { return "thinking: Input should be an object" }
        if let problem = oneOf(thinking["type"] ?? .null, ["enabled", "disabled", "adaptive", "between_tools"], field: "thinking.type", nullable: false) {
            return problem
        }
        if thinking["type"]?.string == "enabled" {
            guard let budget = thinking["budget_tokens"]?.int else { return "thinking.enabled.budget_tokens: Field required" }
            guard budget >= 1024 else { return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024" }
        }
        return oneOf(thinking["display"], ["summarized", "omitted", "updates"], field: "thinking.display")
    }

    private static func checkCacheControl(_ body: JSON) -> String? {
        guard let control = body["cache_control"], !control.isNull else { return nil }
        return oneOf(control["type"] ?? .null, ["ephemeral"], field: "cache_control.type", nullable: false)
            ?? oneOf(control["ttl"], ["5m", "1h"], field: "cache_control.ttl", nullable: false)
    }

    private static func checkContainer(_ body: JSON) -> String? {
        guard let container = body["container"], !container.isNull, container.string == nil else { return nil }
        guard container.object != nil else { return "container: Input should be a valid string or an object" }
        let skills = container["skills"]?.array ?? []
        guard skills.count <= 8 else { return "container.skills: at most 8 skills can be loaded in one request" }
        for (index, skill) in skills.enumerated() {
            if let problem = oneOf(skill["type"] ?? .null, ["anthropic", "custom"], field: "container.skills.\(index).type", nullable: false) {
                return problem
            }
            guard skill["skill_id"]?.string?.isEmpty == false else { return "container.skills.\(index).skill_id: Field required" }
        }
        let offersCodeExecution = (body["tools"]?.array ?? []).contains { $0["type"]?.string?.hasPrefix("code_execution_") == true }
        if !skills.isEmpty, !offersCodeExecution {
            return "container.skills: Skills require the code execution tool; add a code_execution tool to tools"
        }
        return nil
    }

    private static func checkContextManagement(_ body: JSON) -> String? {
        if let compaction = body["compaction"], !compaction.isNull {
            if let problem = oneOf(compaction["type"] ?? .null, ["summarize"], field: "compaction.type", nullable: false) { return problem }
        }
        guard let management = body["context_management"], !management.isNull else { return nil }
        guard let edits = management["edits"]?.array else { return "context_management.edits: Field required" }
        let types = edits.map { $0["type"]?.string ?? "" }
        for (index, edit) in edits.enumerated() {
            let field = "context_management.edits.\(index)"
            switch edit["type"]?.string {
            case clearToolUsesEdit:
                if let problem = checkClearToolUses(edit, field: field) { return problem }
            case clearThinkingEdit:
                if let problem = checkClearThinking(edit, field: field, body: body, isFirst: index == 0, types: types) { return problem }
            case compactEdit:
                if let problem = checkCompact(edit, field: field) { return problem }
            default:
                return oneOf(edit["type"] ?? .null, [clearToolUsesEdit, clearThinkingEdit, compactEdit], field: "\(field).type", nullable: false)
            }
        }
        return nil
    }

    private static func checkCount(_ value: JSON?, types: [String], field: String, minimum: Int = 0) -> String? {
        guard let value, !value.isNull else { return nil }
        if let problem = oneOf(value["type"] ?? .null, types, field: "\(field).type", nullable: false) { return problem }
        guard let number = value["value"]?.int else { return "\(field).value: Field required" }
        return number >= minimum ? nil : "\(field).value: Input should be greater than or equal to \(minimum)"
    }

    private static func checkClearToolUses(_ edit: JSON, field: String) -> String? {
        if let problem = checkCount(edit["trigger"], types: ["input_tokens", "tool_uses"], field: "\(field).trigger", minimum: 1) { return problem }
        if let problem = checkCount(edit["keep"], types: ["tool_uses"], field: "\(field).keep") { return problem }
        if let problem = checkCount(edit["clear_at_least"], types: ["input_tokens"], field: "\(field).clear_at_least") { return problem }
        if let inputs = edit["clear_tool_inputs"], !inputs.isNull, inputs.bool == nil, inputs.array?.allSatisfy({ $0.string != nil }) != true {
            return "\(field).clear_tool_inputs: Input should be a boolean or a list of tool names"
        }
        return nil
    }

    private static func checkClearThinking(_ edit: JSON, field: String, body: JSON, isFirst: Bool, types: [String]) -> String? {
        if !isFirst, types.contains(clearToolUsesEdit) {
            return "\(field): clear_thinking_20251015 must come first in context_management.edits"
        }
        let thinking = body["thinking"]?["type"]?.string
        guard thinking == "enabled" || thinking == "adaptive" else {
            return "\(field): clear_thinking_20251015 requires thinking to be enabled or adaptive"
        }
        guard let keep = edit["keep"], !keep.isNull, keep.string != "all", keep["type"]?.string != "all" else { return nil }
        return checkCount(keep, types: ["thinking_turns", "all"], field: "\(field).keep", minimum: 1)
    }

    private static func checkCompact(_ edit: JSON, field: String) -> String? {
        if let problem = checkCount(edit["trigger"], types: ["input_tokens"], field: "\(field).trigger", minimum: 50_000) { return problem }
        if let pause = edit["pause_after_compaction"], pause.bool == nil {
            return "\(field).pause_after_compaction: Input should be a valid boolean"
        }
        return nil
    }

    private static func checkFallbacks(_ body: JSON) -> String? {
        guard let fallbacks = body["fallbacks"], !fallbacks.isNull, fallbacks.string != "default" else { return nil }
        guard let models = fallbacks.array else { return "fallbacks: Input should be 'default' or a list of fallback models" }
        for (index, fallback) in models.enumerated() where fallback["model"]?.string?.isEmpty != false {
            return "fallbacks.\(index).model: Field required"
        }
        return nil
    }

    private static func checkDiagnostics(_ body: JSON) -> String? {
        guard let diagnostics = body["diagnostics"], !diagnostics.isNull else { return nil }
        guard diagnostics.object != nil else { return "diagnostics: Input should be an object" }
        if let id = diagnostics["previous_message_id"], !id.isNull, id.string == nil {
            return "diagnostics.previous_message_id: Input should be a valid string"
        }
        return nil
    }
}
