import Foundation

/// A picture of a hero.
public struct AvatarGenerationRequest: Codable, Hashable, Sendable {
    /// The hero to draw.
    public var hero: Hero
    /// What to draw; when empty, a prompt is made from the hero's name and appearance.
    public var prompt: String
    /// dall-e-3: `1024x1024`, `1792x1024` or `1024x1792` (mapped to the nearest gpt-image-1 size).
    public var size: String
    /// dall-e-3: `standard` or `hd`; gpt-image-1: `low`, `medium` or `high` (`standard`/`hd` are mapped).
    public var quality: String
    /// The image model; ``StorySettings/imageModel`` when nil.
    public var model: String?
    /// A picture of the hero (their avatar) to draw them from, so they look the same from picture to picture. GPT
    /// image models take it as the input of an edit; dall-e-3 can't, and draws from the prompt alone.
    public var reference: Data?

    public init(
        hero: Hero, prompt: String, size: String = "1024x1024", quality: String = "standard", model: String? = nil,
        reference: Data? = nil
    ) {
        self.hero = hero
        self.prompt = prompt
        self.size = size
        self.quality = quality
        self.model = model
        self.reference = reference
    }
}

/// A generated picture, checked to be a PNG, JPEG or WebP file.
public struct AvatarGenerationResponse: Codable, Hashable, Sendable {
    /// The image file's bytes.
    public var imageData: Data
    /// The prompt dall-e-3 actually drew from.
    public var revisedPrompt: String?
    /// The file format, from the bytes' magic number.
    public var format: ImageFormat

    public init(imageData: Data, revisedPrompt: String?, format: ImageFormat) {
        self.imageData = imageData
        self.revisedPrompt = revisedPrompt
        self.format = format
    }
}

/// An image file format, recognised by its magic number so unexpected bytes are never saved as a picture.
public enum ImageFormat: String, Codable, Sendable, CaseIterable {
    case png, jpeg, webp

    /// The usual file extension.
    public var fileExtension: String { rawValue == "jpeg" ? "jpg" : rawValue }

    /// The format of `data`, or nil when it is none of the three.
    public static func detect(_ data: Data) -> ImageFormat? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }
}
