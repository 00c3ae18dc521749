import AICore
import Foundation

/// [An image](https://platform.openai.com/docs/api-reference/images/object): a URL (DALL·E, `url` format) or base64 data.
public struct ImageObject: Codable, Sendable {
    /// The URL of the image (valid for an hour), for the `url` format.
    public let url: URL?
    /// The image, base64-encoded, for `b64_json` (always, for GPT image models).
    public let b64Json: String?
    /// The prompt DALL·E 3 actually used.
    public let revisedPrompt: String?

    /// The decoded bytes of a `b64_json` image.
    public var imageData: Data? { b64Json.flatMap { Data(base64Encoded: $0) } }

    enum CodingKeys: String, CodingKey {
        case url
        case b64Json = "b64_json"
        case revisedPrompt = "revised_prompt"
    }
}
