import AICore
import Foundation

/// The [moderations](https://platform.openai.com/docs/api-reference/moderations) call of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIModerationsService: AnyObject, Sendable {
    /// [Classifies](https://platform.openai.com/docs/api-reference/moderations/create) any moderation input.
    func createModeration<Input: Encodable & Sendable>(
        parameters: ModerationParameter<Input>, options: RequestOptions
    ) async throws -> ModerationObject
}

extension OpenAIModerationsService {
    /// Classifies one text.
    public func createModerationFromText(
        parameters: ModerationParameter<String>, options: RequestOptions = .default
    ) async throws -> ModerationObject {
        try await createModeration(parameters: parameters, options: options)
    }

    /// Classifies several texts.
    public func createModerationFromTexts(
        parameters: ModerationParameter<[String]>, options: RequestOptions = .default
    ) async throws -> ModerationObject {
        try await createModeration(parameters: parameters, options: options)
    }
}
