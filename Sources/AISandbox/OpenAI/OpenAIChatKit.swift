import AIServerKit
import Foundation

enum OpenAIChatKit {
    static func register(on routes: inout SandboxRoutes) {}
}
