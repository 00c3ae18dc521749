import Foundation

/// A Swift type the model can be asked to produce (or to pass as tool arguments): it decodes from JSON and
/// says what that JSON looks like.
///
/// The `@StructuredOutput` macro (product `SwiftAIMacros`) writes the conformance from a struct's or enum's
/// declaration; a hand-written one returns a schema built with ``JSONSchema``'s builders:
///
/// ```swift
/// struct Weather: StructuredOutput {
///     var city: String
///     var celsius: Double
///     static var jsonSchema: JSONSchema { .object(["city": .string(), "celsius": .number()]) }
/// }
/// ```
public protocol StructuredOutput: Decodable, Sendable {
    /// The JSON Schema of the type's JSON form (before any provider's normalization).
    static var jsonSchema: JSONSchema { get }
    /// The name sent with the schema (`json_schema.name`): letters, digits, `_` and `-`, at most 64.
    static var schemaName: String { get }
    /// What a streamed answer decodes to before it is complete: the macro makes a type whose every field is
    /// optional; by default it is the partial JSON itself.
    associatedtype Partial: Decodable & Sendable = JSONValue
}

extension StructuredOutput {
    public static var schemaName: String { StructuredOutputName.sanitized(String(describing: Self.self)) }
}

/// Names sent to providers.
package enum StructuredOutputName {
    /// Keeps letters, digits, `_` and `-` (other characters become `_`), at most 64 characters.
    package static func sanitized(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let isAllowed = (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value)
                || scalar == "_" || scalar == "-"
            return isAllowed ? Character(scalar) : "_"
        }
        let text = String(allowed.prefix(64))
        return text.isEmpty ? "output" : text
    }
}

// MARK: - Standard library types

extension String: StructuredOutput {
    public static var jsonSchema: JSONSchema { .string() }
    public typealias Partial = String
}

extension Bool: StructuredOutput {
    public static var jsonSchema: JSONSchema { .boolean() }
    public typealias Partial = Bool
}

extension Int: StructuredOutput {
    public static var jsonSchema: JSONSchema { .integer() }
    public typealias Partial = Int
}

extension Int64: StructuredOutput {
    public static var jsonSchema: JSONSchema { .integer() }
    public typealias Partial = Int64
}

extension Int32: StructuredOutput {
    public static var jsonSchema: JSONSchema { .integer() }
    public typealias Partial = Int32
}

extension UInt: StructuredOutput {
    public static var jsonSchema: JSONSchema { .integer(minimum: 0) }
    public typealias Partial = UInt
}

extension Double: StructuredOutput {
    public static var jsonSchema: JSONSchema { .number() }
    public typealias Partial = Double
}

extension Float: StructuredOutput {
    public static var jsonSchema: JSONSchema { .number() }
    public typealias Partial = Float
}

/// Dates are ISO 8601 text (`parse` decodes them with `.iso8601`).
extension Date: StructuredOutput {
    public static var jsonSchema: JSONSchema { .string(format: "date-time") }
    public typealias Partial = Date
}

extension URL: StructuredOutput {
    public static var jsonSchema: JSONSchema { .string(format: "uri") }
    public typealias Partial = URL
}

extension UUID: StructuredOutput {
    public static var jsonSchema: JSONSchema { .string(format: "uuid") }
    public typealias Partial = UUID
}

extension Array: StructuredOutput where Element: StructuredOutput {
    public static var jsonSchema: JSONSchema { .array(of: Element.jsonSchema) }
    public static var schemaName: String { StructuredOutputName.sanitized("\(Element.schemaName)_list") }
    public typealias Partial = [Element.Partial]
}

extension Optional: StructuredOutput where Wrapped: StructuredOutput {
    public static var jsonSchema: JSONSchema { .nullable(Wrapped.jsonSchema) }
    public static var schemaName: String { Wrapped.schemaName }
    public typealias Partial = Wrapped.Partial
}

extension Dictionary: StructuredOutput where Key == String, Value: StructuredOutput {
    public static var jsonSchema: JSONSchema { .dictionary(values: Value.jsonSchema) }
    public static var schemaName: String { StructuredOutputName.sanitized("\(Value.schemaName)_map") }
    public typealias Partial = [String: Value.Partial]
}

extension JSONValue: StructuredOutput {
    /// Any JSON: only lenient servers and Anthropic tool inputs accept an open schema.
    public static var jsonSchema: JSONSchema { JSONSchema() }
    public static var schemaName: String { "json" }
}
