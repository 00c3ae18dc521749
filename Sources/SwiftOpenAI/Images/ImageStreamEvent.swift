@_spi(Streaming) import AICore
import Foundation

/// One event of a streamed image generation or edit (`stream: true`): partial images as they are drawn, then
/// the finished image.
public enum ImageStreamEvent: Decodable, Sendable {
    /// `image_generation.partial_image` or `image_edit.partial_image`: an early, rougher version of the image.
    case partialImage(Image)
    /// `image_generation.completed` or `image_edit.completed`: the final image, with the usage.
    case completed(Image)
    /// An event this version doesn't know, kept as raw JSON.
    case unknown(type: String, raw: JSONValue)

    /// The image the event carries (nil for unknown events).
    public var image: Image? {
        switch self {
        case .partialImage(let image), .completed(let image): image
        case .unknown: nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let type = decoder.stringField(named: "type") ?? ""
        switch type {
        case "image_generation.partial_image", "image_edit.partial_image": self = .partialImage(try Image(from: decoder))
        case "image_generation.completed", "image_edit.completed": self = .completed(try Image(from: decoder))
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    /// An image in a stream event.
    public struct Image: Codable, Sendable {
        /// The event type, e.g. `image_generation.partial_image`.
        public var type: String
        /// The image, base64-encoded.
        public var b64Json: String
        public var createdAt: Int?
        public var size: String?
        public var quality: String?
        public var background: String?
        public var outputFormat: String?
        /// For partial images: 0 for the first one.
        public var partialImageIndex: Int?
        /// For the completed event.
        public var usage: JSONValue?

        /// The decoded image bytes (nil if `b64_json` is not valid base64).
        public var data: Data? { Data(base64Encoded: b64Json) }

        enum CodingKeys: String, CodingKey {
            case type
            case b64Json = "b64_json"
            case createdAt = "created_at"
            case size, quality, background
            case outputFormat = "output_format"
            case partialImageIndex = "partial_image_index"
            case usage
        }
    }
}

extension EventStreamHandler where Element == ImageStreamEvent {
    /// The events of a streamed image generation or edit; the stream is complete at its `…completed` event
    /// (one per requested image).
    package static var images: Self {
        EventStreamHandler(
            Rules(
                events: .all(except: []), endMarker: .finish,
                decode: { event, decoder in try decoder.decode(ImageStreamEvent.self, from: event.data) },
                isFinal: { if case .completed = $0 { true } else { false } },
                payloadName: "an image stream event",
                missingEnd: "the image was complete (no image_generation.completed or image_edit.completed)"))
    }
}
