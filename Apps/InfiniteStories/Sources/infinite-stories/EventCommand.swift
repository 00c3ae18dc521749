import ArgumentParser
import Foundation
import InfiniteStories

/// `event suggest/enhance/keywords`: the custom event assistant.
struct EventCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event", abstract: "Get help writing custom story events.",
        subcommands: [Suggest.self, Enhance.self, Keywords.self])

    struct Suggest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Suggest events similar to a description.")

        @Argument(help: "What the event is about.") var description: String
        @Option(help: "The story's language: English, Spanish, French, German or Italian (or Español, Deutsch, …, or es, fr, …). Default: the system language.")
        var language: String?
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let language = try language.map(ArgumentParsing.language) ?? ArgumentParsing.systemLanguage
                let suggestions = try await options.withAI { context in
                    await context.assistant.suggestSimilarEvents(to: description, language: language)
                }
                guard !suggestions.isEmpty else { throw CLIError.nothingFromAssistant("suggestions") }
                for suggestion in suggestions { out("- \(suggestion)") }
            }
        }
    }

    struct Enhance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn an event description into a one-sentence story prompt seed (and a title when none is given).")

        @Argument(help: "What the event is about.") var description: String
        @Option(help: "The event's title (generated when missing).") var title: String?
        @Option(help: "One of: \(EventCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
        var category: EventCategory = .adventure
        @Option(help: "One of: \(AgeRange.allCases.map(\.rawValue).joined(separator: ", ")).")
        var age: AgeRange = .preschool
        @Option(help: "One of: \(StoryTone.allCases.map(\.rawValue).joined(separator: ", ")).")
        var tone: StoryTone = .gentle
        @Option(help: "The story's language: English, Spanish, French, German or Italian (or Español, Deutsch, …, or es, fr, …). Default: the system language.")
        var language: String?
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let language = try language.map(ArgumentParsing.language) ?? ArgumentParsing.systemLanguage
                let given = title
                let (title, seed): (String, String) = try await options.withAI { context in
                    let assistant = context.assistant
                    var title = given
                    if title == nil { title = await assistant.generateTitle(from: description, language: language) }
                    guard let title else { throw CLIError.nothingFromAssistant("title") }
                    let seed = await assistant.enhancePromptSeed(
                        title: title, description: description, category: category, ageRange: age, tone: tone,
                        language: language)
                    return (title, seed)
                }
                guard !seed.isEmpty else { throw CLIError.nothingFromAssistant("prompt seed") }
                out("Title: \(title)")
                out("Prompt seed: \(seed)")
            }
        }
    }

    struct Keywords: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Generate keywords for an event.")

        @Argument(help: "The event's title.") var event: String
        @Option(help: "What the event is about.") var description = ""
        @Option(help: "The story's language: English, Spanish, French, German or Italian (or Español, Deutsch, …, or es, fr, …). Default: the system language.")
        var language: String?
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let language = try language.map(ArgumentParsing.language) ?? ArgumentParsing.systemLanguage
                let keywords = try await options.withAI { context in
                    await context.assistant.generateKeywords(for: event, description: description, language: language)
                }
                guard !keywords.isEmpty else { throw CLIError.nothingFromAssistant("keywords") }
                out(keywords.joined(separator: ", "))
            }
        }
    }
}

extension EventCategory: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(argument) == .orderedSame })
        else { return nil }
        self = match
    }
}

extension AgeRange: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        let wanted = argument.replacingOccurrences(of: " ", with: "").lowercased()
        guard let match = Self.allCases.first(where: {
            $0.rawValue.replacingOccurrences(of: " ", with: "").lowercased() == wanted
                || String(describing: $0).lowercased() == wanted
        }) else { return nil }
        self = match
    }
}

extension StoryTone: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(argument) == .orderedSame })
        else { return nil }
        self = match
    }
}
