import AIServerKit
import Foundation

enum OpenAIEvals {
    static func register(on routes: inout SandboxRoutes) {}
}
