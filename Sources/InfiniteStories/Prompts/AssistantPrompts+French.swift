import Foundation

extension AssistantPrompts {
    /// The assistant's prompts written in French.
    static let french = AssistantPrompts(
        systemMessage: "Tu aides les parents à créer des événements pour des histoires du soir, lues aux enfants au "
            + "coucher. Garde tout doux, positif et adapté aux jeunes enfants. Réponds toujours en français.",
        title: { description in
            """
            Crée un titre court et accrocheur (six mots au plus) en français pour l'événement d'une histoire du coucher pour enfants décrit ainsi :
            \(description)

            Réponds uniquement par le titre.
            """
        },
        promptSeed: { title, description, category, ages, tone in
            """
            Crée une idée de départ enrichie pour des histoires du coucher pour enfants.

            Titre de l'événement : \(title)
            Description : \(description)
            Catégorie : \(category)
            Âge : \(ages)
            Ton : \(tone)

            Écris en français une seule phrase qui :
            1. Saisit l'essence de l'événement
            2. Convient aux enfants de \(ages)
            3. Respecte le ton \(tone)
            4. Éveille l'imagination et l'émerveillement
            5. Convient à une histoire du coucher
            """
        },
        keywords: { event, description in
            """
            Donne 5 à 8 mots-clés en français pour l'événement d'une histoire du coucher pour enfants.

            Événement : \(event)
            Description : \(description)

            Réponds par les mots-clés séparés par des virgules.
            """
        },
        similarEvents: { description in
            """
            Propose 3 à 5 autres événements d'histoires du coucher pour enfants semblables à celui-ci :
            \(description)

            Réponds en français, un titre court par ligne.
            """
        },
        categoryNames: [
            .adventure: "Aventure", .friendship: "Amitié", .learning: "Apprentissage", .family: "Famille",
            .nature: "Nature", .fantasy: "Merveilleux", .everyday: "Quotidien", .celebration: "Fête",
        ],
        ages: { "\($0.span) ans" },
        toneNames: PromptLanguage.french.toneNames)
}
