import Foundation

/// The MCP connector's beta (`mcp_servers` needs it).
let mcpConnectorBeta = "mcp-client-2025-04-04"

extension MessageParameter {
    /// The `anthropic-beta` names the fields this message uses need; the service sends them with the request,
    /// after any betas the caller set.
    public var requiredBetas: [String] {
        var betas: [String] = []
        if mcpServers?.isEmpty == false { betas.append(mcpConnectorBeta) }
        for beta in (tools ?? []).compactMap(\.requiredBeta) where !betas.contains(beta) { betas.append(beta) }
        return betas
    }
}
