import Foundation

/// What the custom event assistant asks, in one language: its system message and its four prompts.
///
/// Written natively in each story language, like ``PromptLanguage``, and each prompt also names the language
/// of the answer: a title, prompt seed or keyword list in English would otherwise land in a Spanish story's
/// prompt (the parent's description alone does not make a model answer in its language).
struct AssistantPrompts: Sendable {
    /// The system message, ending with "always answer in …" in that language.
    let systemMessage: String
    let title: @Sendable (_ description: String) -> String
    let promptSeed: @Sendable (_ title: String, _ description: String, _ category: String, _ ages: String, _ tone: String) -> String
    let keywords: @Sendable (_ event: String, _ description: String) -> String
    let similarEvents: @Sendable (_ description: String) -> String
    let categoryNames: [EventCategory: String]
    /// An age range in words: "2-4 years", "2-4 años".
    let ages: @Sendable (_ range: AgeRange) -> String
    let toneNames: [StoryTone: String]

    static func forLanguage(_ language: String) -> AssistantPrompts {
        switch SupportedLanguage(name: language) {
        case .english: .english
        case .spanish: .spanish
        case .french: .french
        case .german: .german
        case .italian: .italian
        }
    }

    /// The prompt-seed prompt with the category, ages and tone named in this language.
    func promptSeed(title: String, description: String, category: EventCategory, ageRange: AgeRange, tone: StoryTone) -> String {
        promptSeed(
            title, description, categoryNames[category] ?? category.rawValue, ages(ageRange), toneNames[tone] ?? tone.rawValue)
    }
}
