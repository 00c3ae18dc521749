import Foundation
import SwiftAITestSupport

/// Runs the built `swiftai` to its end (see ``ProcessRunner``: on a thread of its own, terminated after `timeout`
/// seconds, so a command that wrongly keeps running fails its test instead of hanging it), without the OpenAI
/// settings of the environment the tests run in.
enum SwiftAICommandRunner {
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 120
    ) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            "swiftai", arguments: arguments,
            removing: ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_WEBHOOK_SECRET"],
            environment: environment, timeout: timeout)
    }
}
