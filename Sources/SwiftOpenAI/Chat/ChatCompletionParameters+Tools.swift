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
    public struct ChatFunction: Encodable, Equatable, Sendable {
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

        /// A typed JSON schema for function parameters.
        public struct JSONSchema: Encodable, Equatable, Sendable {
            public let type: JSONType
            public let properties: [String: Property]?
            public let required: [String]?
            public let pattern: String?
            public let const: String?
            public let enumValues: [String]?
            public let multipleOf: Int?
            public let minimum: Int?
            public let maximum: Int?
            /// `false` forbids unlisted properties; required for strict schemas.
            public let additionalProperties: Bool?

            private enum CodingKeys: String, CodingKey {
                case type, properties, required, pattern, const, additionalProperties
                case enumValues = "enum"
                case multipleOf, minimum, maximum
            }

            /// A property of an object schema.
            public struct Property: Encodable, Equatable, Sendable {
                public let type: JSONType
                public let description: String?
                public let format: String?
                public let items: Items?
                public let required: [String]?
                public let pattern: String?
                public let const: String?
                public let enumValues: [String]?
                public let multipleOf: Int?
                public let minimum: Double?
                public let maximum: Double?
                public let minItems: Int?
                public let maxItems: Int?
                public let uniqueItems: Bool?
                /// The properties of a nested object.
                public let properties: [String: Property]?
                public let additionalProperties: Bool?

                private enum CodingKeys: String, CodingKey {
                    case type, description, format, items, required, pattern, const, properties, additionalProperties
                    case enumValues = "enum"
                    case multipleOf, minimum, maximum
                    case minItems, maxItems, uniqueItems
                }

                public init(
                    type: JSONType,
                    description: String? = nil,
                    format: String? = nil,
                    items: Items? = nil,
                    required: [String]? = nil,
                    pattern: String? = nil,
                    const: String? = nil,
                    enumValues: [String]? = nil,
                    multipleOf: Int? = nil,
                    minimum: Double? = nil,
                    maximum: Double? = nil,
                    minItems: Int? = nil,
                    maxItems: Int? = nil,
                    uniqueItems: Bool? = nil,
                    properties: [String: Property]? = nil,
                    additionalProperties: Bool? = nil)
                {
                    self.type = type
                    self.description = description
                    self.format = format
                    self.items = items
                    self.required = required
                    self.pattern = pattern
                    self.const = const
                    self.enumValues = enumValues
                    self.multipleOf = multipleOf
                    self.minimum = minimum
                    self.maximum = maximum
                    self.minItems = minItems
                    self.maxItems = maxItems
                    self.uniqueItems = uniqueItems
                    self.properties = properties
                    self.additionalProperties = additionalProperties
                }
            }

            public enum JSONType: String, Encodable, Sendable {
                case integer
                case string
                case boolean
                case array
                case object
                case number
                case null
            }

            /// The schema of array items.
            public struct Items: Encodable, Equatable, Sendable {
                public let type: JSONType
                public let properties: [String: Property]?
                public let pattern: String?
                public let const: String?
                public let enumValues: [String]?
                public let multipleOf: Int?
                public let minimum: Double?
                public let maximum: Double?
                public let minItems: Int?
                public let maxItems: Int?
                public let uniqueItems: Bool?
                public let required: [String]?
                public let additionalProperties: Bool?

                private enum CodingKeys: String, CodingKey {
                    case type, properties, pattern, const, required, additionalProperties
                    case enumValues = "enum"
                    case multipleOf, minimum, maximum, minItems, maxItems, uniqueItems
                }

                public init(
                    type: JSONType,
                    properties: [String: Property]? = nil,
                    pattern: String? = nil,
                    const: String? = nil,
                    enumValues: [String]? = nil,
                    multipleOf: Int? = nil,
                    minimum: Double? = nil,
                    maximum: Double? = nil,
                    minItems: Int? = nil,
                    maxItems: Int? = nil,
                    uniqueItems: Bool? = nil,
                    required: [String]? = nil,
                    additionalProperties: Bool? = nil)
                {
                    self.type = type
                    self.properties = properties
                    self.pattern = pattern
                    self.const = const
                    self.enumValues = enumValues
                    self.multipleOf = multipleOf
                    self.minimum = minimum
                    self.maximum = maximum
                    self.minItems = minItems
                    self.maxItems = maxItems
                    self.uniqueItems = uniqueItems
                    self.required = required
                    self.additionalProperties = additionalProperties
                }
            }

            public init(
                type: JSONType,
                properties: [String: Property]? = nil,
                required: [String]? = nil,
                pattern: String? = nil,
                const: String? = nil,
                enumValues: [String]? = nil,
                multipleOf: Int? = nil,
                minimum: Int? = nil,
                maximum: Int? = nil,
                additionalProperties: Bool? = nil)
            {
                self.type = type
                self.properties = properties
                self.required = required
                self.pattern = pattern
                self.const = const
                self.enumValues = enumValues
                self.multipleOf = multipleOf
                self.minimum = minimum
                self.maximum = maximum
                self.additionalProperties = additionalProperties
            }
        }
    }
}
