import Foundation
import Logging
import SwiftOpenAI

extension OpenAIService {
    /// A picture of the hero: dall-e-3 with the InfiniteStories app's size, quality and `b64_json` (its revised prompt kept),
    /// or gpt-image-1 when ``AvatarGenerationRequest/model`` or ``StorySettings/imageModel`` says so — an edit of
    /// ``AvatarGenerationRequest/reference`` when there is one, so the hero looks the same.
    ///
    /// The hero's texts and the prompt are moderated first. The bytes must be a PNG, JPEG or WebP file,
    /// else the call fails with ``AIServiceError/imageGenerationFailed`` rather than saving something else.
    public func generateAvatar(request: AvatarGenerationRequest) async throws -> AvatarGenerationResponse {
        let model = request.model ?? settings.imageModel
        let gptImage = model.hasPrefix("gpt-image")
        let size = gptImage ? Self.gptImageSize(request.size) : request.size
        let quality = gptImage ? Self.gptImageQuality(request.quality) : request.quality
        let prompt = request.prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? Self.defaultAvatarPrompt(for: request.hero) : request.prompt
        let parameters =
            gptImage
            ? ImageCreateParameters(prompt: prompt, model: .init(rawValue: model), size: size, numberOfImages: 1, quality: quality, outputFormat: "png")
            : ImageCreateParameters(
                prompt: prompt, model: .init(rawValue: model), size: size, numberOfImages: 1, quality: quality, responseFormat: .b64Json)
        logger.debug("Avatar generation started", metadata: ["hero": "\(request.hero.name)", "model": "\(model)", "prompt": "\(prompt)"])
        do {
            try await calls.screen(request.hero.userTexts + [request.prompt], what: "avatar input")
            let response: OpenAIResponse<ImageObject>
            if gptImage, let reference = request.reference {
                // The hero's picture as the edit's input, kept close (high fidelity): the same face, hair, clothes.
                let edit = ImageEditParameters(
                    images: [reference], prompt: prompt, model: .init(rawValue: model), size: size, numberOfImages: 1,
                    quality: quality, outputFormat: "png", inputFidelity: "high")
                response = try await calls.monitor.run("POST /images/edits") { options in
                    try await service.editImage(parameters: edit, options: options)
                }
            } else {
                response = try await calls.monitor.run("POST /images/generations", body: parameters) { options in
                    try await service.createImages(parameters: parameters, options: options)
                }
            }
            guard let image = response.data.first else { throw AIServiceError.imageGenerationFailed }
            await usage.recordImage(model: model, size: size, quality: quality)
            let data: Data
            if let decoded = image.imageData {
                data = decoded
            } else if image.url != nil {
                data = try await calls.monitor.run("GET image", bytesIn: { $0.count }) { options in
                    try await service.imageData(for: image, options: options)
                }
            } else {
                throw AIServiceError.imageGenerationFailed
            }
            guard let format = ImageFormat.detect(data) else { throw AIServiceError.imageGenerationFailed }
            return AvatarGenerationResponse(imageData: data, revisedPrompt: image.revisedPrompt, format: format)
        } catch {
            throw Self.mapped(error)
        }
    }

    /// A child-friendly portrait prompt from the hero's name, appearance and traits.
    static func defaultAvatarPrompt(for hero: Hero) -> String {
        var parts = ["A friendly, colorful children's book illustration of \(hero.name)"]
        if !hero.appearance.isEmpty { parts.append(hero.appearance) }
        if !hero.traits.isEmpty { parts.append("looking \(hero.traits.joined(separator: " and "))") }
        if !hero.specialAbility.isEmpty { parts.append("with the special ability: \(hero.specialAbility)") }
        return parts.joined(separator: ", ") + ". Soft, warm colors, gentle and safe for young children, no text."
    }

    /// The gpt-image-1 size nearest to a dall-e-3 size.
    static func gptImageSize(_ size: String) -> String {
        switch size {
        case "1792x1024": "1536x1024"
        case "1024x1792": "1024x1536"
        default: size
        }
    }

    /// The gpt-image-1 quality of a dall-e-3 quality (`standard` → `medium`, `hd` → `high`).
    static func gptImageQuality(_ quality: String) -> String {
        switch quality {
        case "standard": "medium"
        case "hd": "high"
        default: quality
        }
    }
}
