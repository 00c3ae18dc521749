import Foundation
import Logging
import SwiftOpenAI

/// The story app's AI layer: stories (plain and streamed), narration, avatars, moderation and usage, on a
/// SwiftOpenAI service.
///
/// Every request goes through the SDK, so its retries (429, 5xx, connection errors), timeouts, base URL,
/// Azure and AIProxy configurations apply unchanged; failures arrive as ``AIServiceError``. Not to be
/// confused with SwiftOpenAI's `OpenAIService` protocol, which this class wraps: write
/// `SwiftOpenAI.OpenAIService` for that one when both modules are imported.
///
/// ```swift
/// let stories = OpenAIService(apiKey: key)
/// let story = try await stories.generateStory(
///     request: StoryGenerationRequest(hero: Hero(name: "Luna", traits: ["brave"]), event: .bedtime, targetDuration: 300))
/// ```
public final class OpenAIService: AIServiceProtocol, Sendable {
    /// The InfiniteStories app's voice table (also the module-level ``availableVoices``).
    public static let availableVoices = InfiniteStories.availableVoices

    /// Models, limits and switches of every request.
    public let settings: StorySettings
    /// Tokens, characters and images used so far, with their estimated cost.
    public let usage: APIUsageTracker
    /// Stories already generated; nil generates every story anew.
    public let cache: StoryCache?
    /// Narrations already synthesized.
    public let narrationCache: NarrationCache
    /// The SDK service every request goes through.
    public let service: any SwiftOpenAI.OpenAIService
    let logger: Logger
    let calls: ServiceCalls

    /// A service for `apiKey` on OpenAI, or on the server `OPENAI_BASE_URL` names (as the SDK's factory does).
    public convenience init(apiKey: String) {
        self.init(service: OpenAIServiceFactory.service(apiKey: apiKey))
    }

    /// A service on an already configured SwiftOpenAI service (any base URL, Azure, AIProxy, retry policy,
    /// transport).
    ///
    /// - Parameters:
    ///   - cache: when set, a story asked for again with the same request is served from it without a request.
    ///   - narrationCache: narrations by text, voice, instructions and model (in memory unless given a directory).
    ///   - logger: receives the debug information (hero, event, duration, prompt) and one line per API call;
    ///     it never receives the API key.
    public init(
        service: any SwiftOpenAI.OpenAIService, settings: StorySettings = .default, usage: APIUsageTracker = APIUsageTracker(),
        cache: StoryCache? = nil, narrationCache: NarrationCache = NarrationCache(),
        logger: Logger = Logger(label: "InfiniteStories")
    ) {
        self.service = service
        self.settings = settings
        self.usage = usage
        self.cache = cache
        self.narrationCache = narrationCache
        self.logger = logger
        calls = ServiceCalls(service: service, settings: settings, usage: usage, logger: logger, models: ModelAvailability())
    }

    /// Throws ``AIServiceError/contentRejected(_:)`` when the moderations endpoint flags `text`.
    ///
    /// This explicit check runs even when ``StorySettings/moderation`` is off.
    public func moderate(_ text: String) async throws {
        do {
            if let categories = try await calls.flaggedCategories([text]) {
                throw AIServiceError.contentRejected("text flagged: \(categories.joined(separator: ", "))")
            }
        } catch {
            throw Self.mapped(error)
        }
    }

    /// Whether the models endpoint lists `model` (the list is fetched once and kept for
    /// ``StorySettings/modelListLifetime``); false when the list cannot be fetched.
    public func isModelAvailable(_ model: String) async -> Bool {
        if let ids = calls.models.cachedIDs(lifetime: settings.modelListLifetime) { return ids.contains(model) }
        do {
            let list = try await calls.monitor.run("GET /models") { options in try await service.listModels(options: options) }
            let ids = Set(list.data.map(\.id))
            calls.models.store(ids)
            return ids.contains(model)
        } catch {
            logger.debug("Could not list models", metadata: ["error": "\(AIServiceError.from(error))"])
            return false
        }
    }

    /// `error` as the library throws it: cancellation as `CancellationError`, anything else as ``AIServiceError``.
    static func mapped(_ error: any Error) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if let apiError = error as? APIError, apiError.kind == .cancelled { return CancellationError() }
        return AIServiceError.from(error)
    }
}
