import AICore
import Foundation

/// A block of content in a session event — what a user sends and what the agent answers.
///
/// Sent and received in the same shape, so an event can be stored and sent again. A block of a type this version of
/// the library does not know is kept whole as ``unknown(_:)``.
public enum AgentSessionContentBlock: Codable, Sendable, Equatable, ExpressibleByStringLiteral {
    /// Text.
    case text(String)
    /// An image.
    case image(AgentSessionContentSource)
    /// A document (PDF, plain text…), with an optional title and context for the agent.
    case document(AgentSessionContentSource, title: String? = nil, context: String? = nil)
    /// A search result the agent may cite: where it came from, its title and its text.
    case searchResult(source: String, title: String, texts: [String], citationsEnabled: Bool? = nil)
    /// Content the platform withheld.
    case redacted
    /// A block type this version of the library does not model, as sent.
    case unknown(JSONValue)

    /// A text block: `"Hello"` where a block is expected.
    public init(stringLiteral value: String) { self = .text(value) }

    /// The block's text; nil for a block without text.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        switch decoder.stringField(named: "type") {
        case "text":
            self = .text(try container.decode(String.self, forKey: AnyCodingKey("text")))
        case "image":
            self = .image(try container.decode(AgentSessionContentSource.self, forKey: AnyCodingKey("source")))
        case "document":
            self = .document(
                try container.decode(AgentSessionContentSource.self, forKey: AnyCodingKey("source")),
                title: try container.decodeIfPresent(String.self, forKey: AnyCodingKey("title")),
                context: try container.decodeIfPresent(String.self, forKey: AnyCodingKey("context")))
        case "search_result":
            let content = try container.decodeIfPresent([JSONValue].self, forKey: AnyCodingKey("content")) ?? []
            let citations = try container.decodeIfPresent(JSONValue.self, forKey: AnyCodingKey("citations"))
            self = .searchResult(
                source: try container.decode(String.self, forKey: AnyCodingKey("source")),
                title: try container.decode(String.self, forKey: AnyCodingKey("title")),
                texts: content.compactMap { $0["text"]?.stringValue }, citationsEnabled: citations?["enabled"]?.boolValue)
        case "redacted":
            self = .redacted
        default:
            self = .unknown(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .unknown(let json) = self { return try json.encode(to: encoder) }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: AnyCodingKey("type"))
            try container.encode(text, forKey: AnyCodingKey("text"))
        case .image(let source):
            try container.encode("image", forKey: AnyCodingKey("type"))
            try container.encode(source, forKey: AnyCodingKey("source"))
        case .document(let source, let title, let context):
            try container.encode("document", forKey: AnyCodingKey("type"))
            try container.encode(source, forKey: AnyCodingKey("source"))
            try container.encodeIfPresent(title, forKey: AnyCodingKey("title"))
            try container.encodeIfPresent(context, forKey: AnyCodingKey("context"))
        case .searchResult(let source, let title, let texts, let citationsEnabled):
            try container.encode("search_result", forKey: AnyCodingKey("type"))
            try container.encode(source, forKey: AnyCodingKey("source"))
            try container.encode(title, forKey: AnyCodingKey("title"))
            let content: [JSONValue] = texts.map { ["type": "text", "text": .string($0)] }
            try container.encode(content, forKey: AnyCodingKey("content"))
            if let citationsEnabled {
                try container.encode(["enabled": citationsEnabled], forKey: AnyCodingKey("citations"))
            }
        case .redacted:
            try container.encode("redacted", forKey: AnyCodingKey("type"))
        case .unknown:
            break
        }
    }
}

/// Where an image's or a document's bytes come from.
public enum AgentSessionContentSource: Codable, Sendable, Equatable {
    /// Base64-encoded bytes with their media type (`image/png`, `application/pdf`…).
    case base64(mediaType: String, data: String)
    /// A URL the platform fetches.
    case url(String)
    /// An uploaded file (`file_…`).
    case file(id: String)
    /// Plain text (documents only).
    case plainText(String)
    /// A source type this version of the library does not model, as sent.
    case unknown(JSONValue)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        switch decoder.stringField(named: "type") {
        case "base64":
            self = .base64(
                mediaType: try container.decode(String.self, forKey: AnyCodingKey("media_type")),
                data: try container.decode(String.self, forKey: AnyCodingKey("data")))
        case "url": self = .url(try container.decode(String.self, forKey: AnyCodingKey("url")))
        case "file": self = .file(id: try container.decode(String.self, forKey: AnyCodingKey("file_id")))
        case "text": self = .plainText(try container.decode(String.self, forKey: AnyCodingKey("data")))
        default: self = .unknown(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .unknown(let json) = self { return try json.encode(to: encoder) }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        switch self {
        case .base64(let mediaType, let data):
            try container.encode("base64", forKey: AnyCodingKey("type"))
            try container.encode(mediaType, forKey: AnyCodingKey("media_type"))
            try container.encode(data, forKey: AnyCodingKey("data"))
        case .url(let url):
            try container.encode("url", forKey: AnyCodingKey("type"))
            try container.encode(url, forKey: AnyCodingKey("url"))
        case .file(let id):
            try container.encode("file", forKey: AnyCodingKey("type"))
            try container.encode(id, forKey: AnyCodingKey("file_id"))
        case .plainText(let text):
            try container.encode("text", forKey: AnyCodingKey("type"))
            try container.encode("text/plain", forKey: AnyCodingKey("media_type"))
            try container.encode(text, forKey: AnyCodingKey("data"))
        case .unknown:
            break
        }
    }
}
