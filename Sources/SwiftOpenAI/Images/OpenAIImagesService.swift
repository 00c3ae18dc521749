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

    /// [Creates images](https://platform.openai.com/docs/api-reference/images/create) as a stream (GPT image
    /// models): `parameters.partialImages` partial images, then the final one, so an app can show progress.
    func createImagesStream(parameters: ImageCreateParameters, options: RequestOptions) async throws -> AIStream<ImageStreamEvent>

    /// [Edits images](https://platform.openai.com/docs/api-reference/images/createEdit) as a stream (GPT image
    /// models): partial images, then the final one.
    func editImageStream(parameters: ImageEditParameters, options: RequestOptions) async throws -> AIStream<ImageStreamEvent>

    /// The bytes of an image: decoded from `b64_json`, or downloaded from its `url` (without this service's credentials).
    func imageData(for image: ImageObject, options: RequestOptions) async throws -> Data
}
