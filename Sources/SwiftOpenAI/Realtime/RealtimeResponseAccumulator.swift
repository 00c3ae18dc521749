import AICore
import Foundation

/// Gathers one response from its events: text, audio transcript, audio bytes and function calls with their
/// arguments joined, and the final `response.done`.
///
/// Feed it every event (``apply(_:)``) while reading ``RealtimeSession/events`` yourself, or let
/// ``RealtimeSession/collectResponse(onEvent:)`` do it.
public struct RealtimeResponseAccumulator: Sendable {
    /// The text of `response.output_text.delta` events (or the `.done` text when no delta came).
    public private(set) var text = ""
    /// The transcript of the audio.
    public private(set) var transcript = ""
    /// The audio, decoded from the base64 deltas (PCM16 at 24 kHz unless the session chose another format).
    public private(set) var audio = Data()
    /// The function calls, in the order they started.
    public private(set) var functionCalls: [RealtimeFunctionCall] = []
    /// The response as `response.done` gave it (status, output items, usage).
    public private(set) var response: RealtimeResponse?
    /// `error` events that arrived while the response was in progress.
    public private(set) var errors: [RealtimeErrorEvent] = []
    /// Whether `response.done` arrived.
    public private(set) var isDone = false
    /// Audio deltas that were not valid base64 (counted, not silently dropped).
    public private(set) var invalidAudioDeltas = 0

    public init() {}

    /// Takes one event into account; events of other kinds are ignored.
    public mutating func apply(_ event: RealtimeServerEvent) {
        switch event {
        case .responseCreated(let created):
            response = created
        case .responseOutputTextDelta(let delta):
            text += delta.delta ?? ""
        case .responseOutputTextDone(let done):
            if text.isEmpty, let whole = done.text { text = whole }
        case .responseOutputAudioTranscriptDelta(let delta):
            transcript += delta.delta ?? ""
        case .responseOutputAudioTranscriptDone(let done):
            if transcript.isEmpty, let whole = done.transcript { transcript = whole }
        case .responseOutputAudioDelta(let delta):
            if let bytes = delta.audio { audio.append(bytes) } else { invalidAudioDeltas += 1 }
        case .responseOutputItemAdded(let added) where added.item.type == "function_call":
            call(itemID: added.item.id, callID: added.item.callID) { call in
                call.name = added.item.name ?? call.name
            }
        case .responseFunctionCallArgumentsDelta(let delta):
            call(itemID: delta.itemID, callID: delta.callID) { $0.arguments += delta.delta ?? "" }
        case .responseFunctionCallArgumentsDone(let done):
            call(itemID: done.itemID, callID: done.callID) { call in
                if let name = done.name { call.name = name }
                if let arguments = done.arguments { call.arguments = arguments }
            }
        case .error(let error):
            errors.append(error)
        case .responseDone(let done):
            response = done
            isDone = true
            for item in done.output ?? [] where item.type == "function_call" {
                call(itemID: item.id, callID: item.callID) { call in
                    if let name = item.name { call.name = name }
                    if let arguments = item.arguments, !arguments.isEmpty { call.arguments = arguments }
                }
            }
        default:
            break
        }
    }

    private mutating func call(itemID: String?, callID: String?, _ update: (inout RealtimeFunctionCall) -> Void) {
        if let index = functionCalls.firstIndex(where: { ($0.itemID != nil && $0.itemID == itemID) || (!$0.callID.isEmpty && $0.callID == callID) }) {
            if let callID, functionCalls[index].callID.isEmpty { functionCalls[index].callID = callID }
            if let itemID, functionCalls[index].itemID == nil { functionCalls[index].itemID = itemID }
            update(&functionCalls[index])
        } else {
            var call = RealtimeFunctionCall(callID: callID ?? "", name: "", arguments: "", itemID: itemID)
            update(&call)
            functionCalls.append(call)
        }
    }
}

/// A function call the model made in a Realtime response.
public struct RealtimeFunctionCall: Sendable, Equatable {
    /// The id to answer with ``RealtimeSession/sendFunctionCallOutput(callID:output:)``.
    public var callID: String
    public var name: String
    /// The arguments as JSON text.
    public var arguments: String
    /// The conversation item of the call.
    public var itemID: String?

    public init(callID: String, name: String, arguments: String, itemID: String? = nil) {
        self.callID = callID
        self.name = name
        self.arguments = arguments
        self.itemID = itemID
    }

    /// The arguments decoded as `T` (a typed ``ToolArgumentsError`` names the call when they don't decode).
    public func decodeArguments<T: Decodable>(as type: T.Type = T.self) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(arguments.utf8))
        } catch {
            throw ToolArgumentsError(tool: name, arguments: arguments, message: String(describing: error))
        }
    }
}
