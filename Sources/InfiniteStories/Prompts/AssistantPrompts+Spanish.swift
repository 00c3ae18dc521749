import Foundation

extension AssistantPrompts {
    /// The assistant's prompts written in Spanish.
    static let spanish = AssistantPrompts(
        systemMessage: "Ayudas a madres y padres a crear ocasiones para cuentos infantiles para dormir. Mantén todo "
            + "tierno, positivo y adecuado para niños pequeños. Responde siempre en español.",
        title: { description in
            """
            Crea un título corto y atractivo (seis palabras como máximo) en español para la ocasión de un cuento infantil para dormir descrita así:
            \(description)

            Responde solo con el título.
            """
        },
        promptSeed: { title, description, category, ages, tone in
            """
            Crea una idea inicial mejorada para cuentos infantiles para dormir.

            Título de la ocasión: \(title)
            Descripción: \(description)
            Categoría: \(category)
            Edad: \(ages)
            Tono: \(tone)

            Escribe en español una sola frase que:
            1. Capte la esencia de la ocasión
            2. Sea adecuada para niños de \(ages)
            3. Tenga un tono \(tone)
            4. Despierte la imaginación y el asombro
            5. Sea apropiada para un cuento para dormir
            """
        },
        keywords: { event, description in
            """
            Genera de 5 a 8 palabras clave en español para la ocasión de un cuento infantil para dormir.

            Ocasión: \(event)
            Descripción: \(description)

            Responde con las palabras clave separadas por comas.
            """
        },
        similarEvents: { description in
            """
            Sugiere de 3 a 5 ocasiones para cuentos infantiles para dormir parecidas a esta:
            \(description)

            Responde en español con un título corto por línea.
            """
        },
        categoryNames: [
            .adventure: "Aventura", .friendship: "Amistad", .learning: "Aprendizaje", .family: "Familia",
            .nature: "Naturaleza", .fantasy: "Fantasía", .everyday: "Día a día", .celebration: "Celebración",
        ],
        ages: { "\($0.span) años" },
        toneNames: PromptLanguage.spanish.toneNames)
}
