import Foundation
import SwiftAITestSupport
import Testing

@testable import AISandbox
@testable import InfiniteStoriesSandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The story answerer the app registers on the sandbox, over loopback HTTP as the app meets it.
@Suite("Stories from chat completions")
struct SandboxStoryTests {
    struct Prompt: Sendable, CustomTestStringConvertible {
        let language: String
        let system: String
        let user: String
        let hero: String
        let opening: [String]
        var testDescription: String { language }
    }

    /// Story prompts written as a story app writes them, natively in each language.
    static let prompts = [
        Prompt(
            language: "en", system: "You are a skilled children's storyteller who creates engaging, age-appropriate stories for bedtime.",
            user: "Create a 5-minute bedtime story about Luna.\n\nCharacter traits:\nbrave, kind\n\nStory event: a picnic in the park\n\nRequirements:\n- Approximately 750 words\n\nFormat your response as:\n[Story Title]\n\n[Story content...]",
            hero: "Luna", opening: ["Once upon a time"]),
        Prompt(
            language: "es", system: "Eres un narrador experto de cuentos infantiles que crea historias para la hora de dormir.",
            user: "Crea un cuento para dormir de 5 minutos sobre Mateo.\n\nRasgos del personaje:\nvaliente, amable\n\nEvento: un pícnic en el parque\n\nRequisitos:\n- Aproximadamente 750 palabras\n\nFormato de respuesta:\n[Título del cuento]\n\n[Contenido del cuento...]",
            hero: "Mateo", opening: ["Había una vez", "Érase una vez"]),
        Prompt(
            language: "fr", system: "Tu es un conteur expérimenté qui crée des histoires pour enfants au moment du coucher.",
            user: "Crée une histoire du soir de 5 minutes sur Camille.\n\nTraits du personnage :\ncourageuse, gentille\n\nÉvénement : un pique-nique au parc\n\nExigences :\n- Environ 750 mots\n\nFormat de la réponse :\n[Titre de l'histoire]\n\n[Contenu de l'histoire...]",
            hero: "Camille", opening: ["Il était une fois"]),
        Prompt(
            language: "de", system: "Du bist ein erfahrener Erzähler von Kindergeschichten für die Schlafenszeit.",
            user: "Erstelle eine 5-minütige Gutenachtgeschichte über Max.\n\nCharaktereigenschaften:\nmutig, freundlich\n\nEreignis: ein Picknick im Park\n\nAnforderungen:\n- Ungefähr 750 Wörter\n\nFormat der Antwort:\n[Titel der Geschichte]\n\n[Inhalt der Geschichte...]",
            hero: "Max", opening: ["Es war einmal"]),
        Prompt(
            language: "it", system: "Sei un abile narratore di storie per bambini che crea fiabe della buonanotte.",
            user: "Crea una fiaba della buonanotte di 5 minuti su Giulia.\n\nTratti del personaggio:\ncoraggiosa, gentile\n\nEvento: un picnic al parco\n\nRequisiti:\n- Circa 750 parole\n\nFormato della risposta:\n[Titolo della storia]\n\n[Contenuto della storia...]",
            hero: "Giulia", opening: ["C'era una volta"]),
    ]

    static func body(_ prompt: Prompt, maxTokens: Int? = 2000, stream: Bool = false) -> [String: Any] {
        var body: [String: Any] = [
            "model": "gpt-4o", "temperature": 0.8,
            "messages": [["role": "system", "content": prompt.system], ["role": "user", "content": prompt.user]],
        ]
        if let maxTokens { body["max_completion_tokens"] = maxTokens }
        if stream {
            body["stream"] = true
            body["stream_options"] = ["include_usage": true]
        }
        return body
    }

    /// The chat completion object the story sandbox answers `body` with.
    static func respond(_ sandbox: Sandbox, _ body: [String: Any]) async throws -> [String: Any] {
        let (_, data) = try await post(sandbox, "v1/chat/completions", body)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The JSON payloads of the `data:` lines of an event stream (`[DONE]` left out).
    static func eventPayloads(_ bytes: [UInt8]) -> [[String: Any]] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").compactMap { line in
            guard line.hasPrefix("data: "), line != "data: [DONE]" else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
        }
    }

    static func message(_ json: [String: Any]) -> (content: String, finish: String?, usage: [String: Any]) {
        let choice = (json["choices"] as? [[String: Any]])?.first ?? [:]
        let content = (choice["message"] as? [String: Any])?["content"] as? String ?? ""
        return (content, choice["finish_reason"] as? String, json["usage"] as? [String: Any] ?? [:])
    }

    @Test("a story in the prompt's language: title with the hero, paragraphs, about the requested length", arguments: prompts)
    func story(_ prompt: Prompt) async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let (content, finish, usage) = Self.message(try await Self.respond(sandbox, Self.body(prompt)))
            let lines = content.components(separatedBy: "\n")
            let title = try #require(lines.first)
            #expect(title.hasPrefix("[") && title.hasSuffix("]") && title.contains(prompt.hero), "\(title)")
            #expect(lines.count > 2 && lines[1].isEmpty)
            let paragraphs = content.components(separatedBy: "\n\n").dropFirst()
            #expect(paragraphs.count >= 4)
            #expect(prompt.opening.contains { paragraphs.first?.hasPrefix($0) == true }, "\(paragraphs.first ?? "")")
            let words = paragraphs.joined(separator: " ").split(whereSeparator: \.isWhitespace).count
            #expect((675...825).contains(words), "\(words) words")
            #expect(finish == "stop")
            let completion = try #require(usage["completion_tokens"] as? Int)
            #expect(completion >= words && completion <= 2000)
            #expect((usage["prompt_tokens"] as? Int ?? 0) > 40)
            #expect(usage["total_tokens"] as? Int == completion + (usage["prompt_tokens"] as? Int ?? 0))
            // Gentle: nothing the sandbox's own moderation would flag.
            #expect(OpenAIModerations.flaggedCategories(content).isEmpty)
        }
    }

    @Test("the same prompt tells the same story; another hero another one")
    func deterministic() async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let prompt = Self.prompts[0]
            let first = Self.message(try await Self.respond(sandbox, Self.body(prompt))).content
            #expect(first == Self.message(try await Self.respond(sandbox, Self.body(prompt))).content)
            let other = Prompt(
                language: "en", system: prompt.system, user: prompt.user.replacingOccurrences(of: "Luna", with: "Captain Whiskers"),
                hero: "Captain Whiskers", opening: prompt.opening)
            let second = Self.message(try await Self.respond(sandbox, Self.body(other))).content
            #expect(second != first && second.components(separatedBy: "\n")[0].contains("Captain Whiskers"))
        }
    }

    @Test("max tokens cut the story with finish_reason length")
    func truncated() async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let (content, finish, usage) = Self.message(try await Self.respond(sandbox, Self.body(Self.prompts[3], maxTokens: 40)))
            #expect(finish == "length")
            #expect(content.split(whereSeparator: \.isWhitespace).count == 30)
            #expect(content.hasPrefix("[") && usage["completion_tokens"] as? Int == 40)
        }
    }

    @Test("without a word count: 150 words a minute, else 300 words; a user prompt alone is enough")
    func lengths() async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            func words(_ user: String) async throws -> Int {
                let body: [String: Any] = ["model": "gpt-4o", "messages": [["role": "user", "content": user]]]
                let content = Self.message(try await Self.respond(sandbox, body)).content
                return content.split(whereSeparator: \.isWhitespace).count
            }
            let rosie = try await words("Tell me a bedtime story about Rosie the rabbit.")
            let threeMinutes = try await words("Write a 3-minute bedtime story about Rosie.")
            let ben = try await words("Schreib eine Geschichte über Ben, ungefähr 1.500 Wörter.")
            #expect((270...340).contains(rosie))
            #expect((410...500).contains(threeMinutes))
            #expect((1_400...1_600).contains(ben))
        }
        #expect(StoryWriter.requestedWords(in: "Circa 450 parole") == 450)
        #expect(StoryWriter.requestedWords(in: "a 750-word story") == 750)
        #expect(StoryWriter.requestedWords(in: "Erstelle eine 10-minütige Geschichte") == 1_500)
    }

    @Test("hero names: labels, prepositions, fallbacks")
    func heroes() async throws {
        let english = StoryPhrases.english
        #expect(StoryWriter.heroName(in: "Hero: Sir Pounce the cat", phrases: english) == "Sir Pounce")
        #expect(StoryWriter.heroName(in: "a bedtime story about a fox named Rusty.", phrases: english) == "Rusty")
        #expect(StoryWriter.heroName(in: "Erstelle eine Geschichte über den Drachen", phrases: .german) == nil)
        #expect(StoryWriter.heroName(in: "Name: leo", phrases: english) == "Leo")
        let body: [String: Any] = ["messages": [["role": "user", "content": "Tell me a bedtime story."]]]
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let content = Self.message(try await Self.respond(sandbox, body)).content
            #expect(content.contains("Pip"))
        }
    }

    @Test("other chats are unchanged, but stop at max tokens")
    func otherChats() async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let hello: [String: Any] = ["model": "gpt-4o-mini", "messages": [["role": "user", "content": "Tell me a joke"]]]
            #expect(Self.message(try await Self.respond(sandbox, hello)).content == "Hello from AISandbox! You said: Tell me a joke")
            let history: [String: Any] = ["messages": [["role": "user", "content": "Write a story about space exploration"]]]
            #expect(Self.message(try await Self.respond(sandbox, history)).content.hasPrefix("Hello from AISandbox!"))
            var short = hello
            short["max_tokens"] = 4
            let (content, finish, usage) = Self.message(try await Self.respond(sandbox, short))
            #expect(content == "Hello from AISandbox! You" && finish == "length" && usage["completion_tokens"] as? Int == 4)
        }
    }

    @Test("over HTTP, the stream carries the same story, finish reason and usage")
    func streamed() async throws {
        try await Sandbox.withRunning(answerer: .stories) { sandbox in
            let prompt = Self.prompts[1]
            let (status, plain) = try await post(sandbox, "v1/chat/completions", Self.body(prompt, maxTokens: 300))
            #expect(status == 200)
            let whole = Self.message(try JSONSerialization.jsonObject(with: plain) as? [String: Any] ?? [:])
            #expect(whole.finish == "length")

            let (_, streamed) = try await post(sandbox, "v1/chat/completions", Self.body(prompt, maxTokens: 300, stream: true))
            let events = Self.eventPayloads(Array(streamed))
            let choices = events.compactMap { ($0["choices"] as? [[String: Any]])?.first }
            let text = choices.compactMap { ($0["delta"] as? [String: Any])?["content"] as? String }.joined()
            #expect(choices.count > 100)
            #expect(text == whole.content)
            #expect(choices.last?["finish_reason"] as? String == whole.finish)
            let usage = try #require(events.last?["usage"] as? [String: Any])
            #expect(usage["completion_tokens"] as? Int == whole.usage["completion_tokens"] as? Int)
            #expect(usage["prompt_tokens"] as? Int == whole.usage["prompt_tokens"] as? Int)
        }
    }
}
