import AIServerKit
import Foundation

enum OpenAIRealtimeCalls {
    static func register(on routes: inout SandboxRoutes) {}
}
