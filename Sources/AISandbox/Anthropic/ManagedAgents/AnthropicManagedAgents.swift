import AIServerKit
import Foundation

/// Anthropic's Managed Agents beta: agents, environments, sessions and their events, memory stores, vaults.
enum AnthropicManagedAgents {
    static func register(on routes: inout SandboxRoutes) {
        AnthropicAgents.register(on: &routes)
        AnthropicEnvironments.register(on: &routes)
        AnthropicSessions.register(on: &routes)
        AnthropicMemoryStores.register(on: &routes)
        AnthropicVaults.register(on: &routes)
    }
}
