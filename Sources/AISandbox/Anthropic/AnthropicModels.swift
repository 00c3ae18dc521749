import AIServerKit

/// The sandbox's `/v1/models` catalogue: today's Claude models newest first, with their capabilities, limits and
/// lifecycle as anthropic-python 2.14's `ModelInfo` reads them, and the aliases that resolve to them.
enum AnthropicModels {
    /// One model of the catalogue.
    struct Entry {
        var id: String
        var aliases: [String] = []
        var name: String
        var created: String
        var line: String?
        var maxInput: Int
        var maxOutput: Int
        var lifecycle = "active"
        var deprecated: String?
        var retires: String?
        /// The generation its capabilities follow (see ``capabilities(_:)``).
        var generation: Generation
    }

    /// Which features a model has, by when it came out.
    enum Generation: Int, Comparable {
        /// Claude 3.x: no effort, no structured outputs.
        case claude3
        /// Claude 4 to 4.5: extended thinking with a budget, context editing.
        case claude4
        /// Claude 4.6 and later: adaptive thinking, compaction, `max` effort.
        case claude46
        /// Claude 4.7 and later: `xhigh` effort.
        case claude47
        /// Claude 5: thinking between tool calls.
        case claude5

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Newest first, as the API lists them.
    static let all: [Entry] = [
        Entry(id: "claude-fable-5-2", name: "Claude Fable 5.2", created: "2027-03-09T00:00:00Z", line: "fable", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-mythos-5-2", name: "Claude Mythos 5.2", created: "2027-02-16T00:00:00Z", line: "mythos", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-haiku-5-5", name: "Claude Haiku 5.5", created: "2027-01-26T00:00:00Z", line: "haiku", maxInput: 400_000, maxOutput: 64_000, generation: .claude5),
        Entry(id: "claude-sonnet-5-5", name: "Claude Sonnet 5.5", created: "2027-01-12T00:00:00Z", line: "sonnet", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-fable-5-1", name: "Claude Fable 5.1", created: "2026-12-08T00:00:00Z", line: "fable", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-opus-5-5", name: "Claude Opus 5.5", created: "2026-11-17T00:00:00Z", line: "opus", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-mythos-5-1", name: "Claude Mythos 5.1", created: "2026-10-27T00:00:00Z", line: "mythos", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-sonnet-5", name: "Claude Sonnet 5", created: "2026-10-06T00:00:00Z", line: "sonnet", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-fable-5", name: "Claude Fable 5", created: "2026-09-15T00:00:00Z", line: "fable", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-mythos-5", name: "Claude Mythos 5", created: "2026-08-25T00:00:00Z", line: "mythos", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-opus-5", name: "Claude Opus 5", created: "2026-08-04T00:00:00Z", line: "opus", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude5),
        Entry(id: "claude-opus-4-8", name: "Claude Opus 4.8", created: "2026-06-23T00:00:00Z", line: "opus", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude47),
        Entry(id: "claude-opus-4-7", name: "Claude Opus 4.7", created: "2026-04-16T00:00:00Z", line: "opus", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude47),
        Entry(id: "claude-mythos-preview", name: "Claude Mythos Preview", created: "2026-04-07T00:00:00Z", line: "mythos", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude46),
        Entry(id: "claude-sonnet-4-6", name: "Claude Sonnet 4.6", created: "2026-02-17T00:00:00Z", line: "sonnet", maxInput: 1_000_000, maxOutput: 64_000, generation: .claude46),
        Entry(id: "claude-opus-4-6", name: "Claude Opus 4.6", created: "2026-02-05T00:00:00Z", line: "opus", maxInput: 1_000_000, maxOutput: 128_000, generation: .claude46),
        Entry(id: "claude-opus-4-5-20251101", aliases: ["claude-opus-4-5"], name: "Claude Opus 4.5", created: "2025-11-24T00:00:00Z", line: "opus", maxInput: 200_000, maxOutput: 64_000, generation: .claude4),
        Entry(id: "claude-haiku-4-5-20251001", aliases: ["claude-haiku-4-5"], name: "Claude Haiku 4.5", created: "2025-10-15T00:00:00Z", line: "haiku", maxInput: 200_000, maxOutput: 64_000, generation: .claude4),
        Entry(id: "claude-sonnet-4-5-20250929", aliases: ["claude-sonnet-4-5"], name: "Claude Sonnet 4.5", created: "2025-09-29T00:00:00Z", line: "sonnet", maxInput: 200_000, maxOutput: 64_000, generation: .claude4),
        Entry(
            id: "claude-opus-4-1-20250805", aliases: ["claude-opus-4-1"], name: "Claude Opus 4.1", created: "2025-08-05T00:00:00Z", line: "opus", maxInput: 200_000,
            maxOutput: 32_000, lifecycle: "deprecated", deprecated: "2026-05-14T00:00:00Z", retires: "2026-11-16T00:00:00Z", generation: .claude4),
        Entry(
            id: "claude-sonnet-4-20250514", aliases: ["claude-sonnet-4-0"], name: "Claude Sonnet 4", created: "2025-05-22T00:00:00Z", line: "sonnet", maxInput: 200_000,
            maxOutput: 64_000, lifecycle: "deprecated", deprecated: "2026-04-14T00:00:00Z", retires: "2026-10-14T00:00:00Z", generation: .claude4),
        Entry(
            id: "claude-3-5-haiku-20241022", aliases: ["claude-3-5-haiku-latest"], name: "Claude Haiku 3.5", created: "2024-10-22T00:00:00Z", line: "haiku",
            maxInput: 200_000, maxOutput: 8_192, lifecycle: "retired", deprecated: "2025-12-19T00:00:00Z", retires: "2026-02-19T00:00:00Z", generation: .claude3),
    ]

    /// A model by id or alias.
    static func find(_ id: String) -> Entry? {
        all.first { $0.id == id || $0.aliases.contains(id) }
    }

    /// `GET /v1/models/{id}`: a model by id or alias.
    static func retrieve(_ id: String) -> ResponsePlan {
        guard let entry = find(id) else { return AnthropicMessages.error(404, type: "not_found_error", message: "model: \(id)") }
        return .json(json(entry))
    }

    /// `GET /v1/models`: the models in any of the `lifecycle[]` stages (active and deprecated when none is asked
    /// for), newest first, paged by `page` (the id-cursor pager the other Anthropic lists use).
    static func list(_ request: RecordedRequest, page: ([JSON]) -> JSON) -> ResponsePlan {
        let asked = request.query.filter { $0.name == "lifecycle[]" || $0.name == "lifecycle" }.map(\.value)
        if let unknown = asked.first(where: { !["active", "deprecated", "retired"].contains($0) }) {
            return AnthropicMessages.error(
                400, type: "invalid_request_error", message: "lifecycle: must be 'active', 'deprecated' or 'retired'; got '\(unknown)'")
        }
        guard asked.count <= 3 else { return AnthropicMessages.error(400, type: "invalid_request_error", message: "lifecycle: at most 3 values") }
        let wanted = asked.isEmpty ? ["active", "deprecated"] : asked
        return .json(page(all.filter { wanted.contains($0.lifecycle) }.map(json)))
    }

    /// A model as `GET /v1/models` answers it.
    static func json(_ entry: Entry) -> JSON {
        [
            "type": "model", "id": .string(entry.id), "display_name": .string(entry.name), "created_at": .string(entry.created),
            "lifecycle": .string(entry.lifecycle), "line": entry.line.map(JSON.string) ?? .null,
            "max_input_tokens": .int(entry.maxInput), "max_tokens": .int(entry.maxOutput),
            "deprecated_at": entry.deprecated.map(JSON.string) ?? .null, "retires_at": entry.retires.map(JSON.string) ?? .null,
            "capabilities": capabilities(entry.generation),
        ]
    }

    /// Every capability key, as the API always sends them, supported by generation.
    static func capabilities(_ generation: Generation) -> JSON {
        func support(_ flag: Bool) -> JSON { ["supported": .bool(flag)] }
        let modern = generation >= .claude4
        var contextManagement: JSON = [
            "supported": .bool(modern), "clear_tool_uses_20250919": support(modern), "clear_thinking_20251015": support(modern),
            "compact_20260112": support(generation >= .claude46),
        ]
        if generation < .claude4 { contextManagement["compact_20260112"] = nil }
        var effort: JSON = [
            "supported": .bool(modern), "low": support(modern), "medium": support(modern), "high": support(modern),
            "max": support(generation >= .claude46),
        ]
        if generation >= .claude47 { effort["xhigh"] = support(true) }
        return [
            "batch": support(true), "citations": support(true), "code_execution": support(modern), "image_input": support(true),
            "pdf_input": support(true), "structured_outputs": support(modern),
            "context_management": contextManagement, "effort": effort,
            "server_tools": ["supported": true, "code_execution": support(modern), "web_search": support(true)],
            "thinking": [
                "supported": .bool(modern),
                "types": [
                    "enabled": support(modern && generation < .claude5), "adaptive": support(generation >= .claude46),
                    "disabled": support(true), "between_tools": support(generation >= .claude5),
                ],
            ],
        ]
    }
}
