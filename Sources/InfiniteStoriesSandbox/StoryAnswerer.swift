import AISandbox

/// The story app's answers in the sandbox: a chat request that asks for a story gets one (see ``StoryWriter``), in
/// the prompt's language and about as long as asked, so the app, its tests and `swiftai demo` run offline end to
/// end. Other chats get the sandbox's usual answers.
///
/// The sandbox itself knows no app: whoever starts a sandbox for the story app registers this answerer, and the
/// words it recognizes (``StoryPhrases``) live beside the app's prompts, not in the SDK's test server.
///
/// ```swift
/// try await Sandbox.withRunning(answerer: .stories) { sandbox in … }
/// ```
public struct StoryAnswerer: SandboxAnswerer {
    public init() {}

    /// A story when the request asks for one, with the prompt tokens a model would count; else nil.
    public func answer(_ request: SandboxChatRequest) -> SandboxAnswer? {
        guard let story = StoryWriter.storyRequest(in: request.messages) else { return nil }
        let reply = StoryWriter.story(system: story.system, user: story.user, maxTokens: request.maxTokens)
        // A model's count: about 4/3 tokens a word, plus a few per message for the chat format.
        let promptTokens = request.messages.reduce(3) {
            $0 + 4 + StoryWriter.tokens(forWords: StoryWriter.wordCount($1.text))
        }
        return SandboxAnswer(
            text: reply.text, finishReason: reply.finishReason, completionTokens: reply.completionTokens,
            promptTokens: promptTokens)
    }
}

extension SandboxAnswerer where Self == StoryAnswerer {
    /// Stories for story requests (see ``StoryAnswerer``).
    public static var stories: StoryAnswerer { StoryAnswerer() }
}
