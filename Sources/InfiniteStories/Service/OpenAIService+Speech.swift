import Foundation
import Logging
import SwiftOpenAI

extension OpenAIService {
    /// The narration of `text` as one MP3 (the InfiniteStories app's call); see ``narrate(text:voice:language:progress:)``.
    public func generateSpeech(text: String, voice: String, language: String) async throws -> Data {
        try await narrate(text: text, voice: voice, language: language).audio
    }

    /// Narrates `text` with `voice` and the InfiniteStories app's storytelling instructions for that voice and `language`.
    ///
    /// A text over the speech endpoint's 4,096-character limit is split at sentence ends
    /// (``NarrationTextSplitter``); up to ``StorySettings/maxConcurrentSpeechParts`` parts are synthesized at
    /// once and joined in order into one MP3 (``MP3Joiner``). `progress` is called once per finished part;
    /// the report in which the first part becomes ready carries its audio, so playback can start before the
    /// rest is done. A narration already made (same text, voice, instructions and model) comes from
    /// ``narrationCache`` without a request.
    public func narrate(
        text: String, voice: String, language: String, progress: (@Sendable (NarrationProgress) -> Void)? = nil
    ) async throws -> Narration {
        let model = settings.ttsModel
        let voice = voice.lowercased()
        // tts-1 and tts-1-hd reject `instructions`; the gpt-4o speech models follow them.
        let instructions = model.hasPrefix("tts-") ? nil : VoiceInstructions.storytelling(for: voice, language: language)
        let parts = NarrationTextSplitter.split(text, limit: settings.speechInputLimit)
        guard !parts.isEmpty else { throw AIServiceError.apiError("There is no text to narrate.") }
        let key = NarrationCache.key(text: text, voice: voice, instructions: instructions ?? "", model: model)
        if let audio = narrationCache.audio(for: key) {
            logger.debug("Narration served from the cache", metadata: ["key": "\(key)"])
            progress?(NarrationProgress(completedParts: parts.count, totalParts: parts.count))
            return Narration(audio: audio, parts: parts.count, characters: text.count, fromCache: true)
        }
        logger.debug(
            "Narration started",
            metadata: ["voice": "\(voice)", "language": "\(language)", "characters": "\(text.count)", "parts": "\(parts.count)"])
        do {
            let audio = try await synthesize(parts, model: model, voice: voice, instructions: instructions, progress: progress)
            narrationCache.store(audio, for: key)
            return Narration(audio: audio, parts: parts.count, characters: text.count, fromCache: false)
        } catch {
            throw Self.mapped(error)
        }
    }

    /// The parts' audio, requested with bounded concurrency (first parts first) and joined in order.
    private func synthesize(
        _ parts: [String], model: String, voice: String, instructions: String?,
        progress: (@Sendable (NarrationProgress) -> Void)?
    ) async throws -> Data {
        let limit = max(1, settings.maxConcurrentSpeechParts)
        var audio = [Data?](repeating: nil, count: parts.count)
        try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            var next = 0
            func startNext() {
                guard next < parts.count else { return }
                let index = next
                next += 1
                group.addTask { (index, try await self.speak(parts[index], model: model, voice: voice, instructions: instructions)) }
            }
            for _ in 0..<min(limit, parts.count) { startNext() }
            var completed = 0
            while let (index, data) = try await group.next() {
                audio[index] = data
                completed += 1
                progress?(NarrationProgress(completedParts: completed, totalParts: parts.count, firstPart: index == 0 ? data : nil))
                startNext()
            }
        }
        return MP3Joiner.join(audio.compactMap { $0 })
    }

    /// One speech request; the answer must look like MP3 audio.
    private func speak(_ input: String, model: String, voice: String, instructions: String?) async throws -> Data {
        let parameters = AudioSpeechParameters(
            model: .init(rawValue: model), input: input, voice: .init(rawValue: voice), responseFormat: .mp3,
            instructions: instructions)
        let speech = try await calls.monitor.run("POST /audio/speech", body: parameters, bytesIn: { $0.output.count }) { options in
            try await service.createSpeech(parameters: parameters, options: options)
        }
        await usage.recordSpeech(model: model, characters: input.count)
        guard Self.looksLikeMP3(speech.output) else { throw AIServiceError.invalidResponse }
        return speech.output
    }

    /// Whether `data` starts like an MP3 file: an ID3v2 tag or an MPEG audio frame sync.
    static func looksLikeMP3(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(3))
        guard bytes.count == 3 else { return false }
        return bytes == Array("ID3".utf8) || (bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0)
    }
}
