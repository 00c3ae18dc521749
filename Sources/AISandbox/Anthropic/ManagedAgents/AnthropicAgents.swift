import AIServerKit
import Foundation

/// Managed Agents' /v1/agents routes.
enum AnthropicAgents {
    static func register(on routes: inout SandboxRoutes) {
    }
}
