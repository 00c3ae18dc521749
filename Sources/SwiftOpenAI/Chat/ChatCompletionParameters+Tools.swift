import AICore
import Foundation

extension ChatCompletionParameters {
    /// Deprecated in favour of ``ToolChoice``: which legacy function the model calls.
    public enum FunctionCall: Encodable, Equatable, Sendable {
        case none
        case auto
        case function(String)

        enum CodingKeys: String, CodingKey {
            case none
            case auto
            case function = "name"
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .none:
                var container = encoder.singleValueContainer()
                try container.encode(CodingKeys.none.rawValue)
            case .auto:
                var container = encoder.singleValueContainer()
                try container.encode(CodingKeys.auto.rawValue)
            case .function(let name):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .function)
            }
        }
    }

    /// Which tool, if any, the model must call.
    ///
    /// `none` forbids tools, `auto` lets the model choose, `required` forces some tool, and `function`
    /// forces one function: `{"type": "function", "function": {"name": …}}`.
    public enum ToolChoice: Encodable, Equatable, Sendable {
        case none
        case auto
        case required
        case function(type: String? = "function", name: String)

        private enum CodingKeys: String, CodingKey {
            case type, function
        }

        private struct Name: Encodable {
            let name: String
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .none:
                var container = encoder.singleValueContainer()
                try container.encode("none")
            case .auto:
                var container = encoder.singleValueContainer()
                try container.encode("auto")
            case .required:
                var container = encoder.singleValueContainer()
                try container.encode("required")
            case .function(let type, let name):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(type ?? "function", forKey: .type)
                try container.encode(Name(name: name), forKey: .function)
            }
        }
    }

    /// A tool the model may call.
    public struct Tool: Encodable, Sendable {
        /// The type of the tool; `function`.
        public let type: String
        public let function: ChatFunction

        public init(type: String = "function", function: ChatFunction) {
            self.type = type
            self.function = function
        }
    }

    /// A function the model may call.
    public struct ChatFunction: Codable, Equatable, Sendable {
        /// a-z, A-Z, 0-9, underscores and dashes; at most 64 characters.
        public let name: String
        /// What the function does, for the model to decide when to call it.
        public let description: String?
        /// The parameters as a typed JSON schema.
        public let parameters: JSONSchema?
        /// The parameters as any JSON schema, when the typed one is not expressive enough.
        public let parametersJSON: JSONValue?
        /// Whether the model must follow the schema exactly (structured outputs).
        public let strict: Bool?

        public init(name: String, description: String?, parameters: JSONSchema, strict: Bool? = nil) {
            self.name = name
            self.description = description
            self.parameters = parameters
            self.parametersJSON = nil
            self.strict = strict
        }

        /// A function whose parameters schema is given as JSON.
        public init(name: String, description: String? = nil, parametersJSON: JSONValue, strict: Bool? = nil) {
            self.name = name
            self.description = description
            self.parameters = nil
            self.parametersJSON = parametersJSON
            self.strict = strict
        }

        enum CodingKeys: String, CodingKey {
            case name, description, parameters, strict
        }

        /// Decodes a function definition (e.g. an assistant's tool); the parameters are kept as JSON.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            parameters = nil
            parametersJSON = try container.decodeIfPresent(JSONValue.self, forKey: .parameters)
            strict = try container.decodeIfPresent(Bool.self, forKey: .strict)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(description, forKey: .description)
            if let parametersJSON {
                try container.encode(parametersJSON, forKey: .parameters)
            } else {
                try container.encodeIfPresent(parameters, forKey: .parameters)
            }
            try container.encodeIfPresent(strict, forKey: .strict)
        }

        /// A typed JSON schema for function parameters (shared with SwiftAnthropic's tools).
        public typealias JSONSchema = AICore.JSONSchema
    }
}
