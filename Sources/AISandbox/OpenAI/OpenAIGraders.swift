import AIServerKit
import Foundation

enum OpenAIGraders {
    static func register(on routes: inout SandboxRoutes) {}
}
