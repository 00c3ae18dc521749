#if SwiftAIMacros
import AICore

/// Conforms a struct or an enum to ``StructuredOutput``, deriving its JSON Schema from the declaration so the
/// schema always matches what `Decodable` reads:
///
/// ```swift
/// /// A forecast for one city.
/// @StructuredOutput
/// struct Forecast {
///     /// The city, as the user wrote it.
///     var city: String
///     @Guide(range: 1...14) var days: Int
///     var note: String?
/// }
/// ```
///
/// - A struct becomes an object with one property per stored property (declaration order, names from
///   `CodingKeys` when it has them); optional properties are not required. Each property's schema is its
///   type's `jsonSchema`, so nested `StructuredOutput` types, arrays, optionals and `[String: T]` compose.
/// - An enum with String or integer raw values becomes an `enum` of its raw values; an enum without raw values
///   becomes the one-key objects synthesized `Codable` writes (`{"circle": {"radius": 2}}`).
/// - `description` (or the type's doc comment) describes the schema; a property's `@Guide` or doc comment
///   describes and constrains its property.
/// - `Partial` is a struct with every field optional, decoded leniently, for streamed answers.
///
/// Recursive types, functions and tuples have no JSON Schema here and are reported at compile time. The type
/// must be declared at file scope or inside another type: Swift attaches no extension macro to a type local to
/// a function.
@attached(extension, conformances: StructuredOutput, names: named(jsonSchema), named(Partial))
public macro StructuredOutput(description: String? = nil) =
    #externalMacro(module: "SwiftAIMacrosPlugin", type: "StructuredOutputMacro")
#endif
