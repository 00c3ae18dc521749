import AIServerKit
import Foundation

enum OpenAIProvenance {
    static func register(on routes: inout SandboxRoutes) {}
}
