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
    public mutating func add(_ event: ResponseStreamEvent) {
        switch event {
        case .responseCreated(let value), .responseQueued(let value), .responseInProgress(let value):
            latest = value.response
        case .responseCompleted(let value), .responseFailed(let value), .responseIncomplete(let value):
            latest = value.response
            final = value.response
        case .outputItemAdded(let value), .outputItemDone(let value):
            items[value.outputIndex] = value.item
        case .contentPartAdded(let value), .contentPartDone(let value):
            updateMessage(at: value.outputIndex) { message in
                Self.setPart(&message, at: value.contentIndex, to: value.part)
            }
        case .outputTextDelta(let value):
            updateText(value.outputIndex, value.contentIndex) { $0.text += value.delta }
        case .outputTextDone(let value):
            updateText(value.outputIndex, value.contentIndex) { $0.text = value.text }
        case .outputTextAnnotationAdded(let value):
            if let annotation = value.annotation {
                updateText(value.outputIndex, value.contentIndex) { $0.annotations.append(annotation) }
            }
        case .refusalDelta(let value):
            updateRefusal(value.outputIndex, value.contentIndex) { $0 += value.delta }
        case .refusalDone(let value):
            updateRefusal(value.outputIndex, value.contentIndex) { $0 = value.text }
        case .functionCallArgumentsDelta(let value):
            updateFunctionCall(value.outputIndex) { $0.arguments += value.delta }
        case .functionCallArgumentsDone(let value):
            updateFunctionCall(value.outputIndex) { call in
                call.arguments = value.text
                if let name = value.name { call.name = name }
            }
        case .reasoningSummaryPartAdded(let value):
            updateSummary(value.outputIndex, value.summaryIndex) { _ in }
        case .reasoningSummaryTextDelta(let value):
            updateSummary(value.outputIndex, value.summaryIndex ?? 0) { $0.text += value.delta }
        case .reasoningSummaryTextDone(let value):
            updateSummary(value.outputIndex, value.summaryIndex ?? 0) { $0.text = value.text }
        default:
            break
        }
    }

    private mutating func updateMessage(at outputIndex: Int?, _ change: (inout ResponseModel.OutputItem.Message) -> Void) {
        guard let outputIndex else { return }
        var message: ResponseModel.OutputItem.Message
        if case .message(let existing) = items[outputIndex] {
            message = existing
        } else if items[outputIndex] == nil {
            message = ResponseModel.OutputItem.Message(status: "in_progress", content: [])
        } else {
            return
        }
        change(&message)
        items[outputIndex] = .message(message)
    }

    private static func setPart(
        _ message: inout ResponseModel.OutputItem.Message, at index: Int, to part: ResponseModel.OutputItem.Message.Content
    ) {
        while message.content.count <= index { message.content.append(.outputText(.init(text: ""))) }
        message.content[index] = part
    }

    private mutating func updateText(_ outputIndex: Int?, _ contentIndex: Int?, _ change: (inout ResponseModel.OutputItem.Message.OutputText) -> Void) {
        let index = contentIndex ?? 0
        updateMessage(at: outputIndex) { message in
            while message.content.count <= index { message.content.append(.outputText(.init(text: ""))) }
            guard case .outputText(var part) = message.content[index] else { return }
            change(&part)
            message.content[index] = .outputText(part)
        }
    }

    private mutating func updateRefusal(_ outputIndex: Int?, _ contentIndex: Int?, _ change: (inout String) -> Void) {
        let index = contentIndex ?? 0
        updateMessage(at: outputIndex) { message in
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

    private mutating func updateFunctionCall(_ outputIndex: Int?, _ change: (inout ResponseModel.OutputItem.FunctionCall) -> Void) {
        guard let outputIndex, case .functionCall(var call) = items[outputIndex] else { return }
        change(&call)
        items[outputIndex] = .functionCall(call)
    }

    private mutating func updateSummary(_ outputIndex: Int?, _ summaryIndex: Int, _ change: (inout ResponseModel.OutputItem.Reasoning.SummaryText) -> Void) {
        guard let outputIndex, case .reasoning(var reasoning) = items[outputIndex] else { return }
        while reasoning.summary.count <= summaryIndex { reasoning.summary.append(.init(text: "")) }
        change(&reasoning.summary[summaryIndex])
        items[outputIndex] = .reasoning(reasoning)
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
