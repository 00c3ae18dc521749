import AIServerKit
import Foundation

enum OpenAIStoredChat {
    static func register(on routes: inout SandboxRoutes) {}
}
