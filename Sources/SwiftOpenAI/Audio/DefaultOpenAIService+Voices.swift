import AICore
import Foundation

// Custom voices are an OpenAI feature (Azure makes custom voices in its Speech service, not in Azure OpenAI).
extension DefaultOpenAIService {
    public func createVoiceConsent(parameters: VoiceConsentParameters, options: RequestOptions) async throws -> VoiceConsent {
        try await client.decode(VoiceConsent.self, for: .multipart(.post, try customVoicePath("/audio/voice_consents"), form: parameters.form), options: options)
    }

    public func listVoiceConsents(parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<VoiceConsent> {
        var query: [URLQueryItem] = []
        if let limit = parameters.limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let after = parameters.after { query.append(URLQueryItem(name: "after", value: after)) }
        return try await client.decode(
            OpenAIResponse<VoiceConsent>.self, for: APIRequest(method: .get, path: try customVoicePath("/audio/voice_consents"), query: query),
            options: options)
    }

    public func retrieveVoiceConsent(id: String, options: RequestOptions) async throws -> VoiceConsent {
        try await client.decode(VoiceConsent.self, for: APIRequest(method: .get, path: try voiceConsentPath(id)), options: options)
    }

    public func updateVoiceConsent(id: String, name: String, options: RequestOptions) async throws -> VoiceConsent {
        try await client.decode(VoiceConsent.self, for: .json(.post, try voiceConsentPath(id), body: ["name": name]), options: options)
    }

    public func deleteVoiceConsent(id: String, options: RequestOptions) async throws -> VoiceConsent.DeletionStatus {
        try await client.decode(VoiceConsent.DeletionStatus.self, for: APIRequest(method: .delete, path: try voiceConsentPath(id)), options: options)
    }

    public func createVoice(parameters: CustomVoiceParameters, options: RequestOptions) async throws -> CustomVoice {
        try await client.decode(CustomVoice.self, for: .multipart(.post, try customVoicePath("/audio/voices"), form: parameters.form), options: options)
    }

    public func deleteVoice(id: String, options: RequestOptions) async throws -> CustomVoice.DeletionStatus {
        let path = try customVoicePath("/audio/voices/\(Self.pathComponent(id))")
        return try await client.decode(CustomVoice.DeletionStatus.self, for: APIRequest(method: .delete, path: path), options: options)
    }

    private func customVoicePath(_ path: String) throws -> String {
        try routing.openAIOnlyPath(path, feature: "Custom voices")
    }

    private func voiceConsentPath(_ id: String) throws -> String {
        try customVoicePath("/audio/voice_consents/\(Self.pathComponent(id))")
    }
}
