/// Adapting a schema to a provider's rules, as the official SDKs do before they send one (openai-python's
/// `to_strict_json_schema`, anthropic-python's `transform_schema`): what the provider requires is added, what
/// it does not support is moved into the description so the model still reads it.
extension JSONSchema {
    /// String formats OpenAI's strict mode accepts.
    static let openAIFormats: Set<String> = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]
    /// String formats Anthropic's structured outputs accept.
    static let anthropicFormats: Set<String> = [
        "date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid",
    ]

    /// The schema adapted to `dialect`:
    /// - `openAIStrict`: every object lists all its properties in `required` (properties that were optional
    ///   become nullable, so their meaning is kept) and gets `additionalProperties: false`; `oneOf` becomes
    ///   `anyOf`, a one-element `allOf` is merged; `minLength`, `maxLength`, `uniqueItems` and formats the mode
    ///   lacks move into the description.
    /// - `anthropic`: `additionalProperties: false` on every object; numeric bounds, lengths and `maxItems`
    ///   (and `minItems` above 1) move into the description.
    /// - `lenient`: unchanged.
    ///
    /// What can't be adapted (a dictionary in strict mode, a root that is not an object) is left for
    /// ``validate(for:)`` to report.
    public func normalized(for dialect: SchemaDialect) -> JSONSchema {
        guard dialect != .lenient else { return self }
        var copy = self
        copy.normalize(for: dialect)
        return copy
    }

    private mutating func normalize(for dialect: SchemaDialect) {
        if let parts = allOf, parts.count == 1 {
            allOf = nil
            merge(parts[0])
        }
        if dialect == .openAIStrict, let alternatives = oneOf {
            anyOf = (anyOf ?? []) + alternatives
            oneOf = nil
        }
        var notes: [String] = []
        switch dialect {
        case .openAIStrict:
            if let value = minLength { notes.append("minLength: \(value)"); minLength = nil }
            if let value = maxLength { notes.append("maxLength: \(value)"); maxLength = nil }
            if uniqueItems == true { notes.append("items must be unique") }
            uniqueItems = nil
            if let value = format, !Self.openAIFormats.contains(value) { notes.append("format: \(value)"); format = nil }
            if case .null? = defaultValue { defaultValue = nil }
        case .anthropic:
            for (value, name) in [
                (minimumValue, "minimum"), (maximumValue, "maximum"), (exclusiveMinimum, "exclusiveMinimum"),
                (exclusiveMaximum, "exclusiveMaximum"), (multipleOfValue, "multipleOf"),
            ] {
                if let value { notes.append("\(name): \(Self.format(value))") }
            }
            minimumValue = nil
            maximumValue = nil
            exclusiveMinimum = nil
            exclusiveMaximum = nil
            multipleOfValue = nil
            if let value = minLength { notes.append("minLength: \(value)"); minLength = nil }
            if let value = maxLength { notes.append("maxLength: \(value)"); maxLength = nil }
            if let value = minItems, value > 1 { notes.append("minItems: \(value)"); minItems = nil }
            if let value = maxItems { notes.append("maxItems: \(value)"); maxItems = nil }
            if uniqueItems == true { notes.append("items must be unique") }
            uniqueItems = nil
            if let value = format, !Self.anthropicFormats.contains(value) { notes.append("format: \(value)"); format = nil }
        case .lenient:
            break
        }
        if !notes.isEmpty {
            let text = "{" + notes.joined(separator: ", ") + "}"
            description = description.map { "\($0)\n\n\(text)" } ?? text
        }
        if isObjectSchema {
            if case .schema? = additionalPropertiesValue {
                // A dictionary: no rewrite keeps its meaning; validate(for:) reports it.
            } else {
                additionalPropertiesValue = .allowed(false)
                if propertyList == nil { propertyList = [] }
            }
            if dialect == .openAIStrict, var members = propertyList {
                let wasRequired = Set(required ?? [])
                for index in members.indices where !wasRequired.contains(members[index].name) {
                    members[index].schema = .nullable(members[index].schema)
                }
                propertyList = members
                required = members.map(\.name)
            }
        }
        propertyList = propertyList?.map { Member($0.name, $0.schema.normalized(for: dialect)) }
        definitions = definitions?.map { Member($0.name, $0.schema.normalized(for: dialect)) }
        items = items?.normalized(for: dialect)
        anyOf = anyOf?.map { $0.normalized(for: dialect) }
        oneOf = oneOf?.map { $0.normalized(for: dialect) }
        allOf = allOf?.map { $0.normalized(for: dialect) }
        if case .schema(let values)? = additionalPropertiesValue {
            additionalPropertiesValue = .schema(values.normalized(for: dialect))
        }
    }

    /// Whether the schema describes objects (`type` object, or properties without a type).
    var isObjectSchema: Bool {
        types?.contains(.object) == true || (types == nil && propertyList != nil)
    }

    private mutating func merge(_ other: JSONSchema) {
        types = types ?? other.types
        description = description ?? other.description
        title = title ?? other.title
        propertyList = propertyList ?? other.propertyList
        required = required ?? other.required
        additionalPropertiesValue = additionalPropertiesValue ?? other.additionalPropertiesValue
        items = items ?? other.items
        anyOf = anyOf ?? other.anyOf
        enumCases = enumCases ?? other.enumCases
        constValue = constValue ?? other.constValue
        format = format ?? other.format
        pattern = pattern ?? other.pattern
        ref = ref ?? other.ref
        minimumValue = minimumValue ?? other.minimumValue
        maximumValue = maximumValue ?? other.maximumValue
        minItems = minItems ?? other.minItems
        maxItems = maxItems ?? other.maxItems
        definitions = definitions ?? other.definitions
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
