import AIServerKit
import Foundation

/// Managed Agents' /v1/memory_stores routes.
enum AnthropicMemoryStores {
    static func register(on routes: inout SandboxRoutes) {
    }
}
