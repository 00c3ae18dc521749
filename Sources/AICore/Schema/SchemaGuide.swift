/// Constraints and a description for one field, as `@Guide(…)` writes them (and as code that builds schemas
/// at run time can apply them): ``JSONSchema/applying(_:)`` puts each on the schema where it belongs.
public struct SchemaGuide: Sendable, Hashable {
    public var description: String?
    public var minimum: Double?
    public var maximum: Double?
    /// Element counts of an array (`minItems`/`maxItems`).
    public var minCount: Int?
    public var maxCount: Int?
    /// Character counts of a string (`minLength`/`maxLength`).
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var format: String?
    /// The only values allowed (`enum`).
    public var allowedValues: [JSONValue]?

    public init(
        description: String? = nil, minimum: Double? = nil, maximum: Double? = nil, minCount: Int? = nil,
        maxCount: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
        format: String? = nil, allowedValues: [JSONValue]? = nil
    ) {
        self.description = description
        self.minimum = minimum
        self.maximum = maximum
        self.minCount = minCount
        self.maxCount = maxCount
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.format = format
        self.allowedValues = allowedValues
    }
}

extension JSONSchema {
    /// This schema with `guide`'s description and constraints. On a nullable `anyOf` (an optional field)
    /// the constraints go to the non-null branch and the description to the field.
    public func applying(_ guide: SchemaGuide) -> JSONSchema {
        var copy = self
        if guide.description != nil { copy.description = guide.description }
        if let branches = copy.anyOf, branches.count == 2, let index = branches.firstIndex(where: { $0.types != [.null] }),
            branches.contains(where: { $0.types == [.null] })
        {
            var inner = branches[index]
            inner.constrain(with: guide)
            copy.anyOf?[index] = inner
            return copy
        }
        copy.constrain(with: guide)
        return copy
    }

    private mutating func constrain(with guide: SchemaGuide) {
        if let value = guide.minimum { minimumValue = value }
        if let value = guide.maximum { maximumValue = value }
        if let value = guide.minCount { minItems = value }
        if let value = guide.maxCount { maxItems = value }
        if let value = guide.minLength { minLength = value }
        if let value = guide.maxLength { maxLength = value }
        if let value = guide.pattern { pattern = value }
        if let value = guide.format { format = value }
        if let values = guide.allowedValues {
            enumCases = isNullable && !values.contains(.null) ? values + [.null] : values
        }
    }
}
