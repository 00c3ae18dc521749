import AIServerKit
import Foundation

enum OpenAIContainers {
    static func register(on routes: inout SandboxRoutes) {}
}
