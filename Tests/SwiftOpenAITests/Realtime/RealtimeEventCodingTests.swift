import AICore
import Foundation
import SwiftOpenAI
import Testing

@Suite("Realtime events and audio helpers")
struct RealtimeEventCodingTests {
    /// One sample of every server event of the GA protocol, as the API documents them.
    static let serverEvents: [(String, String)] = [
        ("error", #"{"type":"error","event_id":"e1","error":{"type":"invalid_request_error","code":"invalid_value","message":"bad","param":"type","event_id":"c1"}}"#),
        ("session.created", #"{"type":"session.created","event_id":"e1","session":{"type":"realtime","object":"realtime.session","id":"sess_1","model":"gpt-realtime","output_modalities":["audio"],"max_output_tokens":"inf","audio":{"input":{"format":{"type":"audio/pcm","rate":24000},"turn_detection":{"type":"server_vad","threshold":0.5}},"output":{"voice":"alloy","speed":1.0}}}}"#),
        ("session.updated", #"{"type":"session.updated","event_id":"e1","session":{"type":"realtime","instructions":"hi","tool_choice":{"type":"function","name":"f"}}}"#),
        ("conversation.item.added", #"{"type":"conversation.item.added","event_id":"e1","previous_item_id":null,"item":{"id":"item_1","type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}}"#),
        ("conversation.item.done", #"{"type":"conversation.item.done","event_id":"e1","item":{"id":"item_1","type":"function_call_output","call_id":"c","output":"ok"}}"#),
        ("conversation.item.created", #"{"type":"conversation.item.created","event_id":"e1","item":{"id":"item_1","type":"message"}}"#),
        ("conversation.item.retrieved", #"{"type":"conversation.item.retrieved","event_id":"e1","item":{"id":"item_1","type":"message"}}"#),
        ("conversation.item.deleted", #"{"type":"conversation.item.deleted","event_id":"e1","item_id":"item_1"}"#),
        ("conversation.item.truncated", #"{"type":"conversation.item.truncated","event_id":"e1","item_id":"item_1","content_index":0,"audio_end_ms":1500}"#),
        ("conversation.item.input_audio_transcription.delta", #"{"type":"conversation.item.input_audio_transcription.delta","event_id":"e1","item_id":"item_1","content_index":0,"delta":"Hel"}"#),
        ("conversation.item.input_audio_transcription.completed", #"{"type":"conversation.item.input_audio_transcription.completed","event_id":"e1","item_id":"item_1","content_index":0,"transcript":"Hello","usage":{"type":"duration","seconds":1}}"#),
        ("conversation.item.input_audio_transcription.failed", #"{"type":"conversation.item.input_audio_transcription.failed","event_id":"e1","item_id":"item_1","content_index":0,"error":{"type":"transcription_error","code":"audio_unintelligible","message":"no"}}"#),
        ("input_audio_buffer.committed", #"{"type":"input_audio_buffer.committed","event_id":"e1","previous_item_id":"item_0","item_id":"item_1"}"#),
        ("input_audio_buffer.cleared", #"{"type":"input_audio_buffer.cleared","event_id":"e1"}"#),
        ("input_audio_buffer.speech_started", #"{"type":"input_audio_buffer.speech_started","event_id":"e1","audio_start_ms":1000,"item_id":"item_1"}"#),
        ("input_audio_buffer.speech_stopped", #"{"type":"input_audio_buffer.speech_stopped","event_id":"e1","audio_end_ms":2000,"item_id":"item_1"}"#),
        ("input_audio_buffer.timeout_triggered", #"{"type":"input_audio_buffer.timeout_triggered","event_id":"e1","audio_start_ms":0,"audio_end_ms":5000,"item_id":"item_1"}"#),
        ("output_audio_buffer.started", #"{"type":"output_audio_buffer.started","event_id":"e1","response_id":"resp_1"}"#),
        ("output_audio_buffer.stopped", #"{"type":"output_audio_buffer.stopped","event_id":"e1","response_id":"resp_1"}"#),
        ("output_audio_buffer.cleared", #"{"type":"output_audio_buffer.cleared","event_id":"e1","response_id":"resp_1"}"#),
        ("response.created", #"{"type":"response.created","event_id":"e1","response":{"id":"resp_1","object":"realtime.response","status":"in_progress","output":[],"usage":null}}"#),
        ("response.done", #"{"type":"response.done","event_id":"e1","response":{"id":"resp_1","status":"completed","output":[{"id":"item_2","type":"function_call","call_id":"call_1","name":"f","arguments":"{}"}],"usage":{"total_tokens":10,"input_tokens":4,"output_tokens":6},"max_output_tokens":200}}"#),
        ("response.output_item.added", #"{"type":"response.output_item.added","event_id":"e1","response_id":"resp_1","output_index":0,"item":{"id":"item_2","type":"message","role":"assistant","content":[]}}"#),
        ("response.output_item.done", #"{"type":"response.output_item.done","event_id":"e1","response_id":"resp_1","output_index":0,"item":{"id":"item_2","type":"message"}}"#),
        ("response.content_part.added", #"{"type":"response.content_part.added","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"part":{"type":"output_audio","transcript":""}}"#),
        ("response.content_part.done", #"{"type":"response.content_part.done","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"part":{"type":"output_text","text":"Hi"}}"#),
        ("response.output_text.delta", #"{"type":"response.output_text.delta","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"delta":"Hi"}"#),
        ("response.output_text.done", #"{"type":"response.output_text.done","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"text":"Hi"}"#),
        ("response.output_audio.delta", #"{"type":"response.output_audio.delta","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"delta":"AAEC"}"#),
        ("response.output_audio.done", #"{"type":"response.output_audio.done","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0}"#),
        ("response.output_audio_transcript.delta", #"{"type":"response.output_audio_transcript.delta","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"delta":"Hi"}"#),
        ("response.output_audio_transcript.done", #"{"type":"response.output_audio_transcript.done","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"content_index":0,"transcript":"Hi"}"#),
        ("response.function_call_arguments.delta", #"{"type":"response.function_call_arguments.delta","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"call_id":"call_1","delta":"{\"a"}"#),
        ("response.function_call_arguments.done", #"{"type":"response.function_call_arguments.done","event_id":"e1","response_id":"resp_1","item_id":"item_2","output_index":0,"call_id":"call_1","name":"f","arguments":"{\"a\":1}"}"#),
        ("rate_limits.updated", #"{"type":"rate_limits.updated","event_id":"e1","rate_limits":[{"name":"requests","limit":1000,"remaining":999,"reset_seconds":7.0}]}"#),
    ]

    @Test("every server event of the GA protocol decodes to its typed case")
    func everyServerEvent() throws {
        for (type, json) in Self.serverEvents {
            let event = try RealtimeServerEvent.decode(Data(json.utf8))
            if case .unknown = event { Issue.record("\(type) decoded as unknown") }
        }
        let done = try RealtimeServerEvent.decode(Data(Self.serverEvents.first { $0.0 == "response.done" }!.1.utf8))
        guard case .responseDone(let response) = done else { throw CancellationError() }
        #expect(response.usage?.totalTokens == 10)
        #expect(response.maxOutputTokens == .limit(200))
        #expect(response.output?.first?.callID == "call_1")
        let created = try RealtimeServerEvent.decode(Data(Self.serverEvents[1].1.utf8))
        guard case .sessionCreated(let session) = created else { throw CancellationError() }
        #expect(session.maxOutputTokens == .infinite)
        #expect(session.audio?.input?.turnDetection??.threshold == 0.5)
        let audio = try RealtimeServerEvent.decode(Data(Self.serverEvents.first { $0.0 == "response.output_audio.delta" }!.1.utf8))
        if case .responseOutputAudioDelta(let delta) = audio { #expect(delta.audio == Data([0, 1, 2])) }
    }

    @Test("unknown types and known types with unexpected shapes are .unknown with their JSON; non-JSON is a decoding error")
    func unknownEvents() throws {
        let future = try RealtimeServerEvent.decode(Data(#"{"type":"conversation.item.teleported","item_id":"x"}"#.utf8))
        #expect(future == .unknown(type: "conversation.item.teleported", raw: ["type": "conversation.item.teleported", "item_id": "x"]))
        let reshaped = try RealtimeServerEvent.decode(Data(#"{"type":"response.done","response":"not an object"}"#.utf8))
        if case .unknown(let type, _) = reshaped { #expect(type == "response.done") } else { Issue.record("\(reshaped)") }
        #expect(throws: APIError.self) { try RealtimeServerEvent.decode(Data("not json".utf8)) }
        #expect(throws: APIError.self) { try RealtimeServerEvent.decode(Data(#"{"no_type":1}"#.utf8)) }
    }

    @Test("the accumulator joins text, transcript, audio and function-call arguments")
    func accumulator() throws {
        var accumulator = RealtimeResponseAccumulator()
        for (_, json) in Self.serverEvents { accumulator.apply(try RealtimeServerEvent.decode(Data(json.utf8))) }
        #expect(accumulator.text == "Hi")
        #expect(accumulator.transcript == "Hi")
        #expect(accumulator.audio == Data([0, 1, 2]))
        #expect(accumulator.functionCalls == [RealtimeFunctionCall(callID: "call_1", name: "f", arguments: #"{"a":1}"#, itemID: "item_2")])
        #expect(accumulator.isDone)
        #expect(accumulator.errors.count == 1)
        struct A: Decodable { let a: Int }
        #expect(try accumulator.functionCalls[0].decodeArguments(as: A.self).a == 1)
        let broken = RealtimeFunctionCall(callID: "c", name: "f", arguments: "{")
        #expect(throws: ToolArgumentsError.self) { try broken.decodeArguments(as: A.self) }
    }

    @Test("PCM16: base64 chunks on sample boundaries, samples, WAV round trip, typed errors")
    func pcm16() throws {
        let tone = PCM16Audio.tone(frequency: 440, seconds: 0.1)
        #expect(tone.count == 4800)
        let chunks = PCM16Audio.base64Chunks(tone, chunkBytes: 1001)
        #expect(chunks.count == 5)
        #expect(try chunks.dropLast().allSatisfy { try #require(Data(base64Encoded: $0)).count == 1000 })
        #expect(try PCM16Audio.decode(base64Chunks: chunks) == tone)
        #expect(throws: PCM16AudioError.invalidBase64(index: 1)) { try PCM16Audio.decode(base64Chunks: [chunks[0], "@@"]) }
        let samples = PCM16Audio.samples(tone)
        #expect(samples.count == 2400)
        #expect(PCM16Audio.data(samples: samples) == tone)
        #expect(samples.max()! > 9000)

        let wav = PCM16Audio.wav(pcm16: tone)
        #expect(wav.count == 44 + 4800)
        #expect(String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
        let read = try PCM16Audio.read(wav: wav)
        #expect(read.pcm16 == tone && read.sampleRate == 24_000 && read.channels == 1)
        #expect(throws: PCM16AudioError.invalidWAV("not a RIFF/WAVE file")) { try PCM16Audio.read(wav: Data("hello world!".utf8)) }
        var eightBit = wav
        eightBit[34] = 8
        #expect(throws: PCM16AudioError.invalidWAV("not 16-bit PCM")) { try PCM16Audio.read(wav: eightBit) }
    }

    @Test("client events on the wire: type, event_id, fields in the documented shape")
    func clientEvents() throws {
        func wire(_ event: RealtimeClientEvent, id: String? = nil) throws -> JSONValue {
            try JSONDecoder().decode(JSONValue.self, from: OrderedJSONEncoder().encode(RealtimeClientEventEnvelope(event: event, eventID: id)))
        }
        #expect(try wire(.inputAudioBufferAppend(audio: "AAA="), id: "e1") == ["type": "input_audio_buffer.append", "event_id": "e1", "audio": "AAA="])
        #expect(try wire(.inputAudioBufferCommit) == ["type": "input_audio_buffer.commit"])
        #expect(try wire(.conversationItemTruncate(itemID: "i", contentIndex: 0, audioEndMs: 1500)) == ["type": "conversation.item.truncate", "item_id": "i", "content_index": 0, "audio_end_ms": 1500])
        #expect(try wire(.conversationItemCreate(.functionCallOutput(callID: "c", output: "o"), previousItemID: "root"))
            == ["type": "conversation.item.create", "previous_item_id": "root", "item": ["type": "function_call_output", "call_id": "c", "output": "o"]])
        #expect(try wire(.responseCreate(.init(outputModalities: ["text"], conversation: "none")))
            == ["type": "response.create", "response": ["output_modalities": ["text"], "conversation": "none"]])
        #expect(try wire(.responseCancel()) == ["type": "response.cancel"])
        #expect(try wire(.raw(["type": "custom.thing", "x": 1])) == ["type": "custom.thing", "x": 1])
    }
}
