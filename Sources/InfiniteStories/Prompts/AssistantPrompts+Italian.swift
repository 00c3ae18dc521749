import Foundation

extension AssistantPrompts {
    /// The assistant's prompts written in Italian.
    static let italian = AssistantPrompts(
        systemMessage: "Aiuti i genitori a creare occasioni per le storie della buonanotte per bambini. Mantieni tutto "
            + "dolce, positivo e adatto ai bambini piccoli. Rispondi sempre in italiano.",
        title: { description in
            """
            Crea un titolo breve e accattivante (al massimo sei parole) in italiano per l'occasione di una storia della buonanotte per bambini descritta così:
            \(description)

            Rispondi solo con il titolo.
            """
        },
        promptSeed: { title, description, category, ages, tone in
            """
            Crea uno spunto arricchito per le storie della buonanotte per bambini.

            Titolo dell'occasione: \(title)
            Descrizione: \(description)
            Categoria: \(category)
            Età: \(ages)
            Tono: \(tone)

            Scrivi in italiano una sola frase che:
            1. Colga l'essenza dell'occasione
            2. Sia adatta a bambini di \(ages)
            3. Abbia un tono \(tone)
            4. Susciti immaginazione e meraviglia
            5. Sia adatta a una storia della buonanotte
            """
        },
        keywords: { event, description in
            """
            Genera da 5 a 8 parole chiave in italiano per l'occasione di una storia della buonanotte per bambini.

            Occasione: \(event)
            Descrizione: \(description)

            Rispondi con le parole chiave separate da virgole.
            """
        },
        similarEvents: { description in
            """
            Suggerisci da 3 a 5 altre occasioni per storie della buonanotte per bambini simili a questa:
            \(description)

            Rispondi in italiano con un titolo breve per riga.
            """
        },
        categoryNames: [
            .adventure: "Avventura", .friendship: "Amicizia", .learning: "Apprendimento", .family: "Famiglia",
            .nature: "Natura", .fantasy: "Fantasia", .everyday: "Vita quotidiana", .celebration: "Festa",
        ],
        ages: { "\($0.span) anni" },
        toneNames: PromptLanguage.italian.toneNames)
}
