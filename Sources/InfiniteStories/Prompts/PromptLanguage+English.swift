import Foundation

extension PromptLanguage {
    /// The InfiniteStories app's English system message and template, word for word.
    static let english = PromptLanguage(
        systemMessage: """
            You are a skilled children's storyteller who creates engaging, age-appropriate stories for bedtime.
            Your stories should be calming, imaginative, and help children feel safe and ready for sleep.
            Avoid scary elements or intense conflict.
            Focus on gentle adventures, friendship, and positive messages.
            """ + " Please respond entirely in English.",
        opening: { minutes, hero in "Create a \(minutes)-minute bedtime story about \(hero)." },
        traitsHeading: "Character traits:",
        defaultTraits: "kind and curious",
        appearanceLabel: "Appearance:",
        specialAbilityLabel: "Special ability:",
        eventLabel: "Story event:",
        storyIdeaLabel: "Story idea:",
        requirementsHeading: "Requirements:",
        baseRequirements: [
            "Should be calming and sleep-inducing",
            "Include elements from the character traits",
            "Centered around the mentioned event",
        ],
        ageRequirement: { from, to in "Appropriate for children aged \(from)-\(to)" },
        toneRequirement: { tone in "Tone: \(tone)" },
        keywordsRequirement: { words in "Weave in these words: \(words)" },
        lengthRequirement: { words in "Approximately \(words) words" },
        vocabularyRequirement: { ages in
            switch ages {
            case .toddler: "Very short sentences and the simplest words, with a gentle phrase that repeats"
            case .preschool: "Short sentences and simple, familiar words"
            case .earlyElementary: "Simple sentences, and a few new words the story makes clear"
            case .elementary: "Richer words and longer sentences, still calm"
            }
        },
        avoidRequirement: { things in "Never mention or show: \(things)" },
        formatHeading: "Format your response as:",
        titlePlaceholder: "[Story Title]",
        contentPlaceholder: "[Story content...]",
        toneNames: [
            .gentle: "gentle", .playful: "playful", .adventurous: "adventurous", .educational: "educational",
            .magical: "magical", .funny: "funny",
        ])
}
