import Foundation
import Logging
import SwiftOpenAI

/// What one story request sends and checks.
struct StoryJob: Sendable {
    var system: String
    var prompt: String
    /// Parent-written text that is moderated before the prompt is sent.
    var userTexts: [String]
    var cacheKey: String
    /// For the debug log.
    var hero: String
    var event: String
    var minutes: Int
    var language: String
}

extension OpenAIService {
    /// A story about a hero and a built-in event (the InfiniteStories app's call); built on the same path as ``streamStory(request:)``.
    public func generateStory(request: StoryGenerationRequest) async throws -> StoryGenerationResponse {
        try await runStory(job(for: request), emit: nil)
    }

    /// A story about a hero and a custom event.
    public func generateStoryWithCustomEvent(request: CustomStoryGenerationRequest) async throws -> StoryGenerationResponse {
        try await runStory(job(for: request), emit: nil)
    }

    /// The story as it is written: `.delta` text in order (the title line first), then `.completed` with the
    /// parsed story. Stopping the iteration cancels the request.
    ///
    /// With moderation on, text is released in moderated pieces (a paragraph or more at a time, growing),
    /// so nothing flagged is ever shown; a story flagged before any of it was shown is regenerated once, one
    /// flagged after that ends the stream with ``AIServiceError/contentRejected(_:)``.
    public func streamStory(request: StoryGenerationRequest) -> AsyncThrowingStream<StoryStreamEvent, any Error> {
        stream(job(for: request))
    }

    /// ``streamStory(request:)`` for a custom event.
    public func streamStory(customRequest: CustomStoryGenerationRequest) -> AsyncThrowingStream<StoryStreamEvent, any Error> {
        stream(job(for: customRequest))
    }

    func job(for request: StoryGenerationRequest) -> StoryJob {
        let system = StoryPrompts.systemMessage(language: request.language)
        let prompt = StoryPrompts.prompt(for: request)
        return StoryJob(
            system: system, prompt: prompt, userTexts: request.hero.userTexts + (request.audience?.userTexts ?? []),
            cacheKey: StoryCache.key(system: system, prompt: prompt, settings: settings),
            hero: request.hero.name, event: request.event.rawValue, minutes: StoryPrompts.minutes(for: request.targetDuration),
            language: request.language)
    }

    func job(for request: CustomStoryGenerationRequest) -> StoryJob {
        let system = StoryPrompts.systemMessage(language: request.language)
        let prompt = StoryPrompts.prompt(for: request)
        return StoryJob(
            system: system, prompt: prompt,
            userTexts: request.hero.userTexts + request.customEvent.userTexts + (request.audience?.userTexts ?? []),
            cacheKey: StoryCache.key(system: system, prompt: prompt, settings: settings), hero: request.hero.name,
            event: "custom: \(request.customEvent.title)", minutes: StoryPrompts.minutes(for: request.targetDuration),
            language: request.language)
    }

    private func stream(_ job: StoryJob) -> AsyncThrowingStream<StoryStreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<StoryStreamEvent, any Error>.makeStream()
        let task = Task {
            do {
                let story = try await runStory(job, emit: { continuation.yield(.delta($0)) })
                continuation.yield(.completed(story))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The one path of every story: cache, input moderation, a streamed completion, parsing, story
    /// moderation (regenerating once when allowed), cache again.
    func runStory(_ job: StoryJob, emit: (@Sendable (String) -> Void)?) async throws -> StoryGenerationResponse {
        logger.debug(
            "Story generation started",
            metadata: [
                "hero": "\(job.hero)", "event": "\(job.event)", "duration_minutes": "\(job.minutes)",
                "language": "\(job.language)", "prompt": "\(job.prompt)",
            ])
        do {
            if let cached = cache?.getCached(for: job.cacheKey) {
                logger.debug("Story served from the cache", metadata: ["key": "\(job.cacheKey)"])
                emit?("\(cached.title)\n\n\(cached.content)")
                return cached
            }
            try await calls.screen(job.userTexts, what: "story input")
            let attempts = settings.moderation ? 2 : 1
            for attempt in 1...attempts {
                let outcome = try await writeStory(job, emit: emit)
                if let categories = outcome.flagged {
                    logger.debug("Generated story flagged", metadata: ["attempt": "\(attempt)", "categories": "\(categories)"])
                    if attempt < attempts, !outcome.shownAny { continue }
                    throw AIServiceError.contentRejected("generated story flagged: \(categories)")
                }
                guard let parsed = StoryTextParser.parse(outcome.text) else { throw AIServiceError.invalidResponse }
                let story = StoryGenerationResponse(title: parsed.title, content: parsed.content)
                cache?.cache(story, for: job.cacheKey)
                logger.debug(
                    "Story generated",
                    metadata: ["title": "\(story.title)", "words": "\(story.content.split(whereSeparator: \.isWhitespace).count)"])
                return story
            }
            throw AIServiceError.invalidResponse
        } catch {
            throw Self.mapped(error)
        }
    }

    /// What one completion produced: its text, whether any of it was shown, and the flagged categories.
    struct WrittenStory {
        var text = ""
        var shownAny = false
        var flagged: String?
    }

    /// Streams one completion. Text goes to `emit` directly, or through moderation first (in growing pieces
    /// cut at paragraph ends) when moderation is on; a plain call moderates the whole text once at the end.
    private func writeStory(_ job: StoryJob, emit: (@Sendable (String) -> Void)?) async throws -> WrittenStory {
        try await calls.withModelFallback { model in
            let parameters = ChatCompletionParameters(
                messages: ServiceCalls.messages(system: job.system, user: job.prompt), model: .custom(model),
                temperature: settings.temperature, maxCompletionTokens: settings.maxTokens,
                streamOptions: .init(includeUsage: true))
            let call = calls.monitor.begin("POST /chat/completions", body: parameters)
            var written = WrittenStory()
            var accumulator = ChatCompletionAccumulator()
            var pending = ""
            var releaseSize = 300
            do {
                let chunks = try await service.startStreamedChat(parameters: parameters, options: call.options)
                reading: for try await chunk in chunks {
                    accumulator.add(chunk)
                    guard let delta = chunk.choices.first?.delta.content, !delta.isEmpty, let emit else { continue }
                    guard settings.moderation else {
                        emit(delta)
                        written.shownAny = true
                        continue
                    }
                    pending += delta
                    guard pending.utf8.count >= releaseSize, let cut = pending.range(of: "\n\n", options: .backwards) else { continue }
                    let piece = String(pending[..<cut.upperBound])
                    if let categories = try await calls.flaggedCategories([piece]) {
                        written.flagged = categories.joined(separator: ", ")
                        break reading
                    }
                    emit(piece)
                    written.shownAny = true
                    pending.removeSubrange(..<cut.upperBound)
                    releaseSize *= 2
                }
                call.finish(bytesIn: accumulator.content.utf8.count)
            } catch {
                call.fail(error)
                throw error
            }
            written.text = accumulator.content
            if let usage = accumulator.usage {
                await self.usage.record(model: model, inputTokens: usage.promptTokens, outputTokens: usage.completionTokens)
            }
            if written.flagged != nil { return written }
            if accumulator.finishReason?.description == "length" {
                logger.debug(
                    "The story reached the token limit and may end abruptly; raise StorySettings.maxTokens for longer stories",
                    metadata: ["max_completion_tokens": "\(settings.maxTokens)", "minutes": "\(job.minutes)"])
            }
            if accumulator.finishReason?.description == "content_filter" {
                written.flagged = "content_filter"
                return written
            }
            if settings.moderation {
                let remaining = emit == nil ? written.text : pending
                if let categories = try await calls.flaggedCategories([remaining]) {
                    written.flagged = categories.joined(separator: ", ")
                } else if let emit, !remaining.isEmpty {
                    emit(remaining)
                    written.shownAny = true
                }
            }
            return written
        }
    }
}
