import AIServerKit
import Foundation

/// One Realtime conversation as the sandbox keeps it: the session configuration, the conversation items, the input
/// audio buffer, and what each client event is answered with. No networking here: ``RealtimeSessionHandler``
/// carries the events.
final class RealtimeSessionState: SandboxSocketConversation {
    typealias Output = SandboxSocketOutput

    let recordedPath = "/v1/realtime"

    private(set) var session: [String: JSON]
    private var items: [JSON] = []
    private var inputAudio = Data()
    private var speaking = false
    private var counter = 0
    private var toolTurnsDone = 0
    /// The response being played out, if any.
    var activeResponse: String?

    init(model: String, secretSession: [String: JSON]?) {
        var session = secretSession ?? RealtimeSessionState.defaults(model: model)
        session["id"] = session["id"] ?? .string("sess_sandbox_\(UInt32.random(in: 0...UInt32.max))")
        session["object"] = "realtime.session"
        session["expires_at"] = session["expires_at"] ?? .int(Int(Date().timeIntervalSince1970) + 3600)
        self.session = session
    }

    /// A session as the API describes a new one.
    static func defaults(model: String) -> [String: JSON] {
        [
            "type": "realtime", "object": "realtime.session", "model": .string(model), "output_modalities": ["audio"],
            "instructions": "", "tools": [], "tool_choice": "auto", "max_output_tokens": "inf", "tracing": nil,
            "truncation": "auto", "prompt": nil, "include": nil,
            "audio": [
                "input": [
                    "format": ["type": "audio/pcm", "rate": 24000], "transcription": nil, "noise_reduction": nil,
                    "turn_detection": [
                        "type": "server_vad", "threshold": 0.5, "prefix_padding_ms": 300, "silence_duration_ms": 200,
                        "create_response": true, "interrupt_response": true, "idle_timeout_ms": nil,
                    ],
                ],
                "output": ["format": ["type": "audio/pcm", "rate": 24000], "voice": "alloy", "speed": 1.0],
            ],
        ]
    }

    private func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)_sandbox_\(counter)"
    }

    private func event(_ type: String, _ fields: [String: JSON] = [:]) -> JSON {
        var event = fields
        event["type"] = .string(type)
        event["event_id"] = .string(nextID("event"))
        return .object(event)
    }

    var greeting: JSON? { event("session.created", ["session": .object(session)]) }

    func started(_ id: String) {}

    func ended(_ id: String) {
        if activeResponse == id { activeResponse = nil }
    }

    // MARK: - Client events

    func handle(_ text: String) -> [Output] {
        guard let json = try? JSON(parsing: Data(text.utf8)), json.object != nil else {
            return [error("invalid_json", "The event is not a JSON object.", param: nil, clientEventID: nil)]
        }
        let clientEventID = json["event_id"]?.string
        func fail(_ code: String, _ message: String, param: String? = nil) -> [Output] {
            [error(code, message, param: param, clientEventID: clientEventID)]
        }
        switch json["type"]?.string {
        case nil:
            return fail("missing_required_parameter", "Missing required parameter: 'type'.", param: "type")
        case "session.update":
            guard let update = json["session"]?.object else {
                return fail("missing_required_parameter", "Missing required parameter: 'session'.", param: "session")
            }
            if let type = update["type"]?.string, type != "realtime" {
                return fail("invalid_value", "Cannot change the session type to '\(type)'.", param: "session.type")
            }
            if let instructions = update["instructions"], instructions.string == nil {
                return fail("invalid_type", "Invalid type for 'session.instructions': expected a string.", param: "session.instructions")
            }
            if let modalities = update["output_modalities"] {
                guard let list = modalities.strings, list.count == 1, ["audio", "text"].contains(list[0]) else {
                    return fail("invalid_value", "output_modalities must be [\"audio\"] or [\"text\"].", param: "session.output_modalities")
                }
            }
            session = Self.merge(session, update)
            return [.event(event("session.updated", ["session": .object(session)]))]
        case "input_audio_buffer.append":
            guard let audio = json["audio"]?.string, let bytes = Data(base64Encoded: audio) else {
                return fail("invalid_value", "Invalid 'audio': expected base64-encoded audio.", param: "audio")
            }
            inputAudio.append(bytes)
            if vadEnabled, !speaking {
                speaking = true
                return [.event(event("input_audio_buffer.speech_started", ["audio_start_ms": 0, "item_id": "item_sandbox_pending"]))]
            }
            return []
        case "input_audio_buffer.clear":
            inputAudio = Data()
            speaking = false
            return [.event(event("input_audio_buffer.cleared"))]
        case "input_audio_buffer.commit":
            guard inputAudio.count >= 2400 else {
                return fail(
                    "input_audio_buffer_commit_empty",
                    "Error committing input audio buffer: buffer too small. Expected at least 50ms of audio, but buffer only has \(inputAudio.count / 48)ms of audio.")
            }
            return commitAudio()
        case "conversation.item.create":
            guard let item = json["item"]?.object else {
                return fail("missing_required_parameter", "Missing required parameter: 'item'.", param: "item")
            }
            guard let type = item["type"]?.string, ["message", "function_call", "function_call_output"].contains(type) else {
                return fail("invalid_value", "Invalid value for 'item.type'.", param: "item.type")
            }
            if type == "function_call_output", item["call_id"]?.string == nil {
                return fail("missing_required_parameter", "Missing required parameter: 'item.call_id'.", param: "item.call_id")
            }
            var stored = item
            stored["id"] = item["id"] ?? .string(nextID("item"))
            stored["object"] = "realtime.item"
            stored["status"] = "completed"
            if type == "message", item["role"]?.string == "user" { toolTurnsDone = 0 }
            let previous = items.last?["id"] ?? .null
            let storedItem = JSON.object(stored)
            items.append(storedItem)
            return [
                .event(event("conversation.item.added", ["previous_item_id": previous, "item": storedItem])),
                .event(event("conversation.item.done", ["previous_item_id": previous, "item": storedItem])),
            ]
        case "conversation.item.retrieve", "conversation.item.delete", "conversation.item.truncate":
            let id = json["item_id"]?.string ?? ""
            guard let index = items.firstIndex(where: { $0["id"]?.string == id }) else {
                return fail("item_not_found", "Item with item_id not found: \(id).", param: "item_id")
            }
            switch json["type"]?.string {
            case "conversation.item.retrieve":
                return [.event(event("conversation.item.retrieved", ["item": items[index]]))]
            case "conversation.item.delete":
                items.remove(at: index)
                return [.event(event("conversation.item.deleted", ["item_id": .string(id)]))]
            default:
                return [
                    .event(
                        event(
                            "conversation.item.truncated",
                            [
                                "item_id": .string(id), "content_index": .int(json["content_index"]?.int ?? 0),
                                "audio_end_ms": .int(json["audio_end_ms"]?.int ?? 0),
                            ]))
                ]
            }
        case "response.create":
            if activeResponse != nil {
                return fail(
                    "conversation_already_has_active_response", "Conversation already has an active response in progress.")
            }
            return [response(json["response"]?.object ?? [:])]
        case "response.cancel":
            guard let active = activeResponse else {
                return fail("response_cancel_not_active", "Cancellation failed: no active response found.")
            }
            activeResponse = nil
            let response: JSON = [
                "id": .string(active), "object": "realtime.response", "status": "cancelled",
                "status_details": ["type": "cancelled", "reason": "client_cancelled"], "output": [],
            ]
            return [.cancel(events: [event("response.done", ["response": response])])]
        case "output_audio_buffer.clear":
            return fail("invalid_request_error", "output_audio_buffer.clear is only supported for WebRTC and SIP sessions.")
        case let type?:
            return fail("invalid_value", "Invalid value: '\(type)'. Supported values are: 'session.update', 'input_audio_buffer.append', 'input_audio_buffer.commit', 'input_audio_buffer.clear', 'conversation.item.create', 'conversation.item.retrieve', 'conversation.item.truncate', 'conversation.item.delete', 'response.create', and 'response.cancel'.", param: "type")
        }
    }

    private var vadEnabled: Bool {
        session["audio"]?["input"]?["turn_detection"]?.object != nil
    }

    private func commitAudio() -> [Output] {
        let milliseconds = inputAudio.count / 48
        let itemID = JSON.string(nextID("item"))
        let item: JSON = [
            "id": itemID, "object": "realtime.item", "type": "message", "status": "completed", "role": "user",
            "content": [["type": "input_audio", "transcript": .string("[\(milliseconds) ms of audio]")]],
        ]
        let previous = items.last?["id"] ?? .null
        items.append(item)
        toolTurnsDone = 0
        inputAudio = Data()
        var outputs: [Output] = []
        if speaking {
            speaking = false
            outputs.append(.event(event("input_audio_buffer.speech_stopped", ["audio_end_ms": .int(milliseconds), "item_id": itemID])))
        }
        outputs.append(.event(event("input_audio_buffer.committed", ["previous_item_id": previous, "item_id": itemID])))
        outputs.append(.event(event("conversation.item.added", ["previous_item_id": previous, "item": item])))
        outputs.append(.event(event("conversation.item.done", ["previous_item_id": previous, "item": item])))
        let detection = session["audio"]?["input"]?["turn_detection"]?.objectValue
        if let detection, detection["create_response"]?.bool ?? true, activeResponse == nil {
            outputs.append(response([:]))
        }
        return outputs
    }

    private func error(_ code: String, _ message: String, param: String?, clientEventID: String?) -> Output {
        .event(
            event(
                "error",
                [
                    "error": [
                        "type": "invalid_request_error", "code": .string(code), "message": .string(message), "param": JSON(param),
                        "event_id": JSON(clientEventID),
                    ]
                ]))
    }

    // MARK: - Responses

    /// The whole event sequence of one response: function calls when a `[sandbox-tools: …]` directive asks for
    /// them, else text or audio with its transcript.
    private func response(_ overrides: [String: JSON]) -> Output {
        let id = nextID("resp")
        activeResponse = id
        let modalities = overrides["output_modalities"]?.strings ?? session["output_modalities"]?.strings ?? ["audio"]
        let audioOut = modalities.contains("audio")
        let voice = overrides["audio"]?["output"]?["voice"]?.string ?? session["audio"]?["output"]?["voice"]?.string ?? "alloy"
        var response: [String: JSON] = [
            "id": .string(id), "object": "realtime.response", "status": "in_progress", "status_details": nil, "output": [],
            "conversation_id": "conv_sandbox", "output_modalities": JSON(modalities), "max_output_tokens": "inf",
            "audio": ["output": ["format": ["type": "audio/pcm", "rate": 24000], "voice": .string(voice)]], "usage": nil,
            "metadata": overrides["metadata"] ?? .null,
        ]
        var events: [JSON] = [event("response.created", ["response": .object(response)])]
        let lastUser = items.last { $0["role"]?.string == "user" }
        let userText = (lastUser?["content"]?.objects ?? []).compactMap { $0["text"]?.string ?? $0["transcript"]?.string }.joined(separator: " ")
        let tools = overrides["tools"]?.objects ?? session["tools"]?.objects ?? []
        var output: [JSON] = []
        if let names = ToolDirective(in: userText)?.names(afterTurns: toolTurnsDone), items.last.map({ $0["type"]?.string != "function_call" }) ?? true {
            toolTurnsDone += 1
            for (index, name) in names.enumerated() {
                let schema = tools.first { $0["name"]?.string == name }?["parameters"]?.objectValue ?? ["type": "object"]
                let arguments = SchemaSample.json(schema: schema)
                let item = functionCall(name: name, arguments: arguments, responseID: id, outputIndex: index, events: &events)
                output.append(item)
            }
        } else {
            let outputs = items.reversed().prefix { $0["type"]?.string == "function_call_output" }.reversed().compactMap { $0["output"]?.string }
            let text: String
            if !outputs.isEmpty {
                text = "The sandbox got the function results: \(outputs.joined(separator: "; "))."
            } else if userText.isEmpty {
                text = "Hello from the sandbox."
            } else {
                text = "Hello from the sandbox. You said: \(userText)"
            }
            output.append(message(text: text, audio: audioOut, responseID: id, events: &events))
        }
        let outputTokens = output.reduce(0) { $0 + SandboxText.countTokens(Self.text(of: $1)) }
        let inputTokens = items.reduce(0) { $0 + SandboxText.countTokens(Self.text(of: $1)) }
        response["status"] = "completed"
        response["output"] = .array(output)
        response["usage"] = [
            "total_tokens": .int(inputTokens + outputTokens), "input_tokens": .int(inputTokens), "output_tokens": .int(outputTokens),
            "input_token_details": ["text_tokens": .int(inputTokens), "audio_tokens": 0, "cached_tokens": 0],
            "output_token_details": ["text_tokens": .int(outputTokens), "audio_tokens": .int(audioOut ? outputTokens * 2 : 0)],
        ]
        events.append(event("response.done", ["response": .object(response)]))
        events.append(
            event(
                "rate_limits.updated",
                ["rate_limits": [
                    ["name": "requests", "limit": 5000, "remaining": 4999, "reset_seconds": 0.012],
                    ["name": "tokens", "limit": 400_000, "remaining": .int(400_000 - outputTokens), "reset_seconds": 0.5],
                ]]))
        return .response(id: id, events: events)
    }

    private static func text(of item: JSON) -> String {
        if let arguments = item["arguments"]?.string { return arguments }
        if let output = item["output"]?.string { return output }
        return (item["content"]?.objects ?? []).compactMap { $0["text"]?.string ?? $0["transcript"]?.string }.joined(separator: " ")
    }

    private func message(text: String, audio: Bool, responseID: String, events: inout [JSON]) -> JSON {
        let itemID = nextID("item")
        var item: JSON = [
            "id": .string(itemID), "object": "realtime.item", "type": "message", "status": "in_progress", "role": "assistant", "content": [],
        ]
        let previous = items.last?["id"] ?? .null
        let location: [String: JSON] = ["response_id": .string(responseID), "item_id": .string(itemID), "output_index": 0, "content_index": 0]
        events.append(event("response.output_item.added", ["response_id": .string(responseID), "output_index": 0, "item": item]))
        events.append(event("conversation.item.added", ["previous_item_id": previous, "item": item]))
        let emptyPart: JSON = audio ? ["type": "output_audio", "transcript": ""] : ["type": "output_text", "text": ""]
        events.append(event("response.content_part.added", location.merging(["part": emptyPart]) { $1 }))
        let tokens = SandboxText.tokens(text)
        if audio {
            let chunks = RealtimeTone.chunks(RealtimeTone.pcm16(forTranscript: text))
            for index in 0..<max(tokens.count, chunks.count) {
                if index < tokens.count { events.append(event("response.output_audio_transcript.delta", location.merging(["delta": .string(tokens[index])]) { $1 })) }
                if index < chunks.count { events.append(event("response.output_audio.delta", location.merging(["delta": .string(chunks[index])]) { $1 })) }
            }
            events.append(event("response.output_audio.done", location))
            events.append(event("response.output_audio_transcript.done", location.merging(["transcript": .string(text)]) { $1 }))
        } else {
            for token in tokens { events.append(event("response.output_text.delta", location.merging(["delta": .string(token)]) { $1 })) }
            events.append(event("response.output_text.done", location.merging(["text": .string(text)]) { $1 }))
        }
        let part: JSON = audio ? ["type": "output_audio", "transcript": .string(text)] : ["type": "output_text", "text": .string(text)]
        events.append(event("response.content_part.done", location.merging(["part": part]) { $1 }))
        item["status"] = "completed"
        item["content"] = [part]
        events.append(event("response.output_item.done", ["response_id": .string(responseID), "output_index": 0, "item": item]))
        events.append(event("conversation.item.done", ["previous_item_id": previous, "item": item]))
        items.append(item)
        return item
    }

    private func functionCall(
        name: String, arguments: String, responseID: String, outputIndex: Int, events: inout [JSON]
    ) -> JSON {
        let itemID = nextID("item")
        let callID = nextID("call")
        var item: JSON = [
            "id": .string(itemID), "object": "realtime.item", "type": "function_call", "status": "in_progress",
            "call_id": .string(callID), "name": .string(name), "arguments": "",
        ]
        let previous = items.last?["id"] ?? .null
        events.append(event("response.output_item.added", ["response_id": .string(responseID), "output_index": .int(outputIndex), "item": item]))
        events.append(event("conversation.item.added", ["previous_item_id": previous, "item": item]))
        let location: [String: JSON] = [
            "response_id": .string(responseID), "item_id": .string(itemID), "output_index": .int(outputIndex), "call_id": .string(callID),
        ]
        var rest = Substring(arguments)
        while !rest.isEmpty {
            let piece = rest.prefix(8)
            rest = rest.dropFirst(8)
            events.append(event("response.function_call_arguments.delta", location.merging(["delta": .string(String(piece))]) { $1 }))
        }
        events.append(event("response.function_call_arguments.done", location.merging(["name": .string(name), "arguments": .string(arguments)]) { $1 }))
        item["status"] = "completed"
        item["arguments"] = .string(arguments)
        events.append(event("response.output_item.done", ["response_id": .string(responseID), "output_index": .int(outputIndex), "item": item]))
        events.append(event("conversation.item.done", ["previous_item_id": previous, "item": item]))
        items.append(item)
        return item
    }

    /// `base` with `update`'s fields; nested objects are merged, `null` and other values replace.
    static func merge(_ base: [String: JSON], _ update: [String: JSON]) -> [String: JSON] {
        var merged = base
        for (key, value) in update {
            if let nested = value.object, let existing = merged[key]?.object, key != "turn_detection", key != "format" {
                merged[key] = .object(merge(existing, nested))
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    /// An error event in the middle of a response (a fault the sandbox was told to inject), and the response's end.
    func failure(responseID: String) -> [JSON] {
        activeResponse = nil
        return [
            event("error", ["error": ["type": "server_error", "code": "server_error", "message": "The sandbox failed in the middle of the response.", "param": nil, "event_id": nil]]),
            event(
                "response.done",
                ["response": ["id": .string(responseID), "object": "realtime.response", "status": "failed",
                              "status_details": ["type": "failed", "error": ["type": "server_error", "code": "server_error"]], "output": []]]),
        ]
    }

    /// An event of a type no client knows (a fault for forward compatibility).
    func unknownEvent() -> JSON {
        event("sandbox.future_event", ["detail": "an event type from a later protocol version"])
    }
}
