/// OpenAI's model ids at the top level, as the seed docs name them: `Model.gpt41106Preview.rawValue`.
///
/// The same type as ``ChatCompletionParameters/Model``: its cases are chat models, `.custom(_:)` takes any id
/// (an Azure deployment, a fine-tune, another provider's model), and `rawValue` (or `value`) is the id sent on
/// the wire. `Model.dalle2` and `Model.dalle3` name image models for code that passes ids as strings.
///
/// ```swift
/// let parameters = AssistantParameters(action: .create(model: Model.gpt41106Preview.rawValue), name: "Math tutor")
/// ```
public typealias Model = ChatCompletionParameters.Model
