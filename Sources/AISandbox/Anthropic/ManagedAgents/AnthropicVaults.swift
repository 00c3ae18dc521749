import AIServerKit
import Foundation

/// Managed Agents' /v1/vaults routes.
enum AnthropicVaults {
    static func register(on routes: inout SandboxRoutes) {
    }
}
