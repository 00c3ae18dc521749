import AICore
import Foundation

extension MessageParameter {
    /// One turn of the conversation.
    public struct Message: Encodable, Sendable {
        /// Who speaks: `user` or `assistant`.
        public let role: String
        /// What is said: text or blocks.
        public let content: Content

        /// Who speaks in a turn; the raw values are the wire values.
        public enum Role: String, Sendable {
            case user
            case assistant
        }

        /// A turn; `content` can be a string literal.
        public init(role: Role, content: Content) {
            self.role = role.rawValue
            self.content = content
        }

        /// The content of a turn: plain text or a list of blocks.
        public enum Content: Encodable, Sendable, ExpressibleByStringLiteral {
            /// Plain text, sent as a string.
            case text(String)
            /// Blocks: text, images, documents, tool calls and results, thinking, search results.
            case list([ContentObject])

            /// A string literal is plain text.
            public init(stringLiteral value: String) { self = .text(value) }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .text(let text): try container.encode(text)
                case .list(let objects): try container.encode(objects)
                }
            }
        }
    }
}

extension MessageParameter.Message.Content {
    /// One block of a turn.
    public enum ContentObject: Encodable, Sendable {
        /// Plain text.
        case text(String)
        /// An image (base64 or URL).
        case image(ImageSource)
        /// A tool call made by the assistant, replayed: id, name, input.
        case toolUse(String, String, MessageResponse.Content.Input)
        /// A tool result as text: tool use id, content.
        case toolResult(String, String)
        /// Text with cache control.
        case cache(MessageParameter.Cache)
        /// A document: PDF (base64 or URL), plain text, custom content or a file id.
        case document(DocumentSource)
        /// A tool result with text and image blocks, an error flag and cache control.
        case toolResultBlocks(toolUseID: String, content: [ToolResultBlock], isError: Bool? = nil, cacheControl: MessageParameter.CacheControl? = nil)
        /// A thinking block from an earlier response, sent back unchanged.
        case thinking(thinking: String, signature: String)
        /// A redacted thinking block from an earlier response, sent back unchanged.
        case redactedThinking(data: String)
        /// A search result the model can cite.
        case searchResult(SearchResult)
        /// Text with cache control and/or citations enabled in the turn.
        case textBlock(String, cacheControl: MessageParameter.CacheControl?)
        /// Any block as JSON, e.g. a response's server tool blocks sent back in the next turn.
        case raw(JSONValue)
        /// A file put into the code-execution container (beta Files API id), for the code-execution tool to use.
        case containerUpload(fileID: String, cacheControl: MessageParameter.CacheControl? = nil)
        /// A compaction block from an earlier response, sent back unchanged: the API drops every block before it.
        case compaction(MessageResponse.Content.Compaction)
        /// A block of an earlier response sent back as it came: server tool calls and results, text with its
        /// citations, fallback blocks and blocks this library does not know. ``init(_:)`` picks this for them.
        case block(MessageResponse.Content)

        enum CodingKeys: String, CodingKey {
            case type, source, text, id, name, input, content, thinking, signature, data, title, citations
            case toolUseId = "tool_use_id"
            case isError = "is_error"
            case cacheControl = "cache_control"
            case fileID = "file_id"
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .raw(let value): return try value.encode(to: encoder)
            case .compaction(let block): return try block.encode(to: encoder)
            case .block(let block): return try block.encode(to: encoder)
            default: break
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
            case .textBlock(let text, let cacheControl):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
                try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
            case .image(let source):
                try container.encode("image", forKey: .type)
                try container.encode(source, forKey: .source)
            case .toolUse(let id, let name, let input):
                try container.encode("tool_use", forKey: .type)
                try container.encode(id, forKey: .id)
                try container.encode(name, forKey: .name)
                try container.encode(input, forKey: .input)
            case .toolResult(let toolUseId, let content):
                try container.encode("tool_result", forKey: .type)
                try container.encode(toolUseId, forKey: .toolUseId)
                try container.encode(content, forKey: .content)
            case .toolResultBlocks(let toolUseID, let content, let isError, let cacheControl):
                try container.encode("tool_result", forKey: .type)
                try container.encode(toolUseID, forKey: .toolUseId)
                try container.encode(content, forKey: .content)
                try container.encodeIfPresent(isError, forKey: .isError)
                try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
            case .cache(let cache):
                try container.encode(cache.type.rawValue, forKey: .type)
                try container.encode(cache.text, forKey: .text)
                try container.encodeIfPresent(cache.cacheControl, forKey: .cacheControl)
            case .document(let document):
                try document.encode(to: encoder)
            case .thinking(let thinking, let signature):
                try container.encode("thinking", forKey: .type)
                try container.encode(thinking, forKey: .thinking)
                try container.encode(signature, forKey: .signature)
            case .redactedThinking(let data):
                try container.encode("redacted_thinking", forKey: .type)
                try container.encode(data, forKey: .data)
            case .containerUpload(let fileID, let cacheControl):
                try container.encode("container_upload", forKey: .type)
                try container.encode(fileID, forKey: .fileID)
                try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
            case .raw, .compaction, .block:
                break
            case .searchResult(let result):
                try result.encode(to: encoder)
            }
        }
    }

    /// A block inside a tool result.
    public enum ToolResultBlock: Encodable, Sendable {
        /// Text of the result.
        case text(String)
        /// An image of the result, e.g. a screenshot.
        case image(ImageSource)

        enum CodingKeys: String, CodingKey {
            case type, text, source
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
            case .image(let source):
                try container.encode("image", forKey: .type)
                try container.encode(source, forKey: .source)
            }
        }
    }

    /// The source of an image: base64 data or a URL.
    public struct ImageSource: Encodable, Sendable {
        /// How the image is given: `base64` or `url`.
        public let type: String
        /// The MIME type of base64 data; nil for a URL.
        public let mediaType: String?
        /// The base64-encoded image; nil for a URL.
        public let data: String?
        /// The address the API fetches the image from; nil for base64 data.
        public let url: String?

        /// The image types the API accepts; the raw values are the MIME types.
        public enum MediaType: String, Encodable, Sendable {
            case jpeg = "image/jpeg"
            case png = "image/png"
            case gif = "image/gif"
            case webp = "image/webp"
        }

        /// The wire values of `source.type`: inline `base64` data or a `url`.
        public enum ImageSourceType: String, Encodable, Sendable {
            case base64
            case url
        }

        /// An image given inline as base64 `data`; pass `.base64` as `type` (use `init(url:)` for URLs).
        public init(type: ImageSourceType, mediaType: MediaType, data: String) {
            self.type = type.rawValue
            self.mediaType = mediaType.rawValue
            self.data = data
            self.url = nil
        }

        /// An image the API fetches from `url`.
        public init(url: String) {
            self.type = ImageSourceType.url.rawValue
            self.mediaType = nil
            self.data = nil
            self.url = url
        }

        enum CodingKeys: String, CodingKey {
            case type, data, url
            case mediaType = "media_type"
        }
    }

    /// A document block: its source plus title, context, citations and cache control.
    public struct DocumentSource: Encodable, Sendable {
        /// Whether the model may cite the document.
        public struct Citations: Codable, Sendable {
            /// Whether the model may cite the document.
            public let enabled: Bool
            /// Citations on (`true`) or off for the document.
            public init(enabled: Bool) { self.enabled = enabled }
        }

        enum Source: Sendable {
            case base64(mediaType: String, data: String)
            case url(String)
            case text(String)
            case content([String])
            case file(String)
        }

        let source: Source
        /// The document's title, shown to the model and reported in citations; nil for none.
        public let title: String?
        /// Extra context about the document for the model; it is never cited.
        public let context: String?
        /// Whether the model may cite the document; nil for the server default.
        public let citations: Citations?
        /// Makes this block a cache breakpoint; nil for none.
        public let cacheControl: MessageParameter.CacheControl?

        init(source: Source, title: String?, context: String?, citations: Citations?, cacheControl: MessageParameter.CacheControl?) {
            self.source = source
            self.title = title
            self.context = context
            self.citations = citations
            self.cacheControl = cacheControl
        }

        /// A base64-encoded PDF; throws when `base64Data` is not valid base64.
        public static func pdf(
            base64Data: String, citations: Citations? = nil, title: String? = nil, context: String? = nil,
            cacheControl: MessageParameter.CacheControl? = nil
        ) throws -> DocumentSource {
            guard Data(base64Encoded: base64Data) != nil else {
                throw APIError(kind: .invalidRequest, message: "The PDF data is not valid base64.")
            }
            return DocumentSource(
                source: .base64(mediaType: "application/pdf", data: base64Data), title: title, context: context,
                citations: citations, cacheControl: cacheControl)
        }

        /// A PDF the API fetches from `url`.
        public static func pdf(
            url: String, citations: Citations? = nil, title: String? = nil, context: String? = nil,
            cacheControl: MessageParameter.CacheControl? = nil
        ) -> DocumentSource {
            DocumentSource(source: .url(url), title: title, context: context, citations: citations, cacheControl: cacheControl)
        }

        /// A plain-text document.
        public static func text(
            _ text: String, citations: Citations? = nil, title: String? = nil, context: String? = nil,
            cacheControl: MessageParameter.CacheControl? = nil
        ) -> DocumentSource {
            DocumentSource(source: .text(text), title: title, context: context, citations: citations, cacheControl: cacheControl)
        }

        /// A custom-content document: each string is one citable chunk.
        public static func content(
            _ chunks: [String], citations: Citations? = nil, title: String? = nil, context: String? = nil,
            cacheControl: MessageParameter.CacheControl? = nil
        ) -> DocumentSource {
            DocumentSource(source: .content(chunks), title: title, context: context, citations: citations, cacheControl: cacheControl)
        }

        /// A file uploaded with the Files API (beta `files-api-2025-04-14`).
        public static func file(
            id: String, citations: Citations? = nil, title: String? = nil, context: String? = nil,
            cacheControl: MessageParameter.CacheControl? = nil
        ) -> DocumentSource {
            DocumentSource(source: .file(id), title: title, context: context, citations: citations, cacheControl: cacheControl)
        }

        enum CodingKeys: String, CodingKey {
            case type, source, title, context, citations
            case cacheControl = "cache_control"
        }

        enum SourceKeys: String, CodingKey {
            case type, data, url, content, text
            case mediaType = "media_type"
            case fileID = "file_id"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("document", forKey: .type)
            var nested = container.nestedContainer(keyedBy: SourceKeys.self, forKey: .source)
            switch source {
            case .base64(let mediaType, let data):
                try nested.encode("base64", forKey: .type)
                try nested.encode(mediaType, forKey: .mediaType)
                try nested.encode(data, forKey: .data)
            case .url(let url):
                try nested.encode("url", forKey: .type)
                try nested.encode(url, forKey: .url)
            case .text(let text):
                try nested.encode("text", forKey: .type)
                try nested.encode("text/plain", forKey: .mediaType)
                try nested.encode(text, forKey: .data)
            case .content(let chunks):
                try nested.encode("content", forKey: .type)
                try nested.encode(chunks.map { ["type": "text", "text": $0] }, forKey: .content)
            case .file(let id):
                try nested.encode("file", forKey: .type)
                try nested.encode(id, forKey: .fileID)
            }
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(context, forKey: .context)
            try container.encodeIfPresent(citations, forKey: .citations)
            try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
        }
    }

    /// A search result block (from your own retrieval) that the model can cite.
    public struct SearchResult: Encodable, Sendable {
        /// Where the result comes from, e.g. a URL; reported in citations.
        public let source: String
        /// The result's title; reported in citations.
        public let title: String
        /// The result's text, one citable text block per string.
        public let content: [String]
        /// Whether the model may cite the result; nil for the server default.
        public let citations: DocumentSource.Citations?
        /// Makes this block a cache breakpoint; nil for none.
        public let cacheControl: MessageParameter.CacheControl?

        /// A search result from your own retrieval, for the model to read and cite.
        public init(
            source: String, title: String, content: [String], citations: DocumentSource.Citations? = nil,
            cacheControl: MessageParameter.CacheControl? = nil
        ) {
            self.source = source
            self.title = title
            self.content = content
            self.citations = citations
            self.cacheControl = cacheControl
        }

        enum CodingKeys: String, CodingKey {
            case type, source, title, content, citations
            case cacheControl = "cache_control"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("search_result", forKey: .type)
            try container.encode(source, forKey: .source)
            try container.encode(title, forKey: .title)
            try container.encode(content.map { ["type": "text", "text": $0] }, forKey: .content)
            try container.encodeIfPresent(citations, forKey: .citations)
            try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
        }
    }
}
