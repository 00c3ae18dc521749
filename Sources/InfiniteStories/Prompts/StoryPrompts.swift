import Foundation

/// The system message and user prompt of a story request, in the request's language.
///
/// Public so an app can show (or log) exactly what is sent, and so tests can check it.
public enum StoryPrompts {
    /// The system message for `language` (the InfiniteStories app's text for English; a native version otherwise).
    public static func systemMessage(language: String) -> String {
        PromptLanguage.forLanguage(language).systemMessage
    }

    /// The story length the prompt asks for, in whole minutes (at least one).
    public static func minutes(for targetDuration: TimeInterval) -> Int {
        max(1, Int((targetDuration / 60).rounded()))
    }

    /// The user prompt for a built-in event.
    public static func prompt(for request: StoryGenerationRequest) -> String {
        PromptLanguage.forLanguage(request.language).prompt(
            StoryPromptInput(
                minutes: minutes(for: request.targetDuration), heroName: request.hero.name, traits: request.hero.traits,
                appearance: request.hero.appearance, specialAbility: request.hero.specialAbility,
                event: request.event.promptText(language: request.language), ages: request.audience?.ages ?? (4, 10),
                vocabulary: request.audience?.ageRange, avoid: request.audience?.avoid ?? []))
    }

    /// The user prompt for a custom event: its title and description as the event, its prompt seed as the
    /// story idea, and its age range (the audience's, when the story is for a known child), tone and keywords as
    /// extra requirements.
    public static func prompt(for request: CustomStoryGenerationRequest) -> String {
        let event = request.customEvent
        let title = event.title.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = event.description.trimmingCharacters(in: .whitespacesAndNewlines)
        let eventText = [title, description].filter { !$0.isEmpty }.joined(separator: ": ")
        let bounds = event.ageRange.span.split(separator: "-").compactMap { Int($0) }
        return PromptLanguage.forLanguage(request.language).prompt(
            StoryPromptInput(
                minutes: minutes(for: request.targetDuration), heroName: request.hero.name, traits: request.hero.traits,
                appearance: request.hero.appearance, specialAbility: request.hero.specialAbility, event: eventText,
                storyIdea: event.promptSeed.trimmingCharacters(in: .whitespacesAndNewlines),
                ages: request.audience?.ages ?? (bounds.count == 2 ? (bounds[0], bounds[1]) : (4, 10)), tone: event.tone,
                keywords: event.keywords, vocabulary: request.audience?.ageRange, avoid: request.audience?.avoid ?? []))
    }
}
