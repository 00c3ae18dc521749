import AICore
import Foundation

// Provenance checks are OpenAI's own; on Azure OpenAI the call fails before anything is sent.
extension DefaultOpenAIService {
    public func checkContentProvenance(parameters: ContentProvenanceParameters, options: RequestOptions) async throws -> ContentProvenanceCheck {
        let path = try routing.openAIOnlyPath("/content_provenance_checks", feature: "Content provenance checks")
        return try await client.decode(ContentProvenanceCheck.self, for: .multipart(.post, path, form: parameters.form), options: options)
    }
}
