import AICore
import Foundation
import SwiftOpenAI

/// The type of a streaming event, e.g. `response.output_text.delta`.
public struct SAOAIStreamingEventType: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let responseCreated = Self(rawValue: "response.created")
    public static let responseQueued = Self(rawValue: "response.queued")
    public static let responseInProgress = Self(rawValue: "response.in_progress")
    public static let responseCompleted = Self(rawValue: "response.completed")
    public static let responseFailed = Self(rawValue: "response.failed")
    public static let responseIncomplete = Self(rawValue: "response.incomplete")
    public static let responseOutputItemAdded = Self(rawValue: "response.output_item.added")
    public static let responseOutputItemDone = Self(rawValue: "response.output_item.done")
    public static let responseContentPartAdded = Self(rawValue: "response.content_part.added")
    public static let responseContentPartDone = Self(rawValue: "response.content_part.done")
    public static let responseOutputTextDelta = Self(rawValue: "response.output_text.delta")
    public static let responseOutputTextDone = Self(rawValue: "response.output_text.done")
    public static let responseRefusalDelta = Self(rawValue: "response.refusal.delta")
    public static let responseFunctionCallArgumentsDelta = Self(rawValue: "response.function_call_arguments.delta")
    public static let responseFunctionCallArgumentsDone = Self(rawValue: "response.function_call_arguments.done")
    public static let responseReasoningSummaryTextDelta = Self(rawValue: "response.reasoning_summary_text.delta")
    public static let responseReasoningSummaryTextDone = Self(rawValue: "response.reasoning_summary_text.done")
}

/// One event of a streamed response.
///
/// A `response.output_text.delta` event carries its text as `output?.first?.content?.first?.text`, so a loop
/// that prints every output text prints the answer exactly once. Other events carry their own payload
/// (`item`, `response`, `delta`, `text`) and no `output`.
public struct SAOAIStreamingResponse: Codable, Sendable {
    /// The response id (lifecycle events) or the item id (item and delta events).
    public var id: String?
    public var model: String?
    public var created: Int?
    /// Only for `response.output_text.delta`: one assistant output holding the delta.
    public var output: [SAOAIOutput]?
    /// Token counts, on the final event.
    public var usage: SAOAITokenUsage?
    public var eventType: SAOAIStreamingEventType?
    /// The item, for `response.output_item.added` / `.done`.
    public var item: SAOAIOutput?
    /// The response as it stands, for lifecycle events (`response.created`, `.completed`, `.failed` …).
    public var response: SAOAIResponse?
    /// The new text of any delta event (output text, function call arguments, reasoning summary, refusal …).
    public var delta: String?
    /// The whole text of a `.done` event (output text, arguments, reasoning summary …).
    public var text: String?
    public var itemId: String?
    public var outputIndex: Int?
    public var sequenceNumber: Int?

    public init(
        id: String?, model: String?, created: Int?, output: [SAOAIOutput]?, usage: SAOAITokenUsage?,
        eventType: SAOAIStreamingEventType? = nil, item: SAOAIOutput? = nil
    ) {
        self.id = id
        self.model = model
        self.created = created
        self.output = output
        self.usage = usage
        self.eventType = eventType
        self.item = item
    }

    init(_ event: ResponseStreamEvent) {
        self.init(id: nil, model: nil, created: nil, output: nil, usage: nil, eventType: SAOAIStreamingEventType(rawValue: event.type))
        switch event {
        case .responseCreated(let value), .responseQueued(let value), .responseInProgress(let value),
            .responseCompleted(let value), .responseFailed(let value), .responseIncomplete(let value):
            let response = SAOAIResponse(value.response)
            self.response = response
            id = response.id
            model = response.model
            created = response.created
            usage = response.usage
            sequenceNumber = value.sequenceNumber
        case .outputItemAdded(let value), .outputItemDone(let value):
            item = SAOAIOutput(value.item)
            id = value.item.id
            itemId = value.item.id
            outputIndex = value.outputIndex
            sequenceNumber = value.sequenceNumber
        case .outputTextDelta(let value):
            output = [SAOAIOutput(content: [.outputText(.init(text: value.delta))], role: "assistant", id: value.itemID, type: "message")]
            take(value)
        case .refusalDelta(let value), .functionCallArgumentsDelta(let value), .reasoningSummaryTextDelta(let value),
            .reasoningTextDelta(let value), .codeInterpreterCallCodeDelta(let value), .mcpCallArgumentsDelta(let value),
            .customToolCallInputDelta(let value), .audioDelta(let value), .audioTranscriptDelta(let value):
            take(value)
        case .outputTextDone(let value), .refusalDone(let value), .functionCallArgumentsDone(let value),
            .reasoningSummaryTextDone(let value), .reasoningTextDone(let value), .codeInterpreterCallCodeDone(let value),
            .mcpCallArgumentsDone(let value), .customToolCallInputDone(let value):
            text = value.text
            id = value.itemID
            itemId = value.itemID
            outputIndex = value.outputIndex
            sequenceNumber = value.sequenceNumber
        case .contentPartAdded(let value), .contentPartDone(let value):
            id = value.itemID
            itemId = value.itemID
            outputIndex = value.outputIndex
            sequenceNumber = value.sequenceNumber
        default:
            break
        }
    }

    private mutating func take(_ value: ResponseStreamEvent.TextDelta) {
        delta = value.delta
        id = value.itemID
        itemId = value.itemID
        outputIndex = value.outputIndex
        sequenceNumber = value.sequenceNumber
    }

    enum CodingKeys: String, CodingKey {
        case id, model, created, output, usage
        case eventType = "event_type"
        case item, response, delta, text
        case itemId = "item_id"
        case outputIndex = "output_index"
        case sequenceNumber = "sequence_number"
    }
}
