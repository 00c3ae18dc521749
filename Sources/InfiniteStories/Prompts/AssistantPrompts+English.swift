import Foundation

extension AssistantPrompts {
    /// The InfiniteStories app's English prompts, each saying that the answer is in English.
    static let english = AssistantPrompts(
        systemMessage: "You help parents create events for children's bedtime stories. Keep everything gentle, positive "
            + "and suitable for young children. Always answer in English.",
        title: { description in
            """
            Create a short, catchy title (at most six words) in English for a children's bedtime story event described as:
            \(description)

            Respond with the title only.
            """
        },
        promptSeed: { title, description, category, ages, tone in
            """
            Create an enhanced story prompt seed for children's bedtime stories.

            Event Title: \(title)
            Description: \(description)
            Category: \(category)
            Age Range: \(ages)
            Tone: \(tone)

            Generate a one-sentence prompt seed in English that:
            1. Captures the essence of the event
            2. Is appropriate for \(ages)
            3. Matches the \(tone) tone
            4. Sparks imagination and wonder
            5. Is suitable for bedtime stories
            """
        },
        keywords: { event, description in
            """
            Generate 5-8 keywords in English for a children's bedtime story event.

            Event: \(event)
            Description: \(description)

            Respond with the keywords as a comma-separated list.
            """
        },
        similarEvents: { description in
            """
            Suggest 3 to 5 other children's bedtime story events similar to this one:
            \(description)

            Respond in English with one short event title per line.
            """
        },
        categoryNames: Dictionary(uniqueKeysWithValues: EventCategory.allCases.map { ($0, $0.rawValue) }),
        ages: { $0.rawValue },
        toneNames: Dictionary(uniqueKeysWithValues: StoryTone.allCases.map { ($0, $0.rawValue) }))
}
