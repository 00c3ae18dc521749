import AIServerKit
import Foundation

enum OpenAISkills {
    static func register(on routes: inout SandboxRoutes) {}
}
