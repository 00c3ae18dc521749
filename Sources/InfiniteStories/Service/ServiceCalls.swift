import AICore
import Foundation
import Logging
import SwiftOpenAI

/// The SDK calls the story service and the event assistant share: chat with model fallback, moderation,
/// usage recording and one monitor line per call.
struct ServiceCalls: Sendable {
    let service: any SwiftOpenAI.OpenAIService
    let settings: StorySettings
    let usage: APIUsageTracker?
    let logger: Logger
    let models: ModelAvailability

    var monitor: APIMonitor { APIMonitor(logger: logger) }

    /// The chat messages of a system message and a user prompt.
    static func messages(system: String, user: String) -> [ChatCompletionParameters.Message] {
        [.init(role: .system, content: .text(system)), .init(role: .user, content: .text(user))]
    }

    /// Runs `body` with the story model, and once more with the fallback model when OpenAI answers that the
    /// story model does not exist (404 `model_not_found`); the missing model is remembered.
    func withModelFallback<T>(_ body: (String) async throws -> T) async throws -> T {
        let model = models.current(preferred: settings.storyModel, fallback: settings.fallbackModel)
        do {
            return try await body(model)
        } catch let error as APIError where Self.isModelGone(error) && model != settings.fallbackModel {
            models.markGone(model)
            logger.debug(
                "Model unavailable, using the fallback",
                metadata: ["model": "\(model)", "fallback": "\(settings.fallbackModel)", "request_id": "\(error.requestID ?? "-")"])
            return try await body(settings.fallbackModel)
        }
    }

    static func isModelGone(_ error: APIError) -> Bool {
        error.kind == .notFound && (error.code == "model_not_found" || error.param == "model" || error.message.contains("model"))
    }

    /// A plain (non-streamed) completion's text, for the assistant's short answers.
    func complete(system: String, user: String, maxTokens: Int, temperature: Double) async throws -> String {
        try await withModelFallback { model in
            let parameters = ChatCompletionParameters(
                messages: Self.messages(system: system, user: user), model: .custom(model), temperature: temperature,
                maxCompletionTokens: maxTokens)
            let completion = try await monitor.run("POST /chat/completions", body: parameters) { options in
                try await service.startChat(parameters: parameters, options: options)
            }
            await usage?.record(model: model, inputTokens: completion.usage.promptTokens, outputTokens: completion.usage.completionTokens)
            guard let text = completion.choices.first?.message.content?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
            else { throw AIServiceError.invalidResponse }
            return text
        }
    }

    /// The flagged categories of `texts` (empty texts skipped), or nil when nothing is flagged.
    func flaggedCategories(_ texts: [String]) async throws -> [String]? {
        let inputs = texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        guard !inputs.isEmpty else { return nil }
        let parameters = ModerationParameter(input: inputs, modelID: settings.moderationModel)
        let result = try await monitor.run("POST /moderations", body: parameters) { options in
            try await service.createModeration(parameters: parameters, options: options)
        }
        let flagged = result.results.filter(\.flagged)
        guard !flagged.isEmpty else { return nil }
        let categories = Set(flagged.flatMap { $0.categories.flaggedNames })
        return categories.isEmpty ? ["flagged"] : categories.sorted()
    }

    /// Throws ``AIServiceError/contentRejected(_:)`` when moderation is on and flags any of `texts`.
    func screen(_ texts: [String], what: String) async throws {
        guard settings.moderation, let categories = try await flaggedCategories(texts) else { return }
        logger.debug("Moderation refused \(what)", metadata: ["categories": "\(categories.joined(separator: ", "))"])
        throw AIServiceError.contentRejected("\(what) flagged: \(categories.joined(separator: ", "))")
    }
}

extension ModerationObject.Moderation.Category<Bool> {
    /// The names of the flagged categories, as the API spells them.
    var flaggedNames: [String] {
        let all: [(String, Bool?)] = [
            ("hate", hate), ("hate/threatening", hateThreatening), ("harassment", harassment),
            ("harassment/threatening", harassmentThreatening), ("self-harm", selfHarm), ("self-harm/intent", selfHarmIntent),
            ("self-harm/instructions", selfHarmInstructions), ("sexual", sexual), ("sexual/minors", sexualMinors),
            ("violence", violence), ("violence/graphic", violenceGraphic), ("illicit", illicit), ("illicit/violent", illicitViolent),
        ]
        return all.compactMap { $0.1 == true ? $0.0 : nil }
    }
}

/// Which models exist: the models endpoint's list (kept for ``StorySettings/modelListLifetime``) and the
/// models a request found missing.
final class ModelAvailability: Sendable {
    private let state = LockedValue<(ids: Set<String>?, fetched: Date?, gone: Set<String>)>((nil, nil, []))

    /// `preferred`, unless it was found missing.
    func current(preferred: String, fallback: String) -> String {
        state.withLock { $0.gone.contains(preferred) } ? fallback : preferred
    }

    func markGone(_ model: String) {
        state.withLock { _ = $0.gone.insert(model) }
    }

    /// The cached list when it is younger than `lifetime` seconds.
    func cachedIDs(lifetime: TimeInterval) -> Set<String>? {
        state.withLock { state in
            guard let ids = state.ids, let fetched = state.fetched, Date().timeIntervalSince(fetched) < lifetime else { return nil }
            return ids
        }
    }

    func store(_ ids: Set<String>) {
        state.withLock { state in
            state.ids = ids
            state.fetched = Date()
            state.gone.subtract(ids)
        }
    }
}
