import AISandbox
import Foundation
import InfiniteStories
import InfiniteStoriesSandbox
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// The assistant writes in the story's language: a Spanish story must not get an English title in its prompt.
@Suite("Custom event assistant in the story's language")
struct AssistantLanguageTests {
    /// What each language's requests must say: the answer's language named in that language, and a word of the
    /// language's own prompt (so it is not an English prompt with the language name pasted in).
    static let cases: [(language: SupportedLanguage, names: String, nativeWord: String, description: String)] = [
        (.english, "in English", "Create", "Luna sees snow for the first time"),
        (.spanish, "en español", "Crea", "Luna ve la nieve por primera vez"),
        (.french, "en français", "Crée", "Luna voit la neige pour la première fois"),
        (.german, "auf Deutsch", "Erfinde", "Luna sieht zum ersten Mal Schnee"),
        (.italian, "in italiano", "Crea", "Luna vede la neve per la prima volta"),
    ]

    @Test("title, prompt seed, keywords and similar events are each asked for in the story's language", arguments: 0..<5)
    func everyRequestAsksForTheLanguage(index: Int) async throws {
        let (language, names, nativeWord, description) = Self.cases[index]
        try await withSandbox(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: testAPIKey, overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: RetryPolicy(maxRetries: 0))
            let assistant = CustomEventAIAssistant(service: sdk)
            let name = language.rawValue
            _ = try await assistant.makeTitle(from: description, language: name)
            _ = try await assistant.makePromptSeed(
                title: "Nieve", description: description, category: .nature, ageRange: .toddler, tone: .magical, language: name)
            _ = await assistant.generateKeywords(for: "Nieve", description: description, language: name)
            _ = await assistant.suggestSimilarEvents(to: description, language: name)

            let chats = sandbox.chatRequests.map(\.chatMessages)
            #expect(chats.count == 4)
            for (number, messages) in chats.enumerated() {
                let system = try #require(messages.first { $0.role == "system" }?.content)
                let user = try #require(messages.last { $0.role == "user" }?.content)
                #expect(system.lowercased().contains(names.lowercased()), "request \(number) system: \(system)")
                #expect(user.lowercased().contains(names.lowercased()), "request \(number) user: \(user)")
                #expect(user.contains(description))
            }
            #expect(chats.first?.last?.content.hasPrefix(nativeWord) == true)
            // The prompt seed's category, ages and tone are named in the language too.
            let seedPrompt = chats.count > 1 ? chats[1].last?.content ?? "" : ""
            let expectedTone = ["Magical", "mágico", "magique", "magisch", "magico"][index]
            let expectedAges = ["2-4 years", "2-4 años", "2-4 ans", "2-4 Jahren", "2-4 anni"][index]
            #expect(seedPrompt.contains(expectedTone) && seedPrompt.contains(expectedAges), "\(seedPrompt)")
        }
    }

    @Test("without a language the seed's English prompts are sent, as before")
    func englishByDefault() async throws {
        try await withSandbox(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: testAPIKey, overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: RetryPolicy(maxRetries: 0))
            _ = await CustomEventAIAssistant(service: sdk).generateTitle(from: "A picnic in the park")
            let user = try #require(sandbox.chatRequests.first?.chatMessages.last?.content)
            #expect(user.hasPrefix("Create a short, catchy title (at most six words) in English"))
        }
    }
}
