import AISandbox
import Foundation
import InfiniteStories
import Testing

/// The exact chat request of a story, per language.
@Suite("Story prompts")
struct PromptTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var language: String
        var system: String
        var prompt: String
        var testDescription: String { language }
    }

    static let expectations: [Expected] = [
        Expected(
            language: "English",
            system: """
                You are a skilled children's storyteller who creates engaging, age-appropriate stories for bedtime.
                Your stories should be calming, imaginative, and help children feel safe and ready for sleep.
                Avoid scary elements or intense conflict.
                Focus on gentle adventures, friendship, and positive messages. Please respond entirely in English.
                """,
            prompt: """
                Create a 5-minute bedtime story about Luna.

                Character traits:
                brave, curious
                Appearance: curly red hair
                Special ability: talks to owls

                Story event: getting ready for bed after a long, happy day

                Requirements:
                - Should be calming and sleep-inducing
                - Include elements from the character traits
                - Centered around the mentioned event
                - Appropriate for children aged 4-10
                - Approximately 750 words

                Format your response as:
                [Story Title]

                [Story content...]
                """),
        Expected(
            language: "Spanish",
            system: """
                Eres un narrador experto de cuentos infantiles que crea historias atractivas y adecuadas a cada edad para la hora de dormir.
                Tus cuentos deben ser tranquilos e imaginativos, y ayudar a los niños a sentirse seguros y listos para dormir.
                Evita los elementos que den miedo y los conflictos intensos.
                Céntrate en aventuras suaves, la amistad y los mensajes positivos. Responde completamente en español.
                """,
            prompt: """
                Crea un cuento para dormir de 5 minutos sobre Luna.

                Rasgos del personaje:
                brave, curious
                Apariencia: curly red hair
                Habilidad especial: talks to owls

                Acontecimiento del cuento: prepararse para dormir después de un día largo y feliz

                Requisitos:
                - Debe ser tranquilo y ayudar a conciliar el sueño
                - Incluye elementos de los rasgos del personaje
                - Centrado en el acontecimiento mencionado
                - Adecuado para niños de 4 a 10 años
                - Aproximadamente 750 palabras

                Da formato a tu respuesta así:
                [Título del cuento]

                [Contenido del cuento...]
                """),
        Expected(
            language: "French",
            system: """
                Vous êtes un conteur talentueux qui crée pour les enfants des histoires captivantes et adaptées à leur âge pour l'heure du coucher.
                Vos histoires doivent être apaisantes et pleines d'imagination, et aider les enfants à se sentir en sécurité et prêts à dormir.
                Évitez les éléments effrayants et les conflits intenses.
                Privilégiez les aventures douces, l'amitié et les messages positifs. Répondez entièrement en français.
                """,
            prompt: """
                Créez une histoire pour dormir de 5 minutes sur Luna.

                Traits de caractère :
                brave, curious
                Apparence : curly red hair
                Pouvoir spécial : talks to owls

                Événement de l'histoire : se préparer pour dormir après une longue et joyeuse journée

                Exigences :
                - Être apaisante et favoriser le sommeil
                - Intégrer des éléments des traits de caractère
                - Être centrée sur l'événement mentionné
                - Convenir aux enfants de 4 à 10 ans
                - Environ 750 mots

                Présentez votre réponse ainsi :
                [Titre de l'histoire]

                [Contenu de l'histoire...]
                """),
        Expected(
            language: "German",
            system: """
                Du bist ein erfahrener Geschichtenerzähler, der fesselnde, altersgerechte Gutenachtgeschichten für Kinder erfindet.
                Deine Geschichten sollen beruhigend und fantasievoll sein und Kindern helfen, sich geborgen und bereit zum Einschlafen zu fühlen.
                Vermeide gruselige Elemente und heftige Konflikte.
                Konzentriere dich auf sanfte Abenteuer, Freundschaft und positive Botschaften. Antworte ausschließlich auf Deutsch.
                """,
            prompt: """
                Erzähle eine 5-minütige Gutenachtgeschichte über Luna.

                Charaktereigenschaften:
                brave, curious
                Aussehen: curly red hair
                Besondere Fähigkeit: talks to owls

                Anlass der Geschichte: sich nach einem langen, schönen Tag bettfertig machen

                Anforderungen:
                - Beruhigend und schlaffördernd
                - Elemente der Charaktereigenschaften einbauen
                - Rund um den genannten Anlass
                - Geeignet für Kinder von 4 bis 10 Jahren
                - Ungefähr 750 Wörter

                Formatiere deine Antwort so:
                [Titel der Geschichte]

                [Inhalt der Geschichte...]
                """),
        Expected(
            language: "Italian",
            system: """
                Sei un abile narratore di storie per bambini che crea racconti coinvolgenti e adatti all'età per l'ora della nanna.
                Le tue storie devono essere rilassanti e fantasiose, e aiutare i bambini a sentirsi al sicuro e pronti per dormire.
                Evita elementi spaventosi o conflitti intensi.
                Concentrati su avventure delicate, amicizia e messaggi positivi. Rispondi interamente in italiano.
                """,
            prompt: """
                Crea una storia della buonanotte di 5 minuti su Luna.

                Tratti del personaggio:
                brave, curious
                Aspetto: curly red hair
                Abilità speciale: talks to owls

                Evento della storia: prepararsi per andare a dormire dopo una lunga giornata felice

                Requisiti:
                - Deve essere rilassante e favorire il sonno
                - Includi elementi dei tratti del personaggio
                - Incentrata sull'evento indicato
                - Adatta a bambini dai 4 ai 10 anni
                - Circa 750 parole

                Formatta la risposta così:
                [Titolo della storia]

                [Contenuto della storia...]
                """),
    ]

    @Test("the story request: system message, prompt, model, max tokens, temperature", arguments: expectations)
    func storyRequest(expected: Expected) async throws {
        try await withStories { sandbox, stories in
            let request = StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 300, language: expected.language)
            let story = try await stories.generateStory(request: request)
            let chat = try #require(sandbox.chatRequests.last)
            let body = try #require(chat.json)
            #expect(chat.method == "POST")
            #expect(body["model"] as? String == "gpt-4o")
            #expect(body["max_completion_tokens"] as? Int == 2000)
            #expect(body["max_tokens"] == nil)
            #expect(body["temperature"] as? Double == 0.8)
            #expect(body["stream"] as? Bool == true)
            #expect((body["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
            let messages = chat.chatMessages
            try #require(messages.count == 2)
            #expect(messages[0].role == "system")
            #expect(messages[0].content == expected.system)
            #expect(messages[1].role == "user")
            #expect(messages[1].content == expected.prompt)
            #expect(StoryPrompts.systemMessage(language: expected.language) == expected.system)
            // The sandbox writes a story in the prompt's language whose title names the hero.
            #expect(story.title.contains("Luna"))
            #expect(story.content.split(separator: " ").count > 100)
            // The hero's texts were moderated before the prompt was sent.
            let moderation = try #require(sandbox.moderationRequests.first?.json)
            #expect(moderation["input"] as? [String] == ["Luna", "brave, curious", "curly red hair", "talks to owls"])
            #expect(sandbox.requests.first?.path.hasSuffix("/moderations") == true)
        }
    }

    @Test("a custom event: title and description as the event, idea, ages, tone and keywords as requirements")
    func customEventPrompt() {
        let event = CustomStoryEvent(
            title: "First snow", description: "Luna sees snow for the first time", category: .nature, ageRange: .toddler,
            tone: .magical, promptSeed: "Snowflakes that whisper lullabies", keywords: ["snow", "mittens"])
        let request = CustomStoryGenerationRequest(hero: Hero(name: "Luna"), customEvent: event, targetDuration: 600)
        #expect(
            StoryPrompts.prompt(for: request) == """
                Create a 10-minute bedtime story about Luna.

                Character traits:
                kind and curious

                Story event: First snow: Luna sees snow for the first time
                Story idea: Snowflakes that whisper lullabies

                Requirements:
                - Should be calming and sleep-inducing
                - Include elements from the character traits
                - Centered around the mentioned event
                - Appropriate for children aged 2-4
                - Tone: magical
                - Weave in these words: snow, mittens
                - Approximately 1500 words

                Format your response as:
                [Story Title]

                [Story content...]
                """)
        var italian = request
        italian.language = "Italian"
        italian.customEvent.ageRange = .elementary
        #expect(StoryPrompts.prompt(for: italian).contains("- Adatta a bambini dagli 8 ai 10 anni\n- Tono: magico\n"))
    }

    @Test("minutes × 150 words, at least one minute; every built-in event has native text in every language")
    func lengthsAndEvents() {
        #expect(StoryPrompts.minutes(for: 30) == 1)
        #expect(StoryPrompts.minutes(for: 600) == 10)
        let request = StoryGenerationRequest(hero: luna, event: .rainyDay, targetDuration: 420, language: "German")
        #expect(StoryPrompts.prompt(for: request).contains("Ungefähr 1050 Wörter"))
        for language in SupportedLanguage.allCases {
            let texts = Set(StoryEvent.allCases.map { $0.promptText(language: language.rawValue) })
            #expect(texts.count == StoryEvent.allCases.count)
        }
        #expect(StoryEvent.rainyDay.promptText(language: "French") != StoryEvent.rainyDay.promptText(language: "English"))
    }

    @Test("a story for a known child: their ages, a vocabulary line for their age band and what never to mention, in every language")
    func audience() {
        let audience = StoryAudience(ageRange: .toddler, avoid: ["spiders", " ", "the dark"])
        let lines: [String: (ages: String, vocabulary: String, avoid: String)] = [
            "English": ("aged 2-4", "Very short sentences", "Never mention or show: spiders, the dark"),
            "Spanish": ("de 2 a 4 años", "Frases muy cortas", "No menciones ni muestres nunca: spiders, the dark"),
            "French": ("de 2 à 4 ans", "Des phrases très courtes", "Ne jamais mentionner ni montrer : spiders, the dark"),
            "German": ("von 2 bis 4 Jahren", "Sehr kurze Sätze", "Niemals erwähnen oder zeigen: spiders, the dark"),
            "Italian": ("dai 2 ai 4 anni", "Frasi brevissime", "Non menzionare né mostrare mai: spiders, the dark"),
        ]
        for language in SupportedLanguage.allCases {
            let expected = lines[language.rawValue]!
            let prompt = StoryPrompts.prompt(for: StoryGenerationRequest(
                hero: luna, event: .bedtime, targetDuration: 180, language: language.rawValue, audience: audience))
            #expect(prompt.contains(expected.ages), "\(language)")
            #expect(prompt.contains(expected.vocabulary), "\(language)")
            #expect(prompt.contains(expected.avoid), "\(language)")
            let custom = StoryPrompts.prompt(for: CustomStoryGenerationRequest(
                hero: luna, customEvent: CustomStoryEvent(title: "Zoo", description: "A day at the zoo", ageRange: .elementary),
                targetDuration: 180, language: language.rawValue, audience: audience))
            #expect(custom.contains(expected.ages) && custom.contains(expected.avoid), "the child's age band wins: \(language)")
        }
        // Without an audience the prompt is the InfiniteStories app's, unchanged.
        let plain = StoryPrompts.prompt(for: StoryGenerationRequest(hero: luna, event: .bedtime, targetDuration: 180))
        #expect(plain.contains("Appropriate for children aged 4-10") && !plain.contains("Never mention"))
    }

    @Test("the seed's languageCodeToSupported")
    func languageCodes() {
        #expect(languageCodeToSupported("es") == "Spanish")
        #expect(languageCodeToSupported("fr-CA") == "French")
        #expect(SupportedLanguage.languageCodeToSupported("de_AT") == "German")
        #expect(languageCodeToSupported("it") == "Italian")
        #expect(languageCodeToSupported("ja") == "English")
        #expect(SupportedLanguage(name: "spanish") == .spanish)
    }
}
