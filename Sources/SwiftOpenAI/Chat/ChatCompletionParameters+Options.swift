import AICore
import Foundation

extension ChatCompletionParameters {
    /// A chat model id; `.custom` takes any id (an Azure deployment, a fine-tune, another provider's model).
    public enum Model: Sendable, Hashable, ExpressibleByStringLiteral {
        case gpt35Turbo
        case gpt35Turbo1106
        case gpt4
        case gpt41106Preview
        case gpt35Turbo0613
        case gpt35Turbo16k0613
        case gpt4VisionPreview
        case gpt4TurboPreview
        case gpt4o
        case gpt4oMini
        case gpt4oAudioPreview
        case gpt41
        case gpt41Mini
        case gpt41Nano
        case o1
        case o1Mini
        case o3
        case o3Mini
        case o4Mini
        case gpt5
        case gpt5Mini
        case gpt5Nano
        case custom(String)

        public init(stringLiteral value: String) { self = .custom(value) }

        /// The id sent on the wire.
        public var value: String {
            switch self {
            case .gpt35Turbo: "gpt-3.5-turbo"
            case .gpt35Turbo1106: "gpt-3.5-turbo-1106"
            case .gpt4: "gpt-4"
            case .gpt41106Preview: "gpt-4-1106-preview"
            case .gpt35Turbo0613: "gpt-3.5-turbo-0613"
            case .gpt35Turbo16k0613: "gpt-3.5-turbo-16k-0613"
            case .gpt4VisionPreview: "gpt-4-vision-preview"
            case .gpt4TurboPreview: "gpt-4-turbo-preview"
            case .gpt4o: "gpt-4o"
            case .gpt4oMini: "gpt-4o-mini"
            case .gpt4oAudioPreview: "gpt-4o-audio-preview"
            case .gpt41: "gpt-4.1"
            case .gpt41Mini: "gpt-4.1-mini"
            case .gpt41Nano: "gpt-4.1-nano"
            case .o1: "o1"
            case .o1Mini: "o1-mini"
            case .o3: "o3"
            case .o3Mini: "o3-mini"
            case .o4Mini: "o4-mini"
            case .gpt5: "gpt-5"
            case .gpt5Mini: "gpt-5-mini"
            case .gpt5Nano: "gpt-5-nano"
            case .custom(let id): id
            }
        }

        /// The id sent on the wire (the same as ``value``), for code written as `Model.gpt4o.rawValue`.
        public var rawValue: String { value }

        /// `dall-e-2`, an image model, for code that writes `Model.dalle2.rawValue`; image calls take ``ImageModel``.
        public static let dalle2 = Model.custom("dall-e-2")
        /// `dall-e-3`, an image model, for code that writes `Model.dalle3.rawValue`; image calls take ``ImageModel``.
        public static let dalle3 = Model.custom("dall-e-3")
    }

    /// How hard a reasoning model thinks.
    public enum ReasoningEffort: String, Codable, Sendable {
        case none, minimal, low, medium, high, xhigh
    }

    /// The output format: plain text, JSON mode, or structured outputs with a JSON schema.
    public struct ResponseFormat: Encodable, Sendable {
        /// `text`, `json_object` or `json_schema`.
        public var type: String?
        /// The schema, for `json_schema`.
        public var jsonSchema: JSONSchemaFormat?

        public init(type: String?) {
            self.type = type
            self.jsonSchema = nil
        }

        /// Structured outputs: the model's reply matches `schema`.
        public init(jsonSchema: JSONSchemaFormat) {
            self.type = "json_schema"
            self.jsonSchema = jsonSchema
        }

        public static let text = ResponseFormat(type: "text")
        public static let jsonObject = ResponseFormat(type: "json_object")

        /// Structured outputs with a named schema; `strict` makes the model follow it exactly.
        public static func jsonSchema(
            name: String, schema: JSONValue, strict: Bool? = true, description: String? = nil
        ) -> ResponseFormat {
            ResponseFormat(jsonSchema: JSONSchemaFormat(name: name, description: description, schema: schema, strict: strict))
        }

        /// The `json_schema` member of a structured-output response format.
        public struct JSONSchemaFormat: Encodable, Sendable {
            public var name: String
            public var description: String?
            public var schema: JSONValue?
            /// The schema as a ``JSONSchema`` (sent instead of ``schema`` when set: it keeps property order,
            /// which is the order the model writes the fields in).
            public var typedSchema: JSONSchema?
            public var strict: Bool?

            public init(name: String, description: String? = nil, schema: JSONValue?, strict: Bool? = nil) {
                self.name = name
                self.description = description
                self.schema = schema
                self.strict = strict
            }

            public init(name: String, description: String? = nil, schema: JSONSchema, strict: Bool? = nil) {
                self.name = name
                self.description = description
                self.typedSchema = schema
                self.strict = strict
            }

            enum CodingKeys: String, CodingKey {
                case name, description, schema, strict
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encodeIfPresent(description, forKey: .description)
                if let typedSchema {
                    try container.encode(typedSchema, forKey: .schema)
                } else {
                    try container.encodeIfPresent(schema, forKey: .schema)
                }
                try container.encodeIfPresent(strict, forKey: .strict)
            }
        }

        enum CodingKeys: String, CodingKey {
            case type
            case jsonSchema = "json_schema"
        }
    }

    /// Predicted output content.
    public struct Prediction: Encodable, Sendable {
        public var type: String
        public var content: String

        public init(content: String) {
            self.type = "content"
            self.content = content
        }
    }

    /// Audio output settings.
    public struct Audio: Encodable, Sendable {
        /// e.g. `alloy`, `ash`, `ballad`, `coral`, `echo`, `sage`, `shimmer`, `verse`.
        public var voice: String
        /// `wav`, `mp3`, `flac`, `opus` or `pcm16`.
        public var format: String

        public init(voice: String, format: String) {
            self.voice = voice
            self.format = format
        }
    }

    /// Streaming options.
    public struct StreamOptions: Encodable, Sendable {
        /// Send a final chunk with the usage of the whole request.
        public var includeUsage: Bool

        public init(includeUsage: Bool) {
            self.includeUsage = includeUsage
        }

        enum CodingKeys: String, CodingKey {
            case includeUsage = "include_usage"
        }
    }
}
