/// OpenAI's model ids at the top level: `Model.gpt41106Preview.rawValue`.
///
/// The same type as ``ChatCompletionParameters/Model``: its cases are chat models, `.custom(_:)` takes any id
/// (an Azure deployment, a fine-tune, another provider's model), and `rawValue` (or `value`) is the id sent on
/// the wire. `Model.dalle2` and `Model.dalle3` name image models for code that passes ids as strings.
///
/// ```swift
/// let parameters = AssistantParameters(action: .create(model: Model.gpt41106Preview.rawValue), name: "Math tutor")
/// ```
public typealias Model = ChatCompletionParameters.Model

/// ``Model`` under a name no other module uses: write `OpenAIModel` in a file that also imports
/// SwiftAnthropic, whose `Model` names Claude models.
///
/// ```swift
/// import SwiftAnthropic
/// import SwiftOpenAI
///
/// let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Hi"))], model: OpenAIModel.gpt4o)
/// ```
public typealias OpenAIModel = ChatCompletionParameters.Model

// Today's model ids (any other id still works as `.custom("…")` or a string literal).
extension ChatCompletionParameters.Model {
    public static let gpt5Pro = Model.custom("gpt-5-pro")
    public static let gpt5Codex = Model.custom("gpt-5-codex")
    public static let gpt5ChatLatest = Model.custom("gpt-5-chat-latest")
    public static let gpt51 = Model.custom("gpt-5.1")
    public static let gpt51Mini = Model.custom("gpt-5.1-mini")
    public static let gpt51Codex = Model.custom("gpt-5.1-codex")
    public static let gpt51CodexMax = Model.custom("gpt-5.1-codex-max")
    public static let gpt51ChatLatest = Model.custom("gpt-5.1-chat-latest")
    public static let gpt52 = Model.custom("gpt-5.2")
    public static let gpt52Pro = Model.custom("gpt-5.2-pro")
    public static let gpt52ChatLatest = Model.custom("gpt-5.2-chat-latest")
    public static let gpt53ChatLatest = Model.custom("gpt-5.3-chat-latest")
    public static let gpt54 = Model.custom("gpt-5.4")
    public static let gpt54Mini = Model.custom("gpt-5.4-mini")
    public static let gpt54Nano = Model.custom("gpt-5.4-nano")
    public static let gpt55 = Model.custom("gpt-5.5")
    public static let gpt55Pro = Model.custom("gpt-5.5-pro")
    public static let o3Pro = Model.custom("o3-pro")
    public static let o3DeepResearch = Model.custom("o3-deep-research")
    public static let o4MiniDeepResearch = Model.custom("o4-mini-deep-research")
    public static let codexMiniLatest = Model.custom("codex-mini-latest")
    public static let computerUsePreview = Model.custom("computer-use-preview")
    public static let gptAudio15 = Model.custom("gpt-audio-1.5")
    public static let gptAudioMini = Model.custom("gpt-audio-mini")
    public static let gptRealtime = Model.custom("gpt-realtime")
    public static let gptRealtime15 = Model.custom("gpt-realtime-1.5")
    public static let gptRealtime2 = Model.custom("gpt-realtime-2")
    public static let gptRealtime21 = Model.custom("gpt-realtime-2.1")
    public static let gptRealtime21Mini = Model.custom("gpt-realtime-2.1-mini")
    public static let gptRealtimeMini = Model.custom("gpt-realtime-mini")
    public static let gpt4oTranscribe = Model.custom("gpt-4o-transcribe")
    public static let gpt4oMiniTranscribe = Model.custom("gpt-4o-mini-transcribe")
    public static let gpt4oTranscribeDiarize = Model.custom("gpt-4o-transcribe-diarize")
    public static let gptTranscribe = Model.custom("gpt-transcribe")
    public static let gpt4oMiniTTS = Model.custom("gpt-4o-mini-tts")
    public static let gptImage1 = Model.custom("gpt-image-1")
    public static let gptImage15 = Model.custom("gpt-image-1.5")
    public static let gptImage2 = Model.custom("gpt-image-2")
}
