import Foundation

extension PromptLanguage {
    /// The InfiniteStories app's system message and template written in Spanish.
    static let spanish = PromptLanguage(
        systemMessage: """
            Eres un narrador experto de cuentos infantiles que crea historias atractivas y adecuadas a cada edad para la hora de dormir.
            Tus cuentos deben ser tranquilos e imaginativos, y ayudar a los niños a sentirse seguros y listos para dormir.
            Evita los elementos que den miedo y los conflictos intensos.
            Céntrate en aventuras suaves, la amistad y los mensajes positivos.
            """ + " Responde completamente en español.",
        opening: { minutes, hero in "Crea un cuento para dormir de \(minutes) minutos sobre \(hero)." },
        traitsHeading: "Rasgos del personaje:",
        defaultTraits: "amable y curioso",
        appearanceLabel: "Apariencia:",
        specialAbilityLabel: "Habilidad especial:",
        eventLabel: "Acontecimiento del cuento:",
        storyIdeaLabel: "Idea para el cuento:",
        requirementsHeading: "Requisitos:",
        baseRequirements: [
            "Debe ser tranquilo y ayudar a conciliar el sueño",
            "Incluye elementos de los rasgos del personaje",
            "Centrado en el acontecimiento mencionado",
        ],
        ageRequirement: { from, to in "Adecuado para niños de \(from) a \(to) años" },
        toneRequirement: { tone in "Tono: \(tone)" },
        keywordsRequirement: { words in "Incluye estas palabras: \(words)" },
        lengthRequirement: { words in "Aproximadamente \(words) palabras" },
        vocabularyRequirement: { ages in
            switch ages {
            case .toddler: "Frases muy cortas y las palabras más sencillas, con una frase suave que se repite"
            case .preschool: "Frases cortas y palabras sencillas y conocidas"
            case .earlyElementary: "Frases sencillas y algunas palabras nuevas que el cuento deja claras"
            case .elementary: "Palabras más ricas y frases más largas, siempre con calma"
            }
        },
        avoidRequirement: { things in "No menciones ni muestres nunca: \(things)" },
        formatHeading: "Da formato a tu respuesta así:",
        titlePlaceholder: "[Título del cuento]",
        contentPlaceholder: "[Contenido del cuento...]",
        toneNames: [
            .gentle: "tierno", .playful: "juguetón", .adventurous: "aventurero", .educational: "educativo",
            .magical: "mágico", .funny: "divertido",
        ])
}
