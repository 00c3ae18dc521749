import AIServerKit
import Foundation

/// Anthropic's `/v1/skills`: skills uploaded as folders, and their versions.
enum AnthropicSkills {
    static func register(on routes: inout SandboxRoutes) {
    }
}
