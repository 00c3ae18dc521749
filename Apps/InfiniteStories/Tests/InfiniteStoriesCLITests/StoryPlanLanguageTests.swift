@testable import AISandbox
import Foundation
import InfiniteStories
@testable import InfiniteStoriesSandbox
import InfiniteStoriesStore
import SwiftOpenAI
import Testing
@testable import infinite_stories

/// `story new --custom … --language X`: the assistant titles the event in X, and the story's prompt carries that title.
@Suite("story new with a custom event in the story's language")
struct StoryPlanLanguageTests {
    static let cases: [(language: String, instruction: String, eventLabel: String, text: String, phrases: StoryPhrases)] = [
        ("English", "in English", "Story event:", "Luna sees snow for the first time", .english),
        ("Spanish", "en español", "Acontecimiento del cuento:", "Luna ve la nieve por primera vez", .spanish),
        ("French", "en français", "Événement de l'histoire :", "Luna voit la neige pour la première fois", .french),
        ("German", "auf Deutsch", "Anlass der Geschichte:", "Luna sieht zum ersten Mal Schnee", .german),
        ("Italian", "in italiano", "Evento della storia:", "Luna vede la neve per la prima volta", .italian),
    ]

    /// True when `title` is one of the sandbox's title patterns of `phrases` ("{hero} y la luna que susurraba").
    private func isTitle(_ title: String, of phrases: StoryPhrases) -> Bool {
        phrases.titles.contains { pattern in
            let parts = pattern.components(separatedBy: "{hero}").map(NSRegularExpression.escapedPattern(for:))
            return title.range(of: "^" + parts.joined(separator: ".+") + "$", options: .regularExpression) != nil
        }
    }

    @Test("the title is asked for in the story's language and lands in the story's prompt", arguments: 0..<5)
    func titleInTheStoryLanguage(index: Int) async throws {
        let (language, instruction, eventLabel, text, phrases) = Self.cases[index]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("infinite-stories-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try StoryLibrary(folder: folder)
        try await library.addHero(Hero(name: "Luna", traits: ["brave"]))
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let sdk = OpenAIServiceFactory.service(
                apiKey: "sk-sandbox", overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: .none)
            let context = AIContext(library: library, stories: InfiniteStories.OpenAIService(service: sdk), sdk: sdk)
            let plan = StoryPlan(
                heroName: "Luna", event: nil, customText: text, language: language, targetDuration: 60, voice: "coral",
                narrate: false, illustrate: false, onText: { _ in })
            let story = try await plan.run(in: context)

            let chats = sandbox.requests.filter { $0.path.hasSuffix("/chat/completions") }
                .map { ($0.json?["messages"] as? [[String: Any]] ?? []).map { $0["content"] as? String ?? "" } }
            #expect(chats.count == 2, "the title, then the story")
            let titleRequest = chats.first?.joined(separator: "\n") ?? ""
            #expect(titleRequest.contains(instruction), "\(titleRequest)")
            let title = try #require(story.customEventTitle)
            // The sandbox answers in the language the request asks for, so a title in that language comes back …
            #expect(isTitle(title, of: phrases), "\(language): \(title)")
            if language != "English" { #expect(!isTitle(title, of: .english), "\(title)") }
            // … and the story's prompt uses it as the event, in the story's language.
            let storyPrompt = chats.last?.last ?? ""
            #expect(storyPrompt.contains("\(eventLabel) \(title): \(text)"), "\(storyPrompt)")
        }
    }
}
