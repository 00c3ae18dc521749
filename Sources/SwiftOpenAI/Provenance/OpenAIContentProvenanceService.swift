import AICore
import Foundation

/// Content provenance checks: whether a piece of media carries OpenAI's provenance signals.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIContentProvenanceService: Sendable {
    /// [Checks](https://platform.openai.com/docs/api-reference/content-provenance) an image or audio file for
    /// OpenAI's C2PA manifest and SynthID watermark.
    func checkContentProvenance(parameters: ContentProvenanceParameters, options: RequestOptions) async throws -> ContentProvenanceCheck
}

extension OpenAIContentProvenanceService {
    public func checkContentProvenance(parameters: ContentProvenanceParameters) async throws -> ContentProvenanceCheck {
        try await checkContentProvenance(parameters: parameters, options: .default)
    }
}
