import AIServerKit
import Foundation

/// Managed Agents' /v1/environments routes.
enum AnthropicEnvironments {
    static func register(on routes: inout SandboxRoutes) {
    }
}
