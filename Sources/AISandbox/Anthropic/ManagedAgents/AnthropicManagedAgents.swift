import AIServerKit
import Foundation

/// Anthropic's Managed Agents beta: agents, environments, sessions and their events, memory stores, vaults.
enum AnthropicManagedAgents {
    static func register(on routes: inout SandboxRoutes) {
    }
}
