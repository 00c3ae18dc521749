import AICore
import Foundation

/// A recorded consent from the speaker of a custom voice (`audio.voice_consent`): a voice can only be made from
/// a sample whose speaker has consented.
public struct VoiceConsent: Codable, Sendable, Equatable, Identifiable {
    /// `cons_…`.
    public var id: String
    /// `audio.voice_consent`.
    public var object: String
    /// The label given when the recording was uploaded.
    public var name: String
    /// The BCP 47 tag of the consent phrase's language, e.g. `en-US`.
    public var language: String
    /// Unix seconds.
    public var createdAt: Int

    public init(id: String, object: String = "audio.voice_consent", name: String, language: String, createdAt: Int) {
        self.id = id
        self.object = object
        self.name = name
        self.language = language
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, object, name, language
        case createdAt = "created_at"
    }

    /// The answer to a delete.
    public struct DeletionStatus: Codable, Sendable, Equatable {
        public var id: String
        public var object: String
        public var deleted: Bool
    }
}

/// An audio recording to upload (a consent phrase or a voice sample): up to 10 MiB of mp3, wav, ogg, aac, flac,
/// webm or mp4 audio.
public struct VoiceRecording: Sendable {
    public var data: Data
    /// The file name sent with it; its extension tells the server the format when `contentType` is generic.
    public var fileName: String
    /// e.g. `audio/wav`, `audio/mpeg`.
    public var contentType: String

    public init(data: Data, fileName: String, contentType: String) {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }
}

/// `POST /v1/audio/voice_consents`: the speaker reading the consent phrase.
public struct VoiceConsentParameters: Sendable {
    /// A label for the recording, e.g. the speaker's name.
    public var name: String
    /// The BCP 47 tag of the phrase's language, e.g. `en-US`.
    public var language: String
    public var recording: VoiceRecording

    public init(name: String, language: String, recording: VoiceRecording) {
        self.name = name
        self.language = language
        self.recording = recording
    }

    var form: MultipartFormData {
        var form = MultipartFormData()
        form.append(name: "name", value: name)
        form.append(name: "language", value: language)
        form.append(name: "recording", filename: recording.fileName, contentType: recording.contentType, data: recording.data)
        return form
    }
}

/// A custom voice (`audio.voice`): use its ``id`` as the voice of speech (``AudioSpeechParameters/Voice/custom(_:)``)
/// or of a Realtime session (``RealtimeAudioOutput/init(format:customVoiceID:speed:)``).
public struct CustomVoice: Codable, Sendable, Equatable, Identifiable {
    /// `voice_…`.
    public var id: String
    /// `audio.voice`.
    public var object: String
    public var name: String
    /// Unix seconds.
    public var createdAt: Int
    /// How it was made: `audio_sample` (or `prompt`, for voices made from a description).
    public var type: String?

    public init(id: String, object: String = "audio.voice", name: String, createdAt: Int, type: String? = "audio_sample") {
        self.id = id
        self.object = object
        self.name = name
        self.createdAt = createdAt
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case id, object, name, type
        case createdAt = "created_at"
    }

    /// The answer to a delete (`audio.voice.deleted`).
    public struct DeletionStatus: Codable, Sendable, Equatable {
        public var id: String
        public var object: String
        public var deleted: Bool
    }
}

/// `POST /v1/audio/voices`: a sample of the voice, and the consent of its speaker.
public struct CustomVoiceParameters: Sendable {
    /// The new voice's name.
    public var name: String
    /// The id of the speaker's consent recording (`cons_…`).
    public var consentID: String
    public var audioSample: VoiceRecording

    public init(name: String, consentID: String, audioSample: VoiceRecording) {
        self.name = name
        self.consentID = consentID
        self.audioSample = audioSample
    }

    var form: MultipartFormData {
        var form = MultipartFormData()
        form.append(name: "name", value: name)
        form.append(name: "consent", value: consentID)
        form.append(name: "audio_sample", filename: audioSample.fileName, contentType: audioSample.contentType, data: audioSample.data)
        return form
    }
}
