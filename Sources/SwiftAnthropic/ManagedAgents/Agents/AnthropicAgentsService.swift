import AICore
import Foundation

/// Managed Agents' agents (beta): reusable agent definitions — model, system prompt, tools, skills, MCP servers — and their versions.
public protocol AnthropicAgentsService: AnyObject, Sendable {
}
