import AICore
import Foundation

/// Assembles the chunks of a chat stream into the final message: content, refusal, tool calls with
/// their argument fragments joined, finish reason and usage.
///
/// ```swift
/// var accumulator = ChatCompletionAccumulator()
/// for try await chunk in try await service.startStreamedChat(parameters: parameters) {
///     accumulator.add(chunk)
///     print(chunk.choices.first?.delta.content ?? "", terminator: "")
/// }
/// let completion = accumulator.completion
/// ```
public struct ChatCompletionAccumulator: Sendable {
    /// One choice being assembled.
    public struct Choice: Sendable {
        public var index: Int
        public var role: String = "assistant"
        public var content: String = ""
        public var refusal: String?
        public var toolCalls: [ToolCall] { calls.sorted { $0.key < $1.key }.map(\.value.toolCall) }
        public var finishReason: IntOrStringValue?
        public var logprobs: [ChatCompletionObject.ChatChoice.TokenDetail] = []
        var sawContent = false
        var calls: [Int: PartialCall] = [:]
    }

    struct PartialCall: Sendable {
        var id: String?
        var type: String?
        var name: String?
        var arguments = ""
        var toolCall: ToolCall {
            ToolCall(index: nil, id: id, type: type ?? "function", function: FunctionCall(arguments: arguments, name: name))
        }
    }

    public private(set) var id = ""
    public private(set) var model = ""
    public private(set) var created = 0
    public private(set) var systemFingerprint: String?
    public private(set) var serviceTier: String?
    public private(set) var usage: ChatCompletionObject.ChatUsage?
    public private(set) var chunkCount = 0
    private var choicesByIndex: [Int: Choice] = [:]

    public init() {}

    /// Adds one chunk.
    public mutating func add(_ chunk: ChatCompletionChunkObject) {
        chunkCount += 1
        if id.isEmpty { id = chunk.id }
        if model.isEmpty { model = chunk.model }
        if created == 0 { created = chunk.created }
        systemFingerprint = chunk.systemFingerprint ?? systemFingerprint
        serviceTier = chunk.serviceTier ?? serviceTier
        if let chunkUsage = chunk.usage { usage = chunkUsage }
        for delta in chunk.choices {
            var choice = choicesByIndex[delta.index] ?? Choice(index: delta.index)
            if let role = delta.delta.role { choice.role = role }
            if let content = delta.delta.content {
                choice.content += content
                choice.sawContent = true
            }
            if let refusal = delta.delta.refusal { choice.refusal = (choice.refusal ?? "") + refusal }
            for (position, call) in (delta.delta.toolCalls ?? []).enumerated() {
                let key = call.index ?? position
                var partial = choice.calls[key] ?? PartialCall()
                partial.id = partial.id ?? call.id
                partial.type = partial.type ?? call.type
                if partial.name == nil { partial.name = call.function.name }
                partial.arguments += call.function.arguments
                choice.calls[key] = partial
            }
            if let reason = delta.finishReason { choice.finishReason = reason }
            if let tokens = delta.logprobs?.content { choice.logprobs += tokens }
            choicesByIndex[delta.index] = choice
        }
    }

    /// The choices assembled so far, by index.
    public var choices: [Choice] { choicesByIndex.values.sorted { $0.index < $1.index } }

    /// The text of the first choice.
    public var content: String { choicesByIndex[0]?.content ?? "" }
    /// The refusal of the first choice.
    public var refusal: String? { choicesByIndex[0]?.refusal }
    /// The complete tool calls of the first choice, arguments joined.
    public var toolCalls: [ToolCall] { choicesByIndex[0]?.toolCalls ?? [] }
    /// The finish reason of the first choice.
    public var finishReason: IntOrStringValue? { choicesByIndex[0]?.finishReason }

    /// The stream as one ``ChatCompletionObject``; usage is zero when the stream did not include it.
    public var completion: ChatCompletionObject {
        ChatCompletionObject(
            id: id,
            choices: choices.map { choice in
                let calls = choice.toolCalls
                return ChatCompletionObject.ChatChoice(
                    finishReason: choice.finishReason, index: choice.index,
                    message: .init(
                        content: choice.sawContent || calls.isEmpty ? choice.content : nil,
                        toolCalls: calls.isEmpty ? nil : calls, functionCall: nil, role: choice.role,
                        finishDetails: nil, refusal: choice.refusal, audio: nil, annotations: nil),
                    logprobs: choice.logprobs.isEmpty ? nil : .init(content: choice.logprobs, refusal: nil))
            },
            created: created, model: model, systemFingerprint: systemFingerprint, object: "chat.completion",
            usage: usage ?? .init(completionTokens: 0, promptTokens: 0, totalTokens: 0, promptTokensDetails: nil, completionTokensDetails: nil),
            serviceTier: serviceTier, metadata: nil)
    }
}

extension AsyncSequence where Element == ChatCompletionChunkObject {
    /// Reads the whole stream, calling `onChunk` for each chunk, and returns the assembled result.
    public func accumulate(
        onChunk: (ChatCompletionChunkObject) throws -> Void = { _ in }
    ) async throws -> ChatCompletionAccumulator {
        var accumulator = ChatCompletionAccumulator()
        for try await chunk in self {
            try onChunk(chunk)
            accumulator.add(chunk)
        }
        return accumulator
    }
}
