/// A typed JSON schema, as the seeds' `ChatFunction.JSONSchema` and `MessageParameter.Tool.JSONSchema` spell it.
public struct JSONSchema: Codable, Equatable, Sendable {
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
    public struct Property: Codable, Equatable, Sendable {
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

    public enum JSONType: String, Codable, Sendable {
        case integer
        case string
        case boolean
        case array
        case object
        case number
        case null
    }

    /// The schema of array items.
    public struct Items: Codable, Equatable, Sendable {
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
