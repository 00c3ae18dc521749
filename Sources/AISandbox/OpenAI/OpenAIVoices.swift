import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/audio/voice_consents` and `/v1/audio/voices`: consent recordings and the custom voices made from them.
///
/// A voice needs a consent that exists; `/v1/audio/speech` accepts a custom voice (`"voice": {"id": "voice_…"}`)
/// only when it was made here. Recordings must be audio the API takes (by content type or file extension), at
/// most 10 MiB.
final class OpenAIVoices: Sendable {
    private struct State: Sendable {
        var consentIDs = SandboxCounter()
        var voiceIDs = SandboxCounter()
        var consents: [String: JSON] = [:]
        var consentOrder: [String] = []
        var voices: [String: JSON] = [:]
    }

    private let state = NIOLockedValueBox(State())
    static let audioTypes: Set<String> = [
        "audio/mpeg", "audio/wav", "audio/x-wav", "audio/ogg", "audio/aac", "audio/flac", "audio/webm", "audio/mp4",
    ]
    static let audioExtensions: Set<String> = ["mp3", "mpeg", "wav", "ogg", "aac", "flac", "webm", "mp4", "m4a"]
    static let maxRecordingBytes = 10 << 20

    static func store(_ state: SandboxState) -> OpenAIVoices {
        state.store(OpenAIVoices.self) { OpenAIVoices() }
    }

    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/audio/voice_consents") { route in store(route.state).createConsent(route.request) }
        routes.add(.get, "/v1/audio/voice_consents") { route in store(route.state).listConsents(route.request) }
        routes.add(.get, "/v1/audio/voice_consents/{consent_id}") { route in store(route.state).consent(route.parameter("consent_id")) }
        routes.add(.post, "/v1/audio/voice_consents/{consent_id}") { route in
            store(route.state).updateConsent(route.parameter("consent_id"), route.json)
        }
        routes.add(.delete, "/v1/audio/voice_consents/{consent_id}") { route in
            store(route.state).deleteConsent(route.parameter("consent_id"))
        }
        routes.add(.post, "/v1/audio/voices") { route in store(route.state).createVoice(route.request) }
        routes.add(.delete, "/v1/audio/voices/{voice_id}") { route in store(route.state).deleteVoice(route.parameter("voice_id")) }
    }

    /// Whether `id` names a custom voice made in this sandbox.
    func voiceExists(_ id: String) -> Bool {
        state.withLockedValue { $0.voices[id] != nil }
    }

    private static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    private static func consentNotFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No voice consent found with id '\(id)'.", type: "invalid_request_error", param: "consent_id")
    }

    /// The form's text fields and its one audio file named `fileField`, or the 400 the API answers.
    private static func form(_ request: RecordedRequest, fields: [String], fileField: String) -> Result<([String: String], Data), VoiceFormRejection> {
        guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")) else {
            return .failure(VoiceFormRejection(plan: invalid("The request must be multipart/form-data.")))
        }
        var values: [String: String] = [:]
        for field in fields {
            guard let part = parts.first(where: { $0.name == field && $0.filename == nil }),
                let text = String(data: part.data, encoding: .utf8), !text.isEmpty
            else {
                return .failure(VoiceFormRejection(plan: invalid("Missing required parameter: '\(field)'.", param: field)))
            }
            values[field] = text
        }
        guard let file = parts.first(where: { $0.name == fileField && $0.filename != nil }) else {
            return .failure(VoiceFormRejection(plan: invalid("Missing required parameter: '\(fileField)'.", param: fileField)))
        }
        let type = file.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let fileExtension = file.filename.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
        guard audioTypes.contains(type) || audioExtensions.contains(fileExtension) else {
            return .failure(VoiceFormRejection(plan: invalid(
                "Unsupported file type '\(type.isEmpty ? fileExtension : type)'. Supported: \(audioTypes.sorted().joined(separator: ", ")).",
                param: fileField)))
        }
        guard !file.data.isEmpty, file.data.count <= maxRecordingBytes else {
            return .failure(VoiceFormRejection(plan: invalid("The '\(fileField)' file must be 1 byte to 10 MiB.", param: fileField)))
        }
        return .success((values, file.data))
    }

    /// `POST /audio/voice_consents`.
    func createConsent(_ request: RecordedRequest) -> ResponsePlan {
        let values: [String: String]
        switch Self.form(request, fields: ["name", "language"], fileField: "recording") {
        case .failure(let error): return error.plan
        case .success(let form): values = form.0
        }
        return state.withLockedValue { state in
            let id = state.consentIDs.nextID("cons", separator: "_")
            let consent: JSON = [
                "object": "audio.voice_consent", "id": .string(id), "name": JSON(values["name"]), "language": JSON(values["language"]),
                "created_at": .int(1_734_220_800 + state.consentIDs.count),
            ]
            state.consents[id] = consent
            state.consentOrder.append(id)
            return .json(consent)
        }
    }

    /// `GET /audio/voice_consents`: oldest first, as the API lists them.
    func listConsents(_ request: RecordedRequest) -> ResponsePlan {
        let items = state.withLockedValue { state in state.consentOrder.compactMap { state.consents[$0] } }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "asc"))
    }

    /// `GET /audio/voice_consents/{id}`.
    func consent(_ id: String) -> ResponsePlan {
        state.withLockedValue { $0.consents[id] }.map { .json($0) } ?? Self.consentNotFound(id)
    }

    /// `POST /audio/voice_consents/{id}`: only the name changes.
    func updateConsent(_ id: String, _ body: JSON) -> ResponsePlan {
        guard let name = body["name"]?.string, !name.isEmpty else { return Self.invalid("Missing required parameter: 'name'.", param: "name") }
        if let unknown = body.object?.keys.first(where: { $0 != "name" }) {
            return Self.invalid("Unrecognized request argument supplied: \(unknown)", param: unknown)
        }
        return state.withLockedValue { state in
            guard var consent = state.consents[id] else { return Self.consentNotFound(id) }
            consent["name"] = .string(name)
            state.consents[id] = consent
            return .json(consent)
        }
    }

    /// `DELETE /audio/voice_consents/{id}`.
    func deleteConsent(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard state.consents.removeValue(forKey: id) != nil else { return Self.consentNotFound(id) }
            state.consentOrder.removeAll { $0 == id }
            return .json(["id": .string(id), "object": "audio.voice_consent", "deleted": true] as JSON)
        }
    }

    /// `POST /audio/voices`: needs the consent it names.
    func createVoice(_ request: RecordedRequest) -> ResponsePlan {
        let values: [String: String]
        switch Self.form(request, fields: ["name", "consent"], fileField: "audio_sample") {
        case .failure(let error): return error.plan
        case .success(let form): values = form.0
        }
        let consentID = values["consent"] ?? ""
        return state.withLockedValue { state in
            guard state.consents[consentID] != nil else {
                return .error(status: 404, message: "No voice consent found with id '\(consentID)'.", type: "invalid_request_error", param: "consent")
            }
            let id = state.voiceIDs.nextID("voice", separator: "_")
            let voice: JSON = [
                "object": "audio.voice", "id": .string(id), "name": JSON(values["name"]), "type": "audio_sample",
                "created_at": .int(1_734_220_800 + state.voiceIDs.count),
            ]
            state.voices[id] = voice
            return .json(voice)
        }
    }
}

extension OpenAIVoices {
    /// `DELETE /audio/voices/{id}`: the voice goes (speech with it then fails); its consent stays.
    func deleteVoice(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard state.voices.removeValue(forKey: id) != nil else {
                return .error(status: 404, message: "No voice found with id '\(id)'.", type: "invalid_request_error", param: "voice_id")
            }
            return .json(["id": .string(id), "object": "audio.voice.deleted", "deleted": true] as JSON)
        }
    }
}

/// A finished error answer carried through a `Result`.
private struct VoiceFormRejection: Error {
    let plan: ResponsePlan
}
