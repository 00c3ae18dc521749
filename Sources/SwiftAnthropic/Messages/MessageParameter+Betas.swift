import Foundation

/// The MCP connector's beta (`mcp_servers` needs it).
let mcpConnectorBeta = "mcp-client-2025-04-04"

extension MessageParameter {
    /// The `anthropic-beta` names this message needs: the ones asked for in ``betas`` first, then those its fields
    /// imply (context management, compaction, fast mode, Skills, fallbacks, task budgets, the MCP connector, beta
    /// tools). The service sends them with the request, after any betas the caller set on the service or the call.
    public var requiredBetas: [String] {
        var betas: [String] = []
        func add(_ beta: String) { if !betas.contains(beta) { betas.append(beta) } }
        for beta in self.betas { add(beta.rawValue) }
        if mcpServers?.isEmpty == false { add(mcpConnectorBeta) }
        for beta in (tools ?? []).compactMap(\.requiredBeta) { add(beta) }
        for beta in impliedBetas { add(beta.rawValue) }
        return betas
    }

    /// The betas of today's fields.
    private var impliedBetas: [AnthropicBeta] {
        var betas = contextManagement?.requiredBetas ?? []
        if compaction != nil { betas.append(.compact20260904) }
        if speed != nil { betas.append(.fastMode) }
        if container?.skills?.isEmpty == false { betas.append(.skills) }
        if fallbacks != nil { betas.append(.serverSideFallback) }
        if outputConfig?.taskBudget != nil { betas.append(.taskBudgets) }
        if thinking?.display == .updates { betas.append(.thinkingDisplayUpdates) }
        return betas
    }
}

extension MessageParameter.ContextManagement {
    /// The betas the edits need: `context-management-2025-06-27` for clearing, `compact-2026-01-12` for compaction.
    var requiredBetas: [AnthropicBeta] {
        var betas: [AnthropicBeta] = []
        for edit in edits {
            let beta: AnthropicBeta =
                switch edit {
                case .clearToolUses, .clearThinking: .contextManagement
                case .compact: .compact
                case .raw(let json): json["type"]?.stringValue?.hasPrefix("compact") == true ? .compact : .contextManagement
                }
            if !betas.contains(beta) { betas.append(beta) }
        }
        return betas
    }
}
