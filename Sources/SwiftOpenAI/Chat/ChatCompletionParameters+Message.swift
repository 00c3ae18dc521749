import AICore
import Foundation

extension ChatCompletionParameters {
    /// One message of the conversation.
    public struct Message: Encodable, Sendable {
        /// `system`, `developer`, `user`, `assistant` or `tool`.
        public let role: String
        /// The message content.
        public let content: ContentType
        /// An optional name for the participant.
        public let name: String?
        /// Deprecated: the function call of a legacy assistant message.
        public let functionCall: FunctionCall?
        /// The tool calls of an assistant message.
        public let toolCalls: [ToolCall]?
        /// The tool call a `tool` message answers.
        public let toolCallID: String?

        public enum ContentType: Encodable, Sendable {
            case text(String)
            case contentArray([MessageContent])

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .text(let text): try container.encode(text)
                case .contentArray(let parts): try container.encode(parts)
                }
            }

            /// One part of a multi-part message.
            public enum MessageContent: Encodable, Sendable {
                case text(String)
                /// An image by URL (an `https` URL or a `data:` URL with base64 content).
                case imageUrl(URL)
                /// An image by URL string (an `https` URL or a `data:image/…;base64,…` URL), with a detail level.
                case image(url: String, detail: ImageDetail?)

                /// An image by URL string: `.imageUrl("https://…")`.
                public static func imageUrl(_ url: String) -> MessageContent {
                    .image(url: url, detail: nil)
                }

                /// An image from raw bytes, sent inline as a base64 `data:` URL.
                public static func imageData(_ data: Data, mimeType: String = "image/png", detail: ImageDetail? = nil) -> MessageContent {
                    .image(url: "data:\(mimeType);base64,\(data.base64EncodedString())", detail: detail)
                }
                /// Base64-encoded audio input, e.g. `format: "wav"` or `"mp3"`.
                case inputAudio(data: String, format: String)
                /// A file by id, or inline as base64 `fileData` with a filename.
                case file(fileID: String? = nil, filename: String? = nil, fileData: String? = nil)

                /// How closely the model looks at an image.
                public enum ImageDetail: String, Codable, Sendable {
                    case auto, low, high
                }

                enum CodingKeys: String, CodingKey {
                    case type, text, file
                    case imageUrl = "image_url"
                    case inputAudio = "input_audio"
                }

                private struct ImageURL: Encodable {
                    let url: String
                    let detail: ImageDetail?
                }

                private struct InputAudio: Encodable {
                    let data: String
                    let format: String
                }

                private struct File: Encodable {
                    let fileID: String?
                    let filename: String?
                    let fileData: String?
                    enum CodingKeys: String, CodingKey {
                        case filename
                        case fileID = "file_id"
                        case fileData = "file_data"
                    }
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    switch self {
                    case .text(let text):
                        try container.encode("text", forKey: .type)
                        try container.encode(text, forKey: .text)
                    case .imageUrl(let url):
                        try container.encode("image_url", forKey: .type)
                        try container.encode(ImageURL(url: url.absoluteString, detail: nil), forKey: .imageUrl)
                    case .image(let url, let detail):
                        try container.encode("image_url", forKey: .type)
                        try container.encode(ImageURL(url: url, detail: detail), forKey: .imageUrl)
                    case .inputAudio(let data, let format):
                        try container.encode("input_audio", forKey: .type)
                        try container.encode(InputAudio(data: data, format: format), forKey: .inputAudio)
                    case .file(let fileID, let filename, let fileData):
                        try container.encode("file", forKey: .type)
                        try container.encode(File(fileID: fileID, filename: filename, fileData: fileData), forKey: .file)
                    }
                }
            }
        }

        public enum Role: String, Sendable {
            case system
            case developer
            case user
            case assistant
            case tool
        }

        public init(
            role: Role,
            content: ContentType,
            name: String? = nil,
            functionCall: FunctionCall? = nil,
            toolCalls: [ToolCall]? = nil,
            toolCallID: String? = nil)
        {
            self.role = role.rawValue
            self.content = content
            self.name = name
            self.functionCall = functionCall
            self.toolCalls = toolCalls
            self.toolCallID = toolCallID
        }

        enum CodingKeys: String, CodingKey {
            case role, content, name
            case functionCall = "function_call"
            case toolCalls = "tool_calls"
            case toolCallID = "tool_call_id"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(role, forKey: .role)
            if case .text("") = content, toolCalls?.isEmpty == false {
                // An assistant turn that only called tools has no content.
                try container.encodeNil(forKey: .content)
            } else {
                try container.encode(content, forKey: .content)
            }
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(functionCall, forKey: .functionCall)
            try container.encodeIfPresent(toolCalls, forKey: .toolCalls)
            try container.encodeIfPresent(toolCallID, forKey: .toolCallID)
        }
    }
}
