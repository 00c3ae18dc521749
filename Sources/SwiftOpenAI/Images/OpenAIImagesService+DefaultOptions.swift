import AICore
import Foundation

// Every `OpenAIImagesService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIImagesService {
    public func createImages(parameters: ImageCreateParameters) async throws -> OpenAIResponse<ImageObject> {
        try await createImages(parameters: parameters, options: .default)
    }

    public func editImage(parameters: ImageEditParameters) async throws -> OpenAIResponse<ImageObject> {
        try await editImage(parameters: parameters, options: .default)
    }

    public func createImageVariations(parameters: ImageVariationParameters) async throws -> OpenAIResponse<ImageObject> {
        try await createImageVariations(parameters: parameters, options: .default)
    }

    public func createImagesStream(parameters: ImageCreateParameters) async throws -> AIStream<ImageStreamEvent> {
        try await createImagesStream(parameters: parameters, options: .default)
    }

    public func editImageStream(parameters: ImageEditParameters) async throws -> AIStream<ImageStreamEvent> {
        try await editImageStream(parameters: parameters, options: .default)
    }

    public func imageData(for image: ImageObject) async throws -> Data {
        try await imageData(for: image, options: .default)
    }
}
