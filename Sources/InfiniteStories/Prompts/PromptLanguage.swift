import Foundation

/// Everything a story prompt says, in one language: the system message, the template's wording and the
/// labels of the optional parts (appearance, special ability, custom events).
///
/// Each language is written natively (see `PromptLanguage+English.swift` and its siblings) rather than an
/// English prompt with "respond in X" appended, so the model reads the whole request in the story's language.
struct PromptLanguage: Sendable {
    /// The system message, ending with the InfiniteStories app's "respond entirely in …" instruction in that language.
    let systemMessage: String
    /// The first line: "Create a 5-minute bedtime story about Luna."
    let opening: @Sendable (_ minutes: Int, _ hero: String) -> String
    let traitsHeading: String
    /// Used when the hero has no traits, appearance or ability.
    let defaultTraits: String
    let appearanceLabel: String
    let specialAbilityLabel: String
    let eventLabel: String
    let storyIdeaLabel: String
    let requirementsHeading: String
    /// The InfiniteStories app's first three requirements (calming, traits, event).
    let baseRequirements: [String]
    let ageRequirement: @Sendable (_ from: Int, _ to: Int) -> String
    let toneRequirement: @Sendable (_ tone: String) -> String
    let keywordsRequirement: @Sendable (_ words: String) -> String
    let lengthRequirement: @Sendable (_ words: Int) -> String
    /// How the story speaks to a child of an age band: sentence length and vocabulary.
    let vocabularyRequirement: @Sendable (_ ages: AgeRange) -> String
    /// "Never mention or show: …", the parent's list.
    let avoidRequirement: @Sendable (_ things: String) -> String
    let formatHeading: String
    let titlePlaceholder: String
    let contentPlaceholder: String
    let toneNames: [StoryTone: String]

    static func forLanguage(_ language: String) -> PromptLanguage {
        switch SupportedLanguage(name: language) {
        case .english: .english
        case .spanish: .spanish
        case .french: .french
        case .german: .german
        case .italian: .italian
        }
    }

    /// The full user prompt.
    func prompt(_ input: StoryPromptInput) -> String {
        var traitLines: [String] = []
        let traits = input.traits.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if !traits.isEmpty { traitLines.append(traits.joined(separator: ", ")) }
        if !input.appearance.isEmpty { traitLines.append("\(appearanceLabel) \(input.appearance)") }
        if !input.specialAbility.isEmpty { traitLines.append("\(specialAbilityLabel) \(input.specialAbility)") }
        if traitLines.isEmpty { traitLines.append(defaultTraits) }

        var event = input.event
        if let idea = input.storyIdea, !idea.isEmpty { event += "\n\(storyIdeaLabel) \(idea)" }

        var requirements = baseRequirements
        requirements.append(ageRequirement(input.ages.from, input.ages.to))
        if let band = input.vocabulary { requirements.append(vocabularyRequirement(band)) }
        if let tone = input.tone { requirements.append(toneRequirement(toneNames[tone] ?? tone.rawValue)) }
        let keywords = input.keywords.filter { !$0.isEmpty }
        if !keywords.isEmpty { requirements.append(keywordsRequirement(keywords.joined(separator: ", "))) }
        requirements.append(lengthRequirement(input.minutes * 150))
        let avoid = input.avoid.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if !avoid.isEmpty { requirements.append(avoidRequirement(avoid.joined(separator: ", "))) }

        return """
            \(opening(input.minutes, input.heroName))

            \(traitsHeading)
            \(traitLines.joined(separator: "\n"))

            \(eventLabel) \(event)

            \(requirementsHeading)
            \(requirements.map { "- " + $0 }.joined(separator: "\n"))

            \(formatHeading)
            \(titlePlaceholder)

            \(contentPlaceholder)
            """
    }
}

/// The parts of a story prompt, gathered from a built-in or custom request.
struct StoryPromptInput: Sendable {
    var minutes: Int
    var heroName: String
    var traits: [String]
    var appearance: String
    var specialAbility: String
    var event: String
    var storyIdea: String?
    var ages: (from: Int, to: Int) = (4, 10)
    var tone: StoryTone?
    var keywords: [String] = []
    /// The child's age band, when the story is for a known child.
    var vocabulary: AgeRange?
    var avoid: [String] = []
}
