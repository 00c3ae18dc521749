import Foundation

extension PromptLanguage {
    /// The InfiniteStories app's system message and template written in French.
    static let french = PromptLanguage(
        systemMessage: """
            Vous êtes un conteur talentueux qui crée pour les enfants des histoires captivantes et adaptées à leur âge pour l'heure du coucher.
            Vos histoires doivent être apaisantes et pleines d'imagination, et aider les enfants à se sentir en sécurité et prêts à dormir.
            Évitez les éléments effrayants et les conflits intenses.
            Privilégiez les aventures douces, l'amitié et les messages positifs.
            """ + " Répondez entièrement en français.",
        opening: { minutes, hero in "Créez une histoire pour dormir de \(minutes) minutes sur \(hero)." },
        traitsHeading: "Traits de caractère :",
        defaultTraits: "gentil et curieux",
        appearanceLabel: "Apparence :",
        specialAbilityLabel: "Pouvoir spécial :",
        eventLabel: "Événement de l'histoire :",
        storyIdeaLabel: "Idée de l'histoire :",
        requirementsHeading: "Exigences :",
        baseRequirements: [
            "Être apaisante et favoriser le sommeil",
            "Intégrer des éléments des traits de caractère",
            "Être centrée sur l'événement mentionné",
        ],
        ageRequirement: { from, to in "Convenir aux enfants de \(from) à \(to) ans" },
        toneRequirement: { tone in "Ton : \(tone)" },
        keywordsRequirement: { words in "Intégrer ces mots : \(words)" },
        lengthRequirement: { words in "Environ \(words) mots" },
        vocabularyRequirement: { ages in
            switch ages {
            case .toddler: "Des phrases très courtes et les mots les plus simples, avec une phrase douce qui revient"
            case .preschool: "Des phrases courtes et des mots simples et familiers"
            case .earlyElementary: "Des phrases simples et quelques mots nouveaux que l'histoire rend clairs"
            case .elementary: "Un vocabulaire plus riche et des phrases plus longues, toujours calmes"
            }
        },
        avoidRequirement: { things in "Ne jamais mentionner ni montrer : \(things)" },
        formatHeading: "Présentez votre réponse ainsi :",
        titlePlaceholder: "[Titre de l'histoire]",
        contentPlaceholder: "[Contenu de l'histoire...]",
        toneNames: [
            .gentle: "doux", .playful: "espiègle", .adventurous: "aventureux", .educational: "éducatif",
            .magical: "magique", .funny: "drôle",
        ])
}
