extension JSON: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSON: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSON: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// A later duplicate key wins, as in a JSON text.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSON {
    /// `.string(value)`, or `.null` for nil: for optional fields such as `"code": JSON(code)`.
    public init(_ value: String?) { self = value.map(JSON.string) ?? .null }

    /// `.int(value)`, or `.null` for nil.
    public init(_ value: Int?) { self = value.map(JSON.int) ?? .null }

    /// `.double(value)`, or `.null` for nil.
    public init(_ value: Double?) { self = value.map(JSON.double) ?? .null }

    /// `.bool(value)`, or `.null` for nil.
    public init(_ value: Bool?) { self = value.map(JSON.bool) ?? .null }

    /// An array of strings.
    public init(_ values: [String]) { self = .array(values.map(JSON.string)) }
}
