import ArgumentParser

/// `infinite-stories`: bedtime stories about your child's hero, written, narrated and illustrated by OpenAI and
/// kept in a story library on disk.
@main
struct InfiniteStoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infinite-stories",
        abstract: "Write, narrate and illustrate bedtime stories about your child's hero, and keep them in a library.",
        discussion: """
            Every command takes --sandbox, which runs everything offline against the embedded AISandbox (no key, \
            no cost), and --library PATH, the library folder. Without --sandbox the OpenAI API key comes from \
            OPENAI_API_KEY or from `infinite-stories key set`.
            """,
        subcommands: [
            HeroCommand.self, ChildCommand.self, EventCommand.self, StoryCommand.self, LibraryCommand.self, UsageCommand.self,
            KeyCommand.self, ServeCommand.self,
        ])
}
