import AIServerKit
import Foundation

enum OpenAIVoices {
    static func register(on routes: inout SandboxRoutes) {}
}
