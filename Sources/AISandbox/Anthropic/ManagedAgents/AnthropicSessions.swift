import AIServerKit
import Foundation

/// Managed Agents' /v1/sessions routes.
enum AnthropicSessions {
    static func register(on routes: inout SandboxRoutes) {
    }
}
