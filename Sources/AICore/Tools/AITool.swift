import Foundation

/// A function the model may call: a name, a description, the JSON Schema of its arguments and the Swift code
/// that runs it.
///
/// ```swift
/// struct WeatherQuery: StructuredOutput { var city: String … }
/// let weather = AITool("get_weather", description: "Current weather in a city") { (query: WeatherQuery) in
///     try await forecast(for: query.city)   // any Encodable; a String is sent as it is
/// }
/// ```
/// The same tool works with chat completions (a strict function), the Responses API and Anthropic messages
/// (`input_schema`); ``ToolRunner`` calls it when the model asks.
public struct AITool: Sendable {
    public let name: String
    public let description: String?
    /// The arguments' schema as derived or given (each provider normalizes it, see ``definitionSchema(for:)``).
    public let parameters: JSONSchema
    /// Whether providers that support it must follow the schema exactly (OpenAI `strict: true`).
    public let strict: Bool
    /// The definition sent for a tool the provider itself defines (its models were trained on it), in place of a
    /// custom tool's, e.g. Anthropic's memory tool `{"type": "memory_20250818", "name": "memory"}`; nil for custom
    /// tools.
    public let builtinDefinition: JSONValue?
    private let body: @Sendable (String) async throws -> String

    /// A tool whose arguments decode to `Arguments`; the result is sent as JSON (a `String` as it is).
    public init<Arguments: StructuredOutput, Output: Encodable & Sendable>(
        _ name: String, description: String? = nil, arguments: Arguments.Type = Arguments.self, strict: Bool = true,
        perform: @escaping @Sendable (Arguments) async throws -> Output
    ) {
        self.name = name
        self.description = description
        self.parameters = Arguments.jsonSchema
        self.strict = strict
        self.builtinDefinition = nil
        self.body = { text in
            let arguments = try Self.decodeArguments(Arguments.self, from: text, tool: name)
            return try Self.encodeOutput(try await perform(arguments))
        }
    }

    /// A tool whose schema is known only at run time (e.g. from an MCP server): the arguments arrive as JSON.
    public init(
        _ name: String, description: String? = nil, parameters: JSONSchema, strict: Bool = false,
        perform: @escaping @Sendable (JSONValue) async throws -> String
    ) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.strict = strict
        self.builtinDefinition = nil
        self.body = { text in
            let arguments = try Self.decodeArguments(JSONValue.self, from: text, tool: name)
            return try await perform(arguments)
        }
    }

    /// A tool the provider defines (see ``builtinDefinition``): `definition` is sent as it is, and `perform`
    /// gets the model's input as JSON text.
    public init(
        _ name: String, builtinDefinition definition: JSONValue, perform: @escaping @Sendable (String) async throws -> String
    ) {
        self.name = name
        self.description = nil
        self.parameters = JSONSchema(type: .object)
        self.strict = false
        self.builtinDefinition = definition
        self.body = perform
    }

    /// Runs the tool with the model's argument text. Throws ``ToolArgumentsError`` when the text is not JSON of
    /// the arguments' type, or whatever the tool throws.
    public func call(arguments: String) async throws -> String {
        try await body(arguments)
    }

    /// The schema to send to a provider: normalized for `dialect` when the tool is strict.
    public func definitionSchema(for dialect: SchemaDialect) -> JSONSchema {
        var schema = strict ? parameters.normalized(for: dialect) : parameters
        if schema.types == nil, schema.propertyList == nil, schema.anyOf == nil {
            // Every provider wants an object schema for arguments, even an open one.
            schema.types = [.object]
        }
        return schema
    }

    static func decodeArguments<Arguments: Decodable>(_ type: Arguments.Type, from text: String, tool: String) throws -> Arguments {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Arguments.self, from: Data((trimmed.isEmpty ? "{}" : trimmed).utf8))
        } catch let error as DecodingError {
            throw ToolArgumentsError(tool: tool, arguments: text, message: StructuredOutputDecoding.describe(error))
        }
    }

    static func encodeOutput<Output: Encodable>(_ output: Output) throws -> String {
        if let text = output as? String { return text }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(output), as: UTF8.self)
    }
}

/// Thrown by a tool to send `message` back to the model word for word as the call's error result (the runner
/// wraps other errors: "Error: the tool … failed: …").
public struct ToolFailure: Error, Sendable, CustomStringConvertible {
    /// The error result the model reads.
    public let message: String

    /// A failure the model reads as `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The model called a tool with arguments that are not JSON of the tool's arguments type.
public struct ToolArgumentsError: Error, Sendable, CustomStringConvertible {
    public let tool: String
    /// The argument text as the model sent it.
    public let arguments: String
    public let message: String

    package init(tool: String, arguments: String, message: String) {
        self.tool = tool
        self.arguments = arguments
        self.message = message
    }

    public var description: String { "Invalid arguments for \(tool): \(message)" }
}
