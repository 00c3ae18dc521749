import AICore
import Foundation

/// The [images](https://platform.openai.com/docs/api-reference/images) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIImagesService: AnyObject, Sendable {
    /// [Creates images](https://platform.openai.com/docs/api-reference/images/create).
    func createImages(parameters: ImageCreateParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// [Edits images](https://platform.openai.com/docs/api-reference/images/createEdit).
    func editImage(parameters: ImageEditParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// [Creates variations](https://platform.openai.com/docs/api-reference/images/createVariation) of an image.
    func createImageVariations(parameters: ImageVariationParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject>

    /// The bytes of an image: decoded from `b64_json`, or downloaded from its `url` (without this service's credentials).
    func imageData(for image: ImageObject, options: RequestOptions) async throws -> Data
}
