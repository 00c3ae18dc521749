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
