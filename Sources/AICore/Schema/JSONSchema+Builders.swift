/// Builders for schemas known only at run time (the `@StructuredOutput` macro writes the same calls):
///
/// ```swift
/// let weather = JSONSchema.object([
///     "city": .string(description: "The city"),
///     "unit": .string(enum: ["celsius", "fahrenheit"]),
///     "days": .integer(minimum: 1, maximum: 14),
///     "note": .nullable(.string()),
/// ])
/// ```
extension JSONSchema {
    /// An object with these properties, in this order. `required` nil means every property is required;
    /// unlisted properties are refused unless `additionalProperties` is true.
    public static func object(
        _ properties: KeyValuePairs<String, JSONSchema>, required: [String]? = nil, description: String? = nil,
        title: String? = nil, additionalProperties: Bool = false
    ) -> JSONSchema {
        object(
            members: properties.map { Member($0.key, $0.value) }, required: required, description: description,
            title: title, additionalProperties: additionalProperties)
    }

    /// An object from a list of members (for properties assembled at run time).
    public static func object(
        members: [Member], required: [String]? = nil, description: String? = nil, title: String? = nil,
        additionalProperties: Bool = false
    ) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.object]
        schema.title = title
        schema.description = description
        schema.propertyList = members
        schema.required = required ?? members.map(\.name)
        schema.additionalPropertiesValue = .allowed(additionalProperties)
        return schema
    }

    /// A dictionary: an object whose keys are free and whose values all match `values`. OpenAI's strict mode
    /// can't express it (``validate(for:)`` says so); Anthropic tools and lenient servers can.
    public static func dictionary(values: JSONSchema, description: String? = nil) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.object]
        schema.description = description
        schema.additionalPropertiesValue = .schema(values)
        return schema
    }

    public static func string(
        description: String? = nil, enum cases: [String]? = nil, format: String? = nil, pattern: String? = nil,
        minLength: Int? = nil, maxLength: Int? = nil
    ) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.string]
        schema.description = description
        schema.enumCases = cases?.map(JSONValue.string)
        schema.format = format
        schema.pattern = pattern
        schema.minLength = minLength
        schema.maxLength = maxLength
        return schema
    }

    public static func integer(
        description: String? = nil, minimum: Int? = nil, maximum: Int? = nil, enum cases: [Int]? = nil
    ) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.integer]
        schema.description = description
        schema.minimumValue = minimum.map(Double.init)
        schema.maximumValue = maximum.map(Double.init)
        schema.enumCases = cases?.map(JSONValue.int)
        return schema
    }

    public static func number(
        description: String? = nil, minimum: Double? = nil, maximum: Double? = nil, multipleOf: Double? = nil
    ) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.number]
        schema.description = description
        schema.minimumValue = minimum
        schema.maximumValue = maximum
        schema.multipleOfValue = multipleOf
        return schema
    }

    public static func boolean(description: String? = nil) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.boolean]
        schema.description = description
        return schema
    }

    /// The `null` type.
    public static var null: JSONSchema {
        var schema = JSONSchema()
        schema.types = [.null]
        return schema
    }

    public static func array(
        of items: JSONSchema, description: String? = nil, minItems: Int? = nil, maxItems: Int? = nil
    ) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = [.array]
        schema.description = description
        schema.items = items
        schema.minItems = minItems
        schema.maxItems = maxItems
        return schema
    }

    /// One of several shapes (`anyOf`).
    public static func anyOf(_ schemas: [JSONSchema], description: String? = nil) -> JSONSchema {
        var schema = JSONSchema()
        schema.anyOf = schemas
        schema.description = description
        return schema
    }

    /// Exactly this value (`const`).
    public static func constant(_ value: JSONValue, description: String? = nil) -> JSONSchema {
        var schema = JSONSchema()
        if case .string = value { schema.types = [.string] }
        schema.constValue = value
        schema.description = description
        return schema
    }

    /// A reference to `#/$defs/<name>`.
    public static func reference(_ name: String) -> JSONSchema {
        var schema = JSONSchema()
        schema.ref = "#/$defs/\(name)"
        return schema
    }

    /// `schema` or `null`: the type list gains `null` when the schema is a plain typed one, otherwise it
    /// becomes `anyOf: [schema, {"type": "null"}]` (how OpenAI's strict mode spells an optional field).
    public static func nullable(_ schema: JSONSchema) -> JSONSchema {
        if schema.isNullable { return schema }
        if var types = schema.types, schema.ref == nil, schema.anyOf == nil, schema.oneOf == nil, schema.allOf == nil,
            schema.enumCases == nil, schema.constValue == nil
        {
            types.append(.null)
            var copy = schema
            copy.types = types
            return copy
        }
        var wrapper = JSONSchema()
        var inner = schema
        wrapper.description = inner.description
        inner.description = nil
        wrapper.anyOf = [inner, .null]
        return wrapper
    }

    /// Whether `null` is accepted at the top level of this schema.
    public var isNullable: Bool {
        types?.contains(.null) == true || anyOf?.contains(where: { $0.types == [.null] }) == true
            || enumCases?.contains(.null) == true
    }

    /// The same schema with `description` set (builders' chaining form).
    public func describing(_ text: String?) -> JSONSchema {
        var copy = self
        copy.description = text
        return copy
    }

    /// The same schema with `$defs` (used for recursive or shared types).
    public func defining(_ definitions: [Member]) -> JSONSchema {
        var copy = self
        copy.definitions = (copy.definitions ?? []) + definitions
        return copy
    }
}
