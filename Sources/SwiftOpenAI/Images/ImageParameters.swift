import AICore
import Foundation

#if canImport(UIKit)
    import UIKit
#endif

/// A DALL·E model and its size: `.dalle3(.largeSquare)`.
public enum Dalle: Sendable {
    case dalle2(Dalle2ImageSize)
    case dalle3(Dalle3ImageSize)

    public enum Dalle2ImageSize: String, Sendable {
        case small = "256x256"
        case medium = "512x512"
        case large = "1024x1024"
    }

    public enum Dalle3ImageSize: String, Sendable {
        case largeSquare = "1024x1024"
        case landscape = "1792x1024"
        case portrait = "1024x1792"
    }

    public var model: String {
        switch self {
        case .dalle2: ImageModel.dalle2.rawValue
        case .dalle3: ImageModel.dalle3.rawValue
        }
    }

    public var size: String {
        switch self {
        case .dalle2(let size): size.rawValue
        case .dalle3(let size): size.rawValue
        }
    }
}

/// An image model id: `gpt-image-2`, `gpt-image-1.5`, `gpt-image-1`, `gpt-image-1-mini`, `dall-e-3`, `dall-e-2`, or any other.
public struct ImageModel: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let gptImage1 = ImageModel(rawValue: "gpt-image-1")
    public static let gptImage1Mini = ImageModel(rawValue: "gpt-image-1-mini")
    public static let gptImage15 = ImageModel(rawValue: "gpt-image-1.5")
    public static let gptImage2 = ImageModel(rawValue: "gpt-image-2")
    /// The image model ChatGPT currently uses.
    public static let chatGPTImageLatest = ImageModel(rawValue: "chatgpt-image-latest")
    public static let dalle3 = ImageModel(rawValue: "dall-e-3")
    public static let dalle2 = ImageModel(rawValue: "dall-e-2")
}

/// How DALL·E returns images (GPT image models always return `b64_json`).
public enum ImageResponseFormat: String, Sendable {
    case url
    case b64Json = "b64_json"
}

/// [Creates images](https://platform.openai.com/docs/api-reference/images/create) from a prompt.
public struct ImageCreateParameters: Encodable, Sendable {
    public var prompt: String
    public var model: String?
    public var n: Int?
    /// dall-e-3: `standard` or `hd`; GPT image: `low`, `medium`, `high` or `auto`.
    public var quality: String?
    public var responseFormat: String?
    public var size: String?
    /// dall-e-3: `vivid` or `natural`.
    public var style: String?
    public var user: String?
    /// GPT image: `transparent`, `opaque` or `auto`.
    public var background: String?
    /// GPT image: `png`, `jpeg` or `webp`.
    public var outputFormat: String?
    /// GPT image, jpeg/webp: 0…100.
    public var outputCompression: Int?
    /// GPT image: `auto` or `low`.
    public var moderation: String?
    /// GPT image, streamed: how many partial images (0…3) arrive before the final one.
    public var partialImages: Int?
    /// Set by the service: `createImagesStream` streams, `createImages` doesn't.
    public var stream: Bool?

    /// A DALL·E request; ``Dalle`` names the model and the size.
    public init(
        prompt: String,
        model: Dalle,
        numberOfImages: Int = 1,
        quality: String? = nil,
        responseFormat: ImageResponseFormat? = nil,
        style: String? = nil,
        user: String? = nil
    ) {
        self.prompt = prompt
        self.model = model.model
        self.n = numberOfImages
        self.quality = quality
        self.responseFormat = responseFormat?.rawValue
        self.size = model.size
        self.style = style
        self.user = user
    }

    /// Any image model, GPT image options included.
    public init(
        prompt: String,
        model: ImageModel,
        size: String? = nil,
        numberOfImages: Int? = nil,
        quality: String? = nil,
        background: String? = nil,
        outputFormat: String? = nil,
        outputCompression: Int? = nil,
        moderation: String? = nil,
        responseFormat: ImageResponseFormat? = nil,
        style: String? = nil,
        user: String? = nil
    ) {
        self.prompt = prompt
        self.model = model.rawValue
        self.size = size
        self.n = numberOfImages
        self.quality = quality
        self.background = background
        self.outputFormat = outputFormat
        self.outputCompression = outputCompression
        self.moderation = moderation
        self.responseFormat = responseFormat?.rawValue
        self.style = style
        self.user = user
    }

    enum CodingKeys: String, CodingKey {
        case prompt, model, n, quality
        case responseFormat = "response_format"
        case size, style, user, background
        case outputFormat = "output_format"
        case outputCompression = "output_compression"
        case moderation
        case partialImages = "partial_images"
        case stream
    }
}

/// [Edits images](https://platform.openai.com/docs/api-reference/images/createEdit) with a prompt (and a mask).
public struct ImageEditParameters: Sendable {
    /// PNG data; GPT image models take up to 16 images (png, webp or jpg).
    public var images: [Data]
    public var prompt: String
    /// A PNG whose transparent areas mark where to edit.
    public var mask: Data?
    public var model: String?
    public var n: Int?
    public var size: String?
    public var responseFormat: String?
    public var user: String?
    public var quality: String?
    public var background: String?
    public var outputFormat: String?
    /// GPT image: `high` or `low` fidelity to the input images.
    public var inputFidelity: String?
    /// GPT image, streamed: how many partial images (0…3) arrive before the final one.
    public var partialImages: Int?
    /// Set by the service: `editImageStream` streams, `editImage` doesn't.
    public var stream: Bool?

    /// An edit of image `Data`, on every platform.
    public init(
        image: Data,
        model: Dalle? = nil,
        mask: Data? = nil,
        prompt: String,
        numberOfImages: Int? = nil,
        responseFormat: ImageResponseFormat? = nil,
        user: String? = nil
    ) {
        self.images = [image]
        self.model = model?.model
        self.mask = mask
        self.prompt = prompt
        self.n = numberOfImages
        self.size = model?.size
        self.responseFormat = responseFormat?.rawValue
        self.user = user
    }

    /// Any image model: several input images, GPT image options.
    public init(
        images: [Data],
        prompt: String,
        model: ImageModel,
        mask: Data? = nil,
        size: String? = nil,
        numberOfImages: Int? = nil,
        quality: String? = nil,
        background: String? = nil,
        outputFormat: String? = nil,
        inputFidelity: String? = nil,
        responseFormat: ImageResponseFormat? = nil,
        user: String? = nil
    ) {
        self.images = images
        self.prompt = prompt
        self.model = model.rawValue
        self.mask = mask
        self.size = size
        self.n = numberOfImages
        self.quality = quality
        self.background = background
        self.outputFormat = outputFormat
        self.inputFidelity = inputFidelity
        self.responseFormat = responseFormat?.rawValue
        self.user = user
    }

    var form: MultipartFormData {
        var form = MultipartFormData()
        let field = images.count > 1 ? "image[]" : "image"
        for (index, image) in images.enumerated() {
            let (name, type) = ImageSignature.describe(image)
            form.append(name: field, filename: "image\(index + 1).\(name)", contentType: type, data: image)
        }
        if let mask { form.append(name: "mask", filename: "mask.png", contentType: "image/png", data: mask) }
        form.append(name: "prompt", value: prompt)
        form.append(name: "model", value: model)
        form.append(name: "n", value: n)
        form.append(name: "size", value: size)
        form.append(name: "response_format", value: responseFormat)
        form.append(name: "user", value: user)
        form.append(name: "quality", value: quality)
        form.append(name: "background", value: background)
        form.append(name: "output_format", value: outputFormat)
        form.append(name: "input_fidelity", value: inputFidelity)
        form.append(name: "partial_images", value: partialImages)
        form.append(name: "stream", value: stream.map { $0 ? "true" : "false" })
        return form
    }
}

/// [Creates variations](https://platform.openai.com/docs/api-reference/images/createVariation) of an image (dall-e-2).
public struct ImageVariationParameters: Sendable {
    public var image: Data
    public var model: String?
    public var n: Int?
    public var responseFormat: String?
    public var size: String?
    public var user: String?

    public init(
        image: Data,
        model: Dalle? = nil,
        numberOfImages: Int? = nil,
        responseFormat: ImageResponseFormat? = nil,
        user: String? = nil
    ) {
        self.image = image
        self.model = model?.model
        self.n = numberOfImages
        self.size = model?.size
        self.responseFormat = responseFormat?.rawValue
        self.user = user
    }

    var form: MultipartFormData {
        var form = MultipartFormData()
        form.append(name: "image", filename: "image.png", contentType: "image/png", data: image)
        form.append(name: "model", value: model)
        form.append(name: "n", value: n)
        form.append(name: "response_format", value: responseFormat)
        form.append(name: "size", value: size)
        form.append(name: "user", value: user)
        return form
    }
}

#if canImport(UIKit)
    extension ImageEditParameters {
        /// An edit of a `UIImage`; an image without PNG data is sent empty and the server rejects it.
        public init(
            image: UIImage, model: Dalle? = nil, mask: UIImage? = nil, prompt: String, numberOfImages: Int? = nil,
            responseFormat: ImageResponseFormat? = nil, user: String? = nil
        ) {
            self.init(
                image: image.pngData() ?? Data(), model: model, mask: mask?.pngData(), prompt: prompt,
                numberOfImages: numberOfImages, responseFormat: responseFormat, user: user)
        }
    }

    extension ImageVariationParameters {
        /// Variations of a `UIImage`.
        public init(
            image: UIImage, model: Dalle? = nil, numberOfImages: Int? = nil, responseFormat: ImageResponseFormat? = nil,
            user: String? = nil
        ) {
            self.init(image: image.pngData() ?? Data(), model: model, numberOfImages: numberOfImages, responseFormat: responseFormat, user: user)
        }
    }
#endif

enum ImageSignature {
    /// The extension and content type of image bytes, from their signature.
    static func describe(_ data: Data) -> (String, String) {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return ("jpg", "image/jpeg") }
        if data.count >= 12, data.prefix(4) == Data("RIFF".utf8), data.dropFirst(8).prefix(4) == Data("WEBP".utf8) { return ("webp", "image/webp") }
        return ("png", "image/png")
    }
}
