/// A JSON Schema: the one schema type of the package, for function parameters, tool inputs and structured
/// outputs alike.
///
/// It holds every keyword the providers read (`type` or a list of types, `properties` in the order they were
/// given, `required`, `additionalProperties` as a flag or a schema, `items`, `anyOf`/`oneOf`/`allOf`, `enum`,
/// `const`, string/number/array constraints, `$defs` and `$ref`, `description`, `title`, `default`); any other
/// keyword read from JSON is kept in ``extraKeywords`` and written back. Property order is kept because models
/// write the fields of a structured answer in the order the schema lists them.
///
/// The property-list spelling of SwiftOpenAI and SwiftAnthropic — `JSONSchema(type:properties:required:…)` with ``Property`` and ``Items`` — still
/// compiles and encodes as before; ``Property`` and ``Items`` are views of a `JSONSchema`. Schemas from Swift
/// types come from the `@StructuredOutput` macro (product `SwiftAIMacros`) or the builders in
/// `JSONSchema+Builders.swift`; ``normalized(for:)`` and ``validate(for:)`` adapt and check a schema for a provider.
public struct JSONSchema: Codable, Hashable, Sendable {
    /// `type`: one type, or several (`["string", "null"]` for an optional string). Nil: no `type` keyword.
    public var types: [JSONType]?
    public var title: String?
    public var description: String?
    /// `properties`, in order.
    public var propertyList: [Member]?
    public var required: [String]?
    /// `additionalProperties`: `false` forbids unlisted properties (strict schemas need it), a schema types the
    /// values of a dictionary.
    public var additionalPropertiesValue: AdditionalProperties?
    public var anyOf: [JSONSchema]?
    public var oneOf: [JSONSchema]?
    public var allOf: [JSONSchema]?
    /// `enum`, any JSON values.
    public var enumCases: [JSONValue]?
    /// `const`, any JSON value.
    public var constValue: JSONValue?
    public var format: String?
    public var pattern: String?
    public var minLength: Int?
    public var maxLength: Int?
    public var minimumValue: Double?
    public var maximumValue: Double?
    public var exclusiveMinimum: Double?
    public var exclusiveMaximum: Double?
    public var multipleOfValue: Double?
    public var minItems: Int?
    public var maxItems: Int?
    public var uniqueItems: Bool?
    /// `$defs`, in order; referred to as `#/$defs/<name>`.
    public var definitions: [Member]?
    /// `$ref`.
    public var ref: String?
    /// `default`.
    public var defaultValue: JSONValue?
    /// Keywords this type does not model, kept as read.
    public var extraKeywords: [String: JSONValue] = [:]
    private var itemsStorage: [JSONSchema] = []

    /// A named schema: a property or a definition.
    public struct Member: Hashable, Sendable {
        public var name: String
        public var schema: JSONSchema

        public init(_ name: String, _ schema: JSONSchema) {
            self.name = name
            self.schema = schema
        }
    }

    /// `additionalProperties`: a flag, or the schema of every value (a dictionary).
    public indirect enum AdditionalProperties: Hashable, Sendable {
        case allowed(Bool)
        case schema(JSONSchema)
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

    /// An empty schema (accepts anything); set its fields or use the builders.
    public init() {}

    /// `items`: the schema of every element of an array.
    public var items: JSONSchema? {
        get { itemsStorage.first }
        set { itemsStorage = newValue.map { [$0] } ?? [] }
    }

    /// The property schemas by name (order lost; see ``propertyList``).
    public var propertySchemas: [String: JSONSchema]? {
        propertyList.map { Dictionary($0.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first }) }
    }

    /// The schema of one property.
    public func property(_ name: String) -> JSONSchema? {
        propertyList?.first(where: { $0.name == name })?.schema
    }

    /// The definition named `name` in `$defs`.
    public func definition(_ name: String) -> JSONSchema? {
        definitions?.first(where: { $0.name == name })?.schema
    }
}

// MARK: - The property-list spelling

extension JSONSchema {
    /// The first type that is not `null` (`object` when the schema names none), as the property-list spelling reads `type`.
    public var type: JSONType {
        types?.first(where: { $0 != .null }) ?? types?.first ?? .object
    }

    /// The properties as ``Property`` values.
    public var properties: [String: Property]? { propertySchemas?.mapValues(Property.init) }

    /// String `enum` values (nil when there is no `enum` or it holds non-strings).
    public var enumValues: [String]? {
        guard let enumCases else { return nil }
        let strings = enumCases.compactMap(\.stringValue)
        return strings.count == enumCases.count ? strings : nil
    }

    /// A string `const`.
    public var const: String? { constValue?.stringValue }
    public var multipleOf: Int? { multipleOfValue.flatMap { Int(exactly: $0) } }
    public var minimum: Int? { minimumValue.flatMap { Int(exactly: $0) } }
    public var maximum: Int? { maximumValue.flatMap { Int(exactly: $0) } }

    /// `additionalProperties` when it is a flag.
    public var additionalProperties: Bool? {
        if case .allowed(let flag)? = additionalPropertiesValue { return flag }
        return nil
    }

    /// A schema in the property-list spelling: `type`, `properties`, `required`, `items`, …
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
        self.init()
        types = [type]
        propertyList = properties.map(Self.members)
        self.required = required
        self.pattern = pattern
        constValue = const.map(JSONValue.string)
        enumCases = enumValues?.map(JSONValue.string)
        multipleOfValue = multipleOf.map(Double.init)
        minimumValue = minimum.map(Double.init)
        maximumValue = maximum.map(Double.init)
        additionalPropertiesValue = additionalProperties.map(AdditionalProperties.allowed)
    }

    /// Properties from a dictionary, sorted by name so that the same dictionary always encodes alike.
    static func members(_ properties: [String: Property]) -> [Member] {
        properties.sorted { $0.key < $1.key }.map { Member($0.key, $0.value.schema) }
    }

    /// A property of an object schema (a view of a ``JSONSchema`` in the property-list spelling).
    public struct Property: Codable, Hashable, Sendable {
        public var schema: JSONSchema

        public init(_ schema: JSONSchema) { self.schema = schema }

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
            var schema = JSONSchema(
                type: type, properties: properties, required: required, pattern: pattern, const: const,
                enumValues: enumValues, multipleOf: multipleOf, additionalProperties: additionalProperties)
            schema.description = description
            schema.format = format
            schema.items = items?.schema
            schema.minimumValue = minimum
            schema.maximumValue = maximum
            schema.minItems = minItems
            schema.maxItems = maxItems
            schema.uniqueItems = uniqueItems
            self.schema = schema
        }

        public init(from decoder: any Decoder) throws { schema = try JSONSchema(from: decoder) }
        public func encode(to encoder: any Encoder) throws { try schema.encode(to: encoder) }

        public var type: JSONType { schema.type }
        public var description: String? { schema.description }
        public var format: String? { schema.format }
        public var items: Items? { schema.items.map(Items.init) }
        public var required: [String]? { schema.required }
        public var pattern: String? { schema.pattern }
        public var const: String? { schema.const }
        public var enumValues: [String]? { schema.enumValues }
        public var multipleOf: Int? { schema.multipleOf }
        public var minimum: Double? { schema.minimumValue }
        public var maximum: Double? { schema.maximumValue }
        public var minItems: Int? { schema.minItems }
        public var maxItems: Int? { schema.maxItems }
        public var uniqueItems: Bool? { schema.uniqueItems }
        public var properties: [String: Property]? { schema.properties }
        public var additionalProperties: Bool? { schema.additionalProperties }
    }

    /// The schema of array items (a view of a ``JSONSchema`` in the property-list spelling).
    public struct Items: Codable, Hashable, Sendable {
        public var schema: JSONSchema

        public init(_ schema: JSONSchema) { self.schema = schema }

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
            var schema = JSONSchema(
                type: type, properties: properties, required: required, pattern: pattern, const: const,
                enumValues: enumValues, multipleOf: multipleOf, additionalProperties: additionalProperties)
            schema.minimumValue = minimum
            schema.maximumValue = maximum
            schema.minItems = minItems
            schema.maxItems = maxItems
            schema.uniqueItems = uniqueItems
            self.schema = schema
        }

        public init(from decoder: any Decoder) throws { schema = try JSONSchema(from: decoder) }
        public func encode(to encoder: any Encoder) throws { try schema.encode(to: encoder) }

        public var type: JSONType { schema.type }
        public var properties: [String: Property]? { schema.properties }
        public var pattern: String? { schema.pattern }
        public var const: String? { schema.const }
        public var enumValues: [String]? { schema.enumValues }
        public var multipleOf: Int? { schema.multipleOf }
        public var minimum: Double? { schema.minimumValue }
        public var maximum: Double? { schema.maximumValue }
        public var minItems: Int? { schema.minItems }
        public var maxItems: Int? { schema.maxItems }
        public var uniqueItems: Bool? { schema.uniqueItems }
        public var required: [String]? { schema.required }
        public var additionalProperties: Bool? { schema.additionalProperties }
    }
}
