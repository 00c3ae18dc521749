import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// `hero add/list/show/remove`.
struct HeroCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hero", abstract: "Add, list, show and remove heroes.",
        subcommands: [Add.self, List.self, Show.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a hero (and generate an avatar with --avatar).")

        @Argument(help: "The hero's name.") var name: String
        @Option(name: .customLong("trait"), help: "A character trait (repeat for more).") var traits: [String] = []
        @Option(help: "What the hero looks like.") var appearance = ""
        @Option(name: .customLong("ability"), help: "The hero's special ability.") var specialAbility = ""
        @Flag(help: "Generate an avatar picture for the hero.") var avatar = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let hero = Hero(
                    name: name.trimmingCharacters(in: .whitespacesAndNewlines), traits: traits, appearance: appearance,
                    specialAbility: specialAbility)
                guard !hero.name.isEmpty else { throw CLIError.invalidArgument("A hero needs a name.") }
                let stored: StoredHero
                let library: StoryLibrary
                if avatar {
                    (stored, library) = try await options.withAI { context in
                        if try await context.library.hero(named: hero.name) != nil {
                            throw StoryLibraryError.duplicateHero(hero.name)
                        }
                        note("Drawing \(hero.name)'s avatar…")
                        let picture = try await context.stories.generateAvatar(
                            request: AvatarGenerationRequest(hero: hero, prompt: heroAvatarPrompt(hero)))
                        return (try await context.library.addHero(hero, avatar: picture), context.library)
                    }
                } else {
                    library = try options.openLibrary()
                    stored = try await library.addHero(hero)
                }
                out("Added \(stored.name).")
                if let file = stored.avatarFile { out("Avatar: \(library.url(forFile: file).path)") }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the heroes.")

        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let library = try options.openLibrary()
                let heroes = try await library.heroes()
                if json { return try printJSON(heroes.map { HeroJSON(hero: $0, library: library) }) }
                if heroes.isEmpty { return out("No heroes yet. Add one with `infinite-stories hero add NAME`.") }
                for hero in heroes {
                    let traits = hero.hero.traits.isEmpty ? "" : " — \(hero.hero.traits.joined(separator: ", "))"
                    out("\(hero.name)\(traits)\(hero.avatarFile == nil ? "" : " [avatar]")")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a hero.")

        @Argument(help: "The hero's name.") var name: String
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                let library = try options.openLibrary()
                guard let stored = try await library.hero(named: name) else { throw StoryLibraryError.heroNotFound(name) }
                let stories = try await library.stories(heroID: stored.id)
                if json { return try printJSON(HeroJSON(hero: stored, library: library, storyCount: stories.count)) }
                let hero = stored.hero
                out(hero.name)
                if !hero.traits.isEmpty { out("Traits:     \(hero.traits.joined(separator: ", "))") }
                if !hero.appearance.isEmpty { out("Appearance: \(hero.appearance)") }
                if !hero.specialAbility.isEmpty { out("Ability:    \(hero.specialAbility)") }
                if let file = stored.avatarFile { out("Avatar:     \(library.url(forFile: file).path)") }
                out("Stories:    \(stories.count)")
                for story in stories { out("  \(story.id.shortID)  \(story.title)") }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a hero and its avatar (its stories stay in the library).")

        @Argument(help: "The hero's name.") var name: String
        @OptionGroup var options: CommonOptions

        func run() async throws {
            try await runReportingErrors {
                guard try await options.openLibrary().removeHero(named: name) else {
                    throw StoryLibraryError.heroNotFound(name)
                }
                out("Removed \(name).")
            }
        }
    }
}

extension UUID {
    /// The first 8 characters of the id, as lists show it (commands accept any unique prefix).
    var shortID: String { String(uuidString.lowercased().prefix(8)) }
}
