import Foundation
import Hummingbird
import InfiniteStories

/// Short narrated samples of each voice, made once per voice and language and kept in memory.
actor VoicePreviews {
    private var cache: [String: Data] = [:]

    func sample(voice: String, language: String, services: WebServices) async throws -> Data {
        let key = voice + "|" + language
        if let cached = cache[key] { return cached }
        let stories = services.makeStoryService()
        defer { Task { try? await services.library.recordUsage(await stories.usage.summary()) } }
        let narration = try await stories.narrate(text: Self.sentence(language), voice: voice, language: language)
        cache[key] = narration.audio
        return narration.audio
    }

    static func sentence(_ language: String) -> String {
        switch language {
        case "Spanish": "Érase una vez, bajo un cielo lleno de estrellas…"
        case "French": "Il était une fois, sous un ciel plein d'étoiles…"
        case "German": "Es war einmal, unter einem Himmel voller Sterne…"
        case "Italian": "C'era una volta, sotto un cielo pieno di stelle…"
        default: "Once upon a time, under a sky full of stars…"
        }
    }
}
