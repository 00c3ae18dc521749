import AICore
import Foundation

/// A speech-to-text model id (`whisper-1`, `gpt-4o-transcribe`, `gpt-4o-mini-transcribe`, or any other).
public struct AudioModel: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let whisperOne = AudioModel(rawValue: "whisper-1")
    public static let gpt4oTranscribe = AudioModel(rawValue: "gpt-4o-transcribe")
    public static let gpt4oMiniTranscribe = AudioModel(rawValue: "gpt-4o-mini-transcribe")
    public static let gpt4oTranscribeDiarize = AudioModel(rawValue: "gpt-4o-transcribe-diarize")
}

/// [Transcribes audio](https://platform.openai.com/docs/api-reference/audio/createTranscription) into text.
public struct AudioTranscriptionParameters: Sendable {
    /// The file name, with its extension (the server uses it to tell the format).
    public var fileName: String
    /// The audio: flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav or webm.
    public var file: Data
    public var model: String
    /// ISO-639-1 language of the audio, e.g. `en`.
    public var language: String?
    /// Text to guide the style, or the previous segment.
    public var prompt: String?
    /// `json` (default), `text`, `srt`, `verbose_json` or `vtt` (`gpt-4o-*transcribe`: `json` or `text`).
    public var responseFormat: String?
    public var temperature: Double?
    /// `word` and/or `segment` (needs `verbose_json`).
    public var timestampGranularities: [String]?
    /// `logprobs` (gpt-4o transcription models, `json` format).
    public var include: [String]?
    /// Set by `createTranscriptionStream`.
    public var stream: Bool?

    public typealias Model = AudioModel

    public init(
        fileName: String,
        file: Data,
        model: Model = .whisperOne,
        prompt: String? = nil,
        responseFormat: String? = nil,
        temperature: Double? = nil,
        language: String? = nil,
        timestampGranularities: [String]? = nil,
        include: [String]? = nil
    ) {
        self.fileName = fileName
        self.file = file
        self.model = model.rawValue
        self.prompt = prompt
        self.responseFormat = responseFormat
        self.temperature = temperature
        self.language = language
        self.timestampGranularities = timestampGranularities
        self.include = include
    }

    var form: MultipartFormData {
        var form = AudioFile.form(
            fileName: fileName, file: file, model: model, prompt: prompt, responseFormat: responseFormat, temperature: temperature)
        form.append(name: "language", value: language)
        for granularity in timestampGranularities ?? [] { form.append(name: "timestamp_granularities[]", value: granularity) }
        for value in include ?? [] { form.append(name: "include[]", value: value) }
        if let stream { form.append(name: "stream", value: stream ? "true" : "false") }
        return form
    }
}

/// [Translates audio](https://platform.openai.com/docs/api-reference/audio/createTranslation) into English text.
public struct AudioTranslationParameters: Sendable {
    public var fileName: String
    public var file: Data
    public var model: String
    public var prompt: String?
    /// `json` (default), `text`, `srt`, `verbose_json` or `vtt`.
    public var responseFormat: String?
    public var temperature: Double?

    public typealias Model = AudioModel

    public init(
        fileName: String,
        file: Data,
        model: Model = .whisperOne,
        prompt: String? = nil,
        responseFormat: String? = nil,
        temperature: Double? = nil
    ) {
        self.fileName = fileName
        self.file = file
        self.model = model.rawValue
        self.prompt = prompt
        self.responseFormat = responseFormat
        self.temperature = temperature
    }

    var form: MultipartFormData {
        AudioFile.form(
            fileName: fileName, file: file, model: model, prompt: prompt, responseFormat: responseFormat, temperature: temperature)
    }
}

enum AudioFile {
    /// The fields transcriptions and translations share.
    static func form(
        fileName: String, file: Data, model: String, prompt: String?, responseFormat: String?, temperature: Double?
    ) -> MultipartFormData {
        var form = MultipartFormData()
        form.append(name: "file", filename: fileName, contentType: contentType(forFileName: fileName), data: file)
        form.append(name: "model", value: model)
        form.append(name: "prompt", value: prompt)
        form.append(name: "response_format", value: responseFormat)
        form.append(name: "temperature", value: temperature)
        return form
    }

    static func contentType(forFileName name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "mp3", "mpga", "mpeg": "audio/mpeg"
        case "m4a", "mp4": "audio/mp4"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        case "ogg", "oga": "audio/ogg"
        case "webm": "audio/webm"
        default: "application/octet-stream"
        }
    }
}
