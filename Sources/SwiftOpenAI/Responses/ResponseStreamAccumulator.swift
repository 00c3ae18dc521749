import AICore
import Foundation

/// Builds a response from its stream events.
///
/// After `response.completed` (or `failed` / `incomplete`) ``response`` is the server's final response. Before
/// that — e.g. when the stream broke — it is assembled from the items, parts and deltas received so far, so
/// nothing that arrived is lost.
public struct ResponseStreamAccumulator: Sendable {
    private var latest: ResponseModel?
    private var final: ResponseModel?
    private var items: [Int: ResponseModel.OutputItem] = [:]

    public init() {}

    /// Whether a terminal event (`response.completed`, `response.failed`, `response.incomplete`) arrived.
    public var isComplete: Bool { final != nil }

    /// The final response, or what has been assembled so far (nil before any event with a response or item).
    public var response: ResponseModel? {
        if let final {
            if final.output.isEmpty, !items.isEmpty {
                var result = final
                result.output = assembledOutput
                return result
            }
            return final
        }
        guard latest != nil || !items.isEmpty else { return nil }
        var result = latest ?? ResponseModel(id: "", status: "in_progress")
        result.output = assembledOutput
        return result
    }

    /// The text received so far (every `output_text` part of every message).
    public var outputText: String { response?.outputText ?? "" }

    private var assembledOutput: [ResponseModel.OutputItem] {
        items.keys.sorted().compactMap { items[$0] }
    }

    /// Adds one event.
    ///
    /// Events without `output_index` / `content_index` (as llama.cpp's llama-server sends them) are placed by their
    /// `item_id` and by order: a new item after the others, a new part after the message's parts, and text into the
    /// part being written.
    public mutating func add(_ event: ResponseStreamEvent) {
        switch event {
        case .responseCreated(let value), .responseQueued(let value), .responseInProgress(let value):
            latest = value.response
        case .responseCompleted(let value), .responseFailed(let value), .responseIncomplete(let value):
            latest = value.response
            final = value.response
        case .outputItemAdded(let value), .outputItemDone(let value):
            items[value.outputIndex ?? placement(of: value.item)] = value.item
        case .contentPartAdded(let value):
            updateMessage(value.outputIndex, value.itemID) { message in
                Self.setPart(&message, at: value.contentIndex ?? message.content.count, to: value.part)
            }
        case .contentPartDone(let value):
            updateMessage(value.outputIndex, value.itemID) { message in
                Self.setPart(&message, at: value.contentIndex ?? Self.lastPart(of: message), to: value.part)
            }
        case .outputTextDelta(let value):
            updateText(value.outputIndex, value.itemID, value.contentIndex) { $0.text += value.delta }
        case .outputTextDone(let value):
            updateText(value.outputIndex, value.itemID, value.contentIndex) { $0.text = value.text }
        case .outputTextAnnotationAdded(let value):
            if let annotation = value.annotation {
                updateText(value.outputIndex, value.itemID, value.contentIndex) { $0.annotations.append(annotation) }
            }
        case .refusalDelta(let value):
            updateRefusal(value.outputIndex, value.itemID, value.contentIndex) { $0 += value.delta }
        case .refusalDone(let value):
            updateRefusal(value.outputIndex, value.itemID, value.contentIndex) { $0 = value.text }
        case .functionCallArgumentsDelta(let value):
            updateFunctionCall(value.outputIndex, value.itemID) { $0.arguments += value.delta }
        case .functionCallArgumentsDone(let value):
            updateFunctionCall(value.outputIndex, value.itemID) { call in
                call.arguments = value.text
                if let name = value.name { call.name = name }
            }
        case .reasoningSummaryPartAdded(let value):
            updateReasoning(value.outputIndex, value.itemID) { reasoning in
                Self.setText(&reasoning.summary, at: value.summaryIndex ?? reasoning.summary.count, type: "summary_text") { _ in }
            }
        case .reasoningSummaryTextDelta(let value):
            updateReasoning(value.outputIndex, value.itemID) { reasoning in
                Self.setText(&reasoning.summary, at: value.summaryIndex ?? max(reasoning.summary.count - 1, 0), type: "summary_text") {
                    $0 += value.delta
                }
            }
        case .reasoningSummaryTextDone(let value):
            updateReasoning(value.outputIndex, value.itemID) { reasoning in
                Self.setText(&reasoning.summary, at: value.summaryIndex ?? max(reasoning.summary.count - 1, 0), type: "summary_text") {
                    $0 = value.text
                }
            }
        case .reasoningTextDelta(let value):
            updateReasoning(value.outputIndex, value.itemID) { reasoning in
                var parts = reasoning.content ?? []
                Self.setText(&parts, at: value.contentIndex ?? max(parts.count - 1, 0), type: "reasoning_text") { $0 += value.delta }
                reasoning.content = parts
            }
        case .reasoningTextDone(let value):
            updateReasoning(value.outputIndex, value.itemID) { reasoning in
                var parts = reasoning.content ?? []
                Self.setText(&parts, at: value.contentIndex ?? max(parts.count - 1, 0), type: "reasoning_text") { $0 = value.text }
                reasoning.content = parts
            }
        default:
            break
        }
    }

    /// Where an item without `output_index` goes: where the item with its id (or a function call with its call id)
    /// already is, else after every other item.
    private func placement(of item: ResponseModel.OutputItem) -> Int {
        let ids = [item.id, Self.callID(of: item)].compactMap { $0 }
        if let existing = items.first(where: { entry in ids.contains { Self.item(entry.value, isNamed: $0) } }) {
            return existing.key
        }
        return nextIndex
    }

    private var nextIndex: Int { (items.keys.max() ?? -1) + 1 }

    private static func callID(of item: ResponseModel.OutputItem) -> String? {
        if case .functionCall(let call) = item { call.callId } else { nil }
    }

    /// Whether `name` is the item's id, or the call id of a function call (llama-server names its function calls'
    /// deltas by call id, as the items have no id).
    private static func item(_ item: ResponseModel.OutputItem, isNamed name: String) -> Bool {
        item.id == name || callID(of: item) == name
    }

    /// The item an event is about: its `output_index`, else the item named by `item_id`; an `item_id` not seen yet
    /// takes the next place. Nil when the event says neither.
    private func index(_ outputIndex: Int?, _ itemID: String?) -> Int? {
        if let outputIndex { return outputIndex }
        guard let itemID else { return nil }
        return items.first { Self.item($0.value, isNamed: itemID) }?.key ?? nextIndex
    }

    private static func lastPart(of message: ResponseModel.OutputItem.Message) -> Int {
        max(message.content.count - 1, 0)
    }

    private mutating func updateMessage(
        _ outputIndex: Int?, _ itemID: String?, _ change: (inout ResponseModel.OutputItem.Message) -> Void
    ) {
        guard let index = index(outputIndex, itemID) else { return }
        var message: ResponseModel.OutputItem.Message
        if case .message(let existing) = items[index] {
            message = existing
        } else if items[index] == nil {
            message = ResponseModel.OutputItem.Message(id: itemID, status: "in_progress", content: [])
        } else {
            return
        }
        change(&message)
        items[index] = .message(message)
    }

    private static func setPart(
        _ message: inout ResponseModel.OutputItem.Message, at index: Int, to part: ResponseModel.OutputItem.Message.Content
    ) {
        while message.content.count <= index { message.content.append(.outputText(.init(text: ""))) }
        message.content[index] = part
    }

    /// Changes an `output_text` part: the one at `contentIndex`, else the part being written (the last).
    private mutating func updateText(
        _ outputIndex: Int?, _ itemID: String?, _ contentIndex: Int?, _ change: (inout ResponseModel.OutputItem.Message.OutputText) -> Void
    ) {
        updateMessage(outputIndex, itemID) { message in
            let index = contentIndex ?? Self.lastPart(of: message)
            while message.content.count <= index { message.content.append(.outputText(.init(text: ""))) }
            guard case .outputText(var part) = message.content[index] else { return }
            change(&part)
            message.content[index] = .outputText(part)
        }
    }

    private mutating func updateRefusal(_ outputIndex: Int?, _ itemID: String?, _ contentIndex: Int?, _ change: (inout String) -> Void) {
        updateMessage(outputIndex, itemID) { message in
            let index = contentIndex ?? Self.lastPart(of: message)
            while message.content.count <= index { message.content.append(.refusal("")) }
            var text = ""
            switch message.content[index] {
            case .refusal(let existing): text = existing
            case .outputText(let part) where part.text.isEmpty: break
            default: return
            }
            change(&text)
            message.content[index] = .refusal(text)
        }
    }

    private mutating func updateFunctionCall(
        _ outputIndex: Int?, _ itemID: String?, _ change: (inout ResponseModel.OutputItem.FunctionCall) -> Void
    ) {
        guard let index = index(outputIndex, itemID), case .functionCall(var call) = items[index] else { return }
        change(&call)
        items[index] = .functionCall(call)
    }

    private mutating func updateReasoning(
        _ outputIndex: Int?, _ itemID: String?, _ change: (inout ResponseModel.OutputItem.Reasoning) -> Void
    ) {
        guard let index = index(outputIndex, itemID), case .reasoning(var reasoning) = items[index] else { return }
        change(&reasoning)
        items[index] = .reasoning(reasoning)
    }

    /// Changes the text part at `index` of a reasoning item's summary or content, adding empty parts up to it.
    private static func setText(
        _ parts: inout [ResponseModel.OutputItem.Reasoning.SummaryText], at index: Int, type: String, _ change: (inout String) -> Void
    ) {
        while parts.count <= index { parts.append(.init(type: type, text: "")) }
        change(&parts[index].text)
    }
}

extension AsyncSequence where Element == ResponseStreamEvent {
    /// Reads the whole stream, calling `onEvent` for each event, and returns the final response.
    ///
    /// A `response.failed` or `response.incomplete` ends the stream normally: check the returned `status`.
    public func accumulate(
        onEvent: (ResponseStreamEvent) throws -> Void = { _ in }
    ) async throws -> ResponseModel {
        var accumulator = ResponseStreamAccumulator()
        for try await event in self {
            try onEvent(event)
            accumulator.add(event)
        }
        guard let response = accumulator.response else {
            throw APIError(kind: .invalidResponse, message: "The stream carried no response.")
        }
        return response
    }
}
