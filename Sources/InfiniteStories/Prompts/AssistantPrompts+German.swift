import Foundation

extension AssistantPrompts {
    /// The assistant's prompts written in German.
    static let german = AssistantPrompts(
        systemMessage: "Du hilfst Eltern, Anlässe für Gutenachtgeschichten für Kinder zu erfinden. Halte alles sanft, "
            + "positiv und für kleine Kinder geeignet. Antworte immer auf Deutsch.",
        title: { description in
            """
            Erfinde einen kurzen, einprägsamen Titel (höchstens sechs Wörter) auf Deutsch für den Anlass einer Gutenachtgeschichte für Kinder, der so beschrieben ist:
            \(description)

            Antworte nur mit dem Titel.
            """
        },
        promptSeed: { title, description, category, ages, tone in
            """
            Erstelle eine ausgearbeitete Geschichtenidee für Gutenachtgeschichten für Kinder.

            Titel des Anlasses: \(title)
            Beschreibung: \(description)
            Kategorie: \(category)
            Alter: \(ages)
            Ton: \(tone)

            Schreibe auf Deutsch einen einzigen Satz, der:
            1. den Kern des Anlasses trifft
            2. für Kinder von \(ages) passt
            3. zum Ton „\(tone)“ passt
            4. Fantasie und Staunen weckt
            5. sich für eine Gutenachtgeschichte eignet
            """
        },
        keywords: { event, description in
            """
            Nenne 5 bis 8 Stichwörter auf Deutsch für den Anlass einer Gutenachtgeschichte für Kinder.

            Anlass: \(event)
            Beschreibung: \(description)

            Antworte mit den Stichwörtern als kommagetrennte Liste.
            """
        },
        similarEvents: { description in
            """
            Schlage 3 bis 5 andere Anlässe für Gutenachtgeschichten für Kinder vor, die diesem ähneln:
            \(description)

            Antworte auf Deutsch mit einem kurzen Titel pro Zeile.
            """
        },
        categoryNames: [
            .adventure: "Abenteuer", .friendship: "Freundschaft", .learning: "Lernen", .family: "Familie",
            .nature: "Natur", .fantasy: "Fantasie", .everyday: "Alltag", .celebration: "Feier",
        ],
        ages: { "\($0.span) Jahren" },
        toneNames: PromptLanguage.german.toneNames)
}
