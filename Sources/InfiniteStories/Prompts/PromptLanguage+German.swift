import Foundation

extension PromptLanguage {
    /// The InfiniteStories app's system message and template written in German.
    static let german = PromptLanguage(
        systemMessage: """
            Du bist ein erfahrener Geschichtenerzähler, der fesselnde, altersgerechte Gutenachtgeschichten für Kinder erfindet.
            Deine Geschichten sollen beruhigend und fantasievoll sein und Kindern helfen, sich geborgen und bereit zum Einschlafen zu fühlen.
            Vermeide gruselige Elemente und heftige Konflikte.
            Konzentriere dich auf sanfte Abenteuer, Freundschaft und positive Botschaften.
            """ + " Antworte ausschließlich auf Deutsch.",
        opening: { minutes, hero in "Erzähle eine \(minutes)-minütige Gutenachtgeschichte über \(hero)." },
        traitsHeading: "Charaktereigenschaften:",
        defaultTraits: "freundlich und neugierig",
        appearanceLabel: "Aussehen:",
        specialAbilityLabel: "Besondere Fähigkeit:",
        eventLabel: "Anlass der Geschichte:",
        storyIdeaLabel: "Idee für die Geschichte:",
        requirementsHeading: "Anforderungen:",
        baseRequirements: [
            "Beruhigend und schlaffördernd",
            "Elemente der Charaktereigenschaften einbauen",
            "Rund um den genannten Anlass",
        ],
        ageRequirement: { from, to in "Geeignet für Kinder von \(from) bis \(to) Jahren" },
        toneRequirement: { tone in "Tonfall: \(tone)" },
        keywordsRequirement: { words in "Diese Wörter einbauen: \(words)" },
        lengthRequirement: { words in "Ungefähr \(words) Wörter" },
        vocabularyRequirement: { ages in
            switch ages {
            case .toddler: "Sehr kurze Sätze und die einfachsten Wörter, mit einem sanften Satz, der sich wiederholt"
            case .preschool: "Kurze Sätze und einfache, vertraute Wörter"
            case .earlyElementary: "Einfache Sätze und ein paar neue Wörter, die die Geschichte erklärt"
            case .elementary: "Reichere Wörter und längere Sätze, immer ruhig"
            }
        },
        avoidRequirement: { things in "Niemals erwähnen oder zeigen: \(things)" },
        formatHeading: "Formatiere deine Antwort so:",
        titlePlaceholder: "[Titel der Geschichte]",
        contentPlaceholder: "[Inhalt der Geschichte...]",
        toneNames: [
            .gentle: "sanft", .playful: "verspielt", .adventurous: "abenteuerlich", .educational: "lehrreich",
            .magical: "magisch", .funny: "lustig",
        ])
}
