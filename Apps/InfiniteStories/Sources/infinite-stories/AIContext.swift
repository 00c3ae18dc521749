import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import InfiniteStoriesStore
import SwiftOpenAI

/// What a command that talks to OpenAI works with: the library, the story service and the SDK service under
/// it (the custom event assistant uses that one), all pointed at OpenAI or at the embedded sandbox.
struct AIContext: Sendable {
    let library: StoryLibrary
    let stories: InfiniteStories.OpenAIService
    let sdk: any SwiftOpenAI.OpenAIService

    /// The custom event assistant, counting its usage with the story service's.
    var assistant: CustomEventAIAssistant {
        CustomEventAIAssistant(service: sdk, usage: stories.usage)
    }
}

extension CommonOptions {
    /// Opens the library, makes the services (starting the sandbox with `--sandbox`, which writes stories as the
    /// story app's answerer), runs `body`, and records what the run spent in the library, also when `body` fails
    /// (the tokens were spent all the same). What a ``StoryPipeline`` already recorded is not recorded again.
    ///
    /// With `--otlp-endpoint`, the whole command is a span and each model call a span inside it, exported with the
    /// GenAI metrics before the command ends.
    func withAI<T: Sendable>(_ body: @Sendable (AIContext) async throws -> T) async throws -> T {
        try await Telemetry.run(endpoint: otlpEndpoint, operation: "infinite-stories") { try await withServices(body) }
    }

    private func withServices<T: Sendable>(_ body: @Sendable (AIContext) async throws -> T) async throws -> T {
        let library = try openLibrary()
        if sandbox {
            return try await Sandbox.withRunning(answerer: .stories) { sandbox in
                let sdk = OpenAIServiceFactory.service(
                    apiKey: "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString)
                return try await Self.run(body, with: AIContext(
                    library: library, stories: InfiniteStories.OpenAIService(service: sdk), sdk: sdk))
            }
        }
        guard let key = APIKeyStore.currentKey() else { throw CLIError.missingAPIKey }
        let sdk = OpenAIServiceFactory.service(apiKey: key)
        return try await Self.run(body, with: AIContext(
            library: library, stories: InfiniteStories.OpenAIService(service: sdk), sdk: sdk))
    }

    private static func run<T: Sendable>(
        _ body: @Sendable (AIContext) async throws -> T, with context: AIContext
    ) async throws -> T {
        do {
            let result = try await body(context)
            try await context.library.recordUsage(await context.stories.usage.takeSummary())
            return result
        } catch {
            try? await context.library.recordUsage(await context.stories.usage.takeSummary())
            throw error
        }
    }
}
