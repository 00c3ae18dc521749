import Foundation

extension PromptLanguage {
    /// The InfiniteStories app's system message and template written in Italian.
    static let italian = PromptLanguage(
        systemMessage: """
            Sei un abile narratore di storie per bambini che crea racconti coinvolgenti e adatti all'età per l'ora della nanna.
            Le tue storie devono essere rilassanti e fantasiose, e aiutare i bambini a sentirsi al sicuro e pronti per dormire.
            Evita elementi spaventosi o conflitti intensi.
            Concentrati su avventure delicate, amicizia e messaggi positivi.
            """ + " Rispondi interamente in italiano.",
        opening: { minutes, hero in "Crea una storia della buonanotte di \(minutes) minuti su \(hero)." },
        traitsHeading: "Tratti del personaggio:",
        defaultTraits: "gentile e curioso",
        appearanceLabel: "Aspetto:",
        specialAbilityLabel: "Abilità speciale:",
        eventLabel: "Evento della storia:",
        storyIdeaLabel: "Idea per la storia:",
        requirementsHeading: "Requisiti:",
        baseRequirements: [
            "Deve essere rilassante e favorire il sonno",
            "Includi elementi dei tratti del personaggio",
            "Incentrata sull'evento indicato",
        ],
        // "dagli" before a number read with a vowel (8, 11), "dai" otherwise.
        ageRequirement: { from, to in "Adatta a bambini \(from == 8 || from == 11 ? "dagli" : "dai") \(from) ai \(to) anni" },
        toneRequirement: { tone in "Tono: \(tone)" },
        keywordsRequirement: { words in "Includi queste parole: \(words)" },
        lengthRequirement: { words in "Circa \(words) parole" },
        vocabularyRequirement: { ages in
            switch ages {
            case .toddler: "Frasi brevissime e le parole più semplici, con una frase dolce che si ripete"
            case .preschool: "Frasi brevi e parole semplici e familiari"
            case .earlyElementary: "Frasi semplici e qualche parola nuova che la storia rende chiara"
            case .elementary: "Parole più ricche e frasi più lunghe, sempre tranquille"
            }
        },
        avoidRequirement: { things in "Non menzionare né mostrare mai: \(things)" },
        formatHeading: "Formatta la risposta così:",
        titlePlaceholder: "[Titolo della storia]",
        contentPlaceholder: "[Contenuto della storia...]",
        toneNames: [
            .gentle: "delicato", .playful: "giocoso", .adventurous: "avventuroso", .educational: "educativo",
            .magical: "magico", .funny: "divertente",
        ])
}
