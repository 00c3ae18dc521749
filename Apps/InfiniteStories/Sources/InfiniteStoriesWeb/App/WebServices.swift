import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// What the web app works with: the library, and a fresh story service per generation (so each job's usage is
/// recorded once).
public struct WebServices: Sendable {
    let library: StoryLibrary
    let makeStoryService: @Sendable () -> InfiniteStories.OpenAIService
    /// Where the Settings page saves the OpenAI key (the CLI's `key set` storage).
    let keyStorage: KeychainHelper
    /// The environment the key may come from (`OPENAI_API_KEY` wins over the saved key).
    let environment: [String: String]
    /// True with `--sandbox`: the key is not used.
    let sandbox: Bool
    /// The custom event assistant, counting its usage with the given story service's; nil hides its buttons.
    let makeAssistant: (@Sendable (InfiniteStories.OpenAIService) -> CustomEventAIAssistant)?

    public init(
        library: StoryLibrary, keyStorage: KeychainHelper = .shared,
        environment: [String: String] = ProcessInfo.processInfo.environment, sandbox: Bool = false,
        makeAssistant: (@Sendable (InfiniteStories.OpenAIService) -> CustomEventAIAssistant)? = nil,
        makeStoryService: @escaping @Sendable () -> InfiniteStories.OpenAIService
    ) {
        self.makeAssistant = makeAssistant
        self.library = library
        self.makeStoryService = makeStoryService
        self.keyStorage = keyStorage
        self.environment = environment
        self.sandbox = sandbox
    }
}
