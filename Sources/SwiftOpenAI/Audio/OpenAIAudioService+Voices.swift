import AICore
import Foundation

// The custom-voice calls without `options:`, and every consent recording page after page.
extension OpenAIAudioService {
    public func createVoiceConsent(parameters: VoiceConsentParameters) async throws -> VoiceConsent {
        try await createVoiceConsent(parameters: parameters, options: .default)
    }

    public func listVoiceConsents(parameters: ListParameters = ListParameters()) async throws -> OpenAIResponse<VoiceConsent> {
        try await listVoiceConsents(parameters: parameters, options: .default)
    }

    public func retrieveVoiceConsent(id: String) async throws -> VoiceConsent {
        try await retrieveVoiceConsent(id: id, options: .default)
    }

    public func updateVoiceConsent(id: String, name: String) async throws -> VoiceConsent {
        try await updateVoiceConsent(id: id, name: name, options: .default)
    }

    public func deleteVoiceConsent(id: String) async throws -> VoiceConsent.DeletionStatus {
        try await deleteVoiceConsent(id: id, options: .default)
    }

    public func createVoice(parameters: CustomVoiceParameters) async throws -> CustomVoice {
        try await createVoice(parameters: parameters, options: .default)
    }

    public func deleteVoice(id: String) async throws -> CustomVoice.DeletionStatus {
        try await deleteVoice(id: id, options: .default)
    }

    /// Every consent recording, page after page as the sequence is consumed.
    public func allVoiceConsents(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<VoiceConsent> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listVoiceConsents(parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
    }
}
