import AIServerKit
import Foundation

/// `/v1/audio/speech`, `/v1/audio/transcriptions`, `/v1/audio/translations`.
///
/// Speech is deterministic bytes with the right container signature for the format (so clients can check
/// what they got), and for MP3, the default, a file a decoder plays (silence as long as the text takes to
/// say); transcripts echo a `SANDBOX-AUDIO:` text carried in the uploaded file, or describe the file.
enum OpenAIAudio {
    static let voices: Set<String> = ["alloy", "ash", "ballad", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer", "verse", "marin", "cedar"]
    static let speechModels: Set<String> = ["tts-1", "tts-1-hd", "gpt-4o-mini-tts"]
    static let formats: [String: (contentType: String, signature: [UInt8])] = [
        "mp3": ("audio/mpeg", Array("ID3".utf8)), "opus": ("audio/ogg", Array("OggS".utf8)), "aac": ("audio/aac", [0xFF, 0xF1]),
        "flac": ("audio/flac", Array("fLaC".utf8)), "wav": ("audio/wav", Array("RIFF".utf8)), "pcm": ("audio/pcm", []),
    ]

    /// The bytes the sandbox "speaks" for a request: for `mp3` a valid MP3 whose duration follows the input
    /// (see ``MP3Writer``); for the other formats a signature, then 64 bytes per input character.
    static func speechBytes(input: String, format: String, speed: Double = 1) -> [UInt8] {
        if format == "mp3" { return MP3Writer.mp3(input: input, speed: speed) }
        var bytes = formats[format]?.signature ?? []
        let seed = SandboxText.hash(input)
        for index in 0..<(input.count * 64) { bytes.append(UInt8(truncatingIfNeeded: seed >> UInt64(index % 56) &+ UInt64(index))) }
        return bytes
    }

    /// `customVoices` tells whether a custom voice id (`"voice": {"id": …}`) was made in this sandbox.
    static func speech(_ body: JSON, customVoices: OpenAIVoices? = nil) -> ResponsePlan {
        guard let model = body["model"]?.string, let input = body["input"]?.string, let voice = body["voice"]?.string ?? body["voice"]?["id"]?.string else {
            return .error(status: 400, message: "model, input and voice are required.", type: "invalid_request_error")
        }
        guard speechModels.contains(model) else {
            return .error(status: 404, message: "The model `\(model)` does not exist or you do not have access to it.", type: "invalid_request_error", code: "model_not_found")
        }
        if body["voice"]?.string == nil {
            guard customVoices?.voiceExists(voice) == true else {
                return .error(status: 400, message: "Invalid value for 'voice': no custom voice with id '\(voice)'.", type: "invalid_request_error", param: "voice")
            }
        } else {
            guard voices.contains(voice) else {
                return .error(status: 400, message: "Invalid value for 'voice': '\(voice)'.", type: "invalid_request_error", param: "voice")
            }
        }
        guard input.count <= 4096, !input.isEmpty else {
            return .error(status: 400, message: "'input' must be 1 to 4096 characters.", type: "invalid_request_error", param: "input")
        }
        if body["instructions"] != nil, model != "gpt-4o-mini-tts" {
            return .error(status: 400, message: "Instructions are not supported for \(model).", type: "invalid_request_error", param: "instructions")
        }
        if let speed = body["speed"]?.double, !(0.25...4).contains(speed) {
            return .error(status: 400, message: "'speed' must be between 0.25 and 4.0.", type: "invalid_request_error", param: "speed")
        }
        let format = body["response_format"]?.string ?? "mp3"
        guard let info = formats[format] else {
            return .error(status: 400, message: "Invalid value for 'response_format': '\(format)'.", type: "invalid_request_error", param: "response_format")
        }
        // Chunks of 1 KB, like a server streaming audio as it is generated.
        let bytes = speechBytes(input: input, format: format, speed: body["speed"]?.double ?? 1)
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            chunks.append(Array(bytes[start..<min(start + 1024, bytes.count)]))
            start += 1024
        }
        switch body["stream_format"]?.string ?? "audio" {
        case "audio":
            break
        case "sse":
            guard model == "gpt-4o-mini-tts" else {
                return .error(status: 400, message: "stream_format 'sse' is not supported for \(model).", type: "invalid_request_error", param: "stream_format")
            }
            // Base64 audio deltas, then the usage; no [DONE].
            let inputTokens = SandboxText.countTokens(input) + SandboxText.countTokens(body["instructions"]?.string ?? "")
            let outputTokens = chunks.count * 20
            let deltas: [JSON] = chunks.map { ["type": "speech.audio.delta", "audio": .string(Data($0).base64EncodedString())] }
            let done: JSON = [
                "type": "speech.audio.done",
                "usage": ["input_tokens": .int(inputTokens), "output_tokens": .int(outputTokens), "total_tokens": .int(inputTokens + outputTokens)],
            ]
            return .events(deltas + [done], done: false)
        case let other:
            return .error(status: 400, message: "Invalid value for 'stream_format': '\(other)'.", type: "invalid_request_error", param: "stream_format")
        }
        return ResponsePlan(status: 200, contentType: info.contentType, body: .events(chunks))
    }

    static func transcription(_ request: RecordedRequest, translate: Bool) -> ResponsePlan {
        guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")) else {
            return .error(status: 400, message: "Expected a multipart/form-data body.", type: "invalid_request_error")
        }
        func field(_ name: String) -> String? {
            parts.first { $0.name == name }.map { String(decoding: $0.data, as: UTF8.self) }
        }
        guard let file = parts.first(where: { $0.name == "file" }), let filename = file.filename else {
            return .error(status: 400, message: "A 'file' part with a filename is required.", type: "invalid_request_error", param: "file")
        }
        let supported = ["flac", "mp3", "mp4", "mpeg", "mpga", "m4a", "ogg", "wav", "webm"]
        let ext = (filename as NSString).pathExtension.lowercased()
        guard supported.contains(ext) else {
            return .error(status: 400, message: "Invalid file format. Supported formats: \(supported)", type: "invalid_request_error", param: "file")
        }
        let model = field("model") ?? ""
        guard ["whisper-1", "gpt-4o-transcribe", "gpt-4o-mini-transcribe", "gpt-4o-transcribe-diarize"].contains(model) else {
            return .error(status: 400, message: "Invalid model '\(model)'.", type: "invalid_request_error", param: "model")
        }
        let spoken = String(data: file.data, encoding: .utf8).flatMap { $0.hasPrefix("SANDBOX-AUDIO:") ? String($0.dropFirst("SANDBOX-AUDIO:".count)) : nil }
        var text = spoken ?? "Sandbox transcript of \(filename) (\(file.data.count) bytes)."
        if translate { text = "(English) " + text }
        let format = field("response_format") ?? "json"
        let duration = Double(max(1, SandboxText.tokens(text).count)) * 0.4
        if field("stream") == "true" {
            guard model != "whisper-1", !translate else {
                return .error(status: 400, message: "Streaming is not supported for whisper-1.", type: "invalid_request_error", param: "stream")
            }
            var events: [JSON] = SandboxText.tokens(text).map { ["type": "transcript.text.delta", "delta": .string($0)] }
            events.append([
                "type": "transcript.text.done", "text": .string(text),
                "usage": ["type": "tokens", "input_tokens": 20, "output_tokens": .int(events.count), "total_tokens": .int(20 + events.count)],
            ])
            return .events(events, done: false)
        }
        let words = SandboxText.tokens(text).map { $0.trimmingCharacters(in: .whitespaces) }
        switch format {
        case "text":
            return ResponsePlan(status: 200, contentType: "text/plain; charset=utf-8", body: .full(Array((text + "\n").utf8)))
        case "srt":
            let body = "1\n00:00:00,000 --> \(timestamp(duration, separator: ","))\n\(text)\n\n"
            return ResponsePlan(status: 200, contentType: "text/plain; charset=utf-8", body: .full(Array(body.utf8)))
        case "vtt":
            let body = "WEBVTT\n\n00:00:00.000 --> \(timestamp(duration, separator: "."))\n\(text)\n\n"
            return ResponsePlan(status: 200, contentType: "text/vtt; charset=utf-8", body: .full(Array(body.utf8)))
        case "verbose_json":
            guard model == "whisper-1" else {
                return .error(status: 400, message: "response_format 'verbose_json' is not compatible with model '\(model)'.", type: "invalid_request_error", param: "response_format")
            }
            let granularities = parts.filter { $0.name == "timestamp_granularities[]" }.map { String(decoding: $0.data, as: UTF8.self) }
            var object: JSON = [
                "task": translate ? "translate" : "transcribe", "language": .string(translate ? "english" : (field("language") ?? "english")),
                "duration": .double(duration), "text": .string(text), "usage": ["type": "duration", "seconds": .int(Int(duration.rounded(.up)))],
            ]
            if granularities.isEmpty || granularities.contains("segment") {
                object["segments"] = [[
                    "id": 0, "seek": 0, "start": 0.0, "end": .double(duration), "text": .string(" " + text), "tokens": [50364, 50414],
                    "temperature": 0.0, "avg_logprob": -0.2, "compression_ratio": 1.1, "no_speech_prob": 0.01,
                ]]
            }
            if granularities.contains("word") {
                object["words"] = .array(words.enumerated().map {
                    ["word": .string($0.element), "start": .double(Double($0.offset) * 0.4), "end": .double(Double($0.offset + 1) * 0.4)]
                })
            }
            return .json(object)
        case "json":
            var object: JSON = ["text": .string(text)]
            if model == "whisper-1" {
                object["usage"] = ["type": "duration", "seconds": .int(Int(duration.rounded(.up)))]
            } else {
                object["usage"] = ["type": "tokens", "input_tokens": 20, "output_tokens": .int(words.count), "total_tokens": .int(20 + words.count)]
            }
            if parts.contains(where: { $0.name == "include[]" && String(decoding: $0.data, as: UTF8.self) == "logprobs" }) {
                object["logprobs"] = .array(words.map { ["token": .string($0), "logprob": -0.1, "bytes": .array($0.utf8.map { .int(Int($0)) })] })
            }
            return .json(object)
        default:
            return .error(status: 400, message: "Invalid response_format '\(format)'.", type: "invalid_request_error", param: "response_format")
        }
    }

    private static func timestamp(_ seconds: Double, separator: String) -> String {
        let millis = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d%@%03d", millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60, separator, millis % 1000)
    }
}
