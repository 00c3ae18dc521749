import AIServerKit
import Foundation

enum OpenAIConversations {
    static func register(on routes: inout SandboxRoutes) {}
}
