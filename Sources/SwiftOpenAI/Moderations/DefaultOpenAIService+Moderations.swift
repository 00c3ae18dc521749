import AICore
import Foundation

/// Moderations.
extension DefaultOpenAIService {
    public func createModeration<Input: Encodable & Sendable>(
        parameters: ModerationParameter<Input>, options: RequestOptions
    ) async throws -> ModerationObject {
        try await client.decode(ModerationObject.self, for: .json(.post, routing.path("/moderations"), body: parameters), options: options)
    }
}
