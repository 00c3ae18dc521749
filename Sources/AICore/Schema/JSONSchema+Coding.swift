import Foundation

/// Reading and writing a schema: keywords are written in a fixed order (`type`, `title`, `description`,
/// `properties` in their order, `required`, …) so the same schema always encodes to the same bytes.
extension JSONSchema {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The keywords this type models, as they are spelled in JSON.
    static let modelledKeywords: Set<String> = [
        "type", "title", "description", "properties", "required", "additionalProperties", "items", "anyOf", "oneOf",
        "allOf", "enum", "const", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "$defs",
        "$ref", "default",
    ]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if let types {
            if types.count == 1 {
                try container.encode(types[0], forKey: Key("type"))
            } else {
                try container.encode(types, forKey: Key("type"))
            }
        }
        try container.encodeIfPresent(title, forKey: Key("title"))
        try container.encodeIfPresent(description, forKey: Key("description"))
        if let propertyList {
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("properties"))
            for member in propertyList { try nested.encode(member.schema, forKey: Key(member.name)) }
        }
        try container.encodeIfPresent(required, forKey: Key("required"))
        switch additionalPropertiesValue {
        case .allowed(let flag)?: try container.encode(flag, forKey: Key("additionalProperties"))
        case .schema(let schema)?: try container.encode(schema, forKey: Key("additionalProperties"))
        case nil: break
        }
        try container.encodeIfPresent(items, forKey: Key("items"))
        try container.encodeIfPresent(anyOf, forKey: Key("anyOf"))
        try container.encodeIfPresent(oneOf, forKey: Key("oneOf"))
        try container.encodeIfPresent(allOf, forKey: Key("allOf"))
        try container.encodeIfPresent(enumCases, forKey: Key("enum"))
        try container.encodeIfPresent(constValue, forKey: Key("const"))
        try container.encodeIfPresent(format, forKey: Key("format"))
        try container.encodeIfPresent(pattern, forKey: Key("pattern"))
        try container.encodeIfPresent(minLength, forKey: Key("minLength"))
        try container.encodeIfPresent(maxLength, forKey: Key("maxLength"))
        for (value, key) in [
            (minimumValue, "minimum"), (maximumValue, "maximum"), (exclusiveMinimum, "exclusiveMinimum"),
            (exclusiveMaximum, "exclusiveMaximum"), (multipleOfValue, "multipleOf"),
        ] {
            guard let value else { continue }
            // Whole numbers are written as integers (`2`, not `2.0`), as SwiftOpenAI's and SwiftAnthropic's Int fields were.
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int(value), forKey: Key(key))
            } else {
                try container.encode(value, forKey: Key(key))
            }
        }
        try container.encodeIfPresent(minItems, forKey: Key("minItems"))
        try container.encodeIfPresent(maxItems, forKey: Key("maxItems"))
        try container.encodeIfPresent(uniqueItems, forKey: Key("uniqueItems"))
        if let definitions {
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("$defs"))
            for member in definitions { try nested.encode(member.schema, forKey: Key(member.name)) }
        }
        try container.encodeIfPresent(ref, forKey: Key("$ref"))
        try container.encodeIfPresent(defaultValue, forKey: Key("default"))
        for (key, value) in extraKeywords.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: Key(key))
        }
    }

    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(json: value)
        } catch let error as SchemaReadingError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Reads a schema from JSON; throws ``SchemaReadingError`` naming the keyword that has the wrong shape.
    /// Properties and definitions are ordered by name (a JSON object's order is not kept by ``JSONValue``).
    public init(json: JSONValue, path: String = "#") throws {
        guard case .object(let object) = json else {
            if case .bool(true) = json { self.init(); return }
            throw SchemaReadingError(path: path, message: "a schema must be a JSON object")
        }
        self.init()
        func fail(_ key: String, _ expected: String) -> SchemaReadingError {
            SchemaReadingError(path: "\(path)/\(key)", message: "expected \(expected)")
        }
        func string(_ key: String) throws -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value.stringValue else { throw fail(key, "a string") }
            return text
        }
        func int(_ key: String) throws -> Int? {
            guard let value = object[key] else { return nil }
            guard let number = value.intValue else { throw fail(key, "an integer") }
            return number
        }
        func number(_ key: String) throws -> Double? {
            guard let value = object[key] else { return nil }
            guard let number = value.doubleValue else { throw fail(key, "a number") }
            return number
        }
        func schemas(_ key: String) throws -> [JSONSchema]? {
            guard let value = object[key] else { return nil }
            guard case .array(let list) = value else { throw fail(key, "an array of schemas") }
            return try list.enumerated().map { try JSONSchema(json: $1, path: "\(path)/\(key)/\($0)") }
        }
        func members(_ key: String) throws -> [Member]? {
            guard let value = object[key] else { return nil }
            guard case .object(let map) = value else { throw fail(key, "an object of schemas") }
            return try map.sorted { $0.key < $1.key }.map {
                Member($0.key, try JSONSchema(json: $0.value, path: "\(path)/\(key)/\($0.key)"))
            }
        }
        switch object["type"] {
        case nil: break
        case .string(let name)?:
            guard let type = JSONType(rawValue: name) else { throw fail("type", "a JSON type") }
            types = [type]
        case .array(let names)?:
            types = try names.map {
                guard let name = $0.stringValue, let type = JSONType(rawValue: name) else { throw fail("type", "JSON types") }
                return type
            }
        default: throw fail("type", "a type or a list of types")
        }
        title = try string("title")
        description = try string("description")
        propertyList = try members("properties")
        if let value = object["required"] {
            guard case .array(let names) = value, names.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("required", "an array of strings")
            }
            required = names.compactMap(\.stringValue)
        }
        switch object["additionalProperties"] {
        case nil: break
        case .bool(let flag)?: additionalPropertiesValue = .allowed(flag)
        case let value?: additionalPropertiesValue = .schema(try JSONSchema(json: value, path: "\(path)/additionalProperties"))
        }
        if let value = object["items"] { items = try JSONSchema(json: value, path: "\(path)/items") }
        anyOf = try schemas("anyOf")
        oneOf = try schemas("oneOf")
        allOf = try schemas("allOf")
        if let value = object["enum"] {
            guard case .array(let cases) = value else { throw fail("enum", "an array") }
            enumCases = cases
        }
        constValue = object["const"]
        format = try string("format")
        pattern = try string("pattern")
        minLength = try int("minLength")
        maxLength = try int("maxLength")
        minimumValue = try number("minimum")
        maximumValue = try number("maximum")
        exclusiveMinimum = try number("exclusiveMinimum")
        exclusiveMaximum = try number("exclusiveMaximum")
        multipleOfValue = try number("multipleOf")
        minItems = try int("minItems")
        maxItems = try int("maxItems")
        if let value = object["uniqueItems"] {
            guard case .bool(let flag) = value else { throw fail("uniqueItems", "a boolean") }
            uniqueItems = flag
        }
        definitions = try members("$defs")
        ref = try string("$ref")
        defaultValue = object["default"]
        extraKeywords = object.filter { !Self.modelledKeywords.contains($0.key) }
    }

    /// The schema as JSON (object keys unordered).
    public var json: JSONValue {
        (try? JSONValue(parsing: JSONEncoder().encode(self))) ?? .object([:])
    }

    /// The schema as compact JSON text, keys in the schema's order.
    public var jsonText: String {
        (try? OrderedJSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A schema read from JSON has a keyword of the wrong shape.
public struct SchemaReadingError: Error, CustomStringConvertible, Sendable {
    /// Where, as a JSON pointer (`#/properties/name/type`).
    public let path: String
    public let message: String

    public var description: String { "Invalid JSON schema at \(path): \(message)" }
}
