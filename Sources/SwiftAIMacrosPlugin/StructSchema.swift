#if SwiftAIMacros
import SwiftSyntax

/// The members `@StructuredOutput` writes for a struct: the object schema of its fields and a `Partial`
/// whose fields are all optional and decoded leniently, so a half-streamed answer still reads.
struct StructSchema {
    var fields: [StoredProperty]
    var description: String?
    var access: String

    /// `static var jsonSchema`: an object with one property per field, in declaration order; the non-optional
    /// ones are required.
    var jsonSchemaDecl: String {
        let entries = fields.map { "\(Literal.string($0.jsonName)): \(Self.schemaExpression(for: $0)),\n" }
        let properties = fields.isEmpty ? "[:]" : "[\n\(entries.joined())]"
        let required = fields.filter { !$0.isOptional }.map(\.jsonName)
        var arguments = [properties, "required: \(Literal.stringArray(required))"]
        if let description { arguments.append("description: \(Literal.string(description))") }
        return """
            \(access)nonisolated static var jsonSchema: AICore.JSONSchema {
            .object(
            \(arguments.joined(separator: ",\n"))
            )
            }
            """
    }

    /// `Partial`: each field as its type's `Partial`, optional, decoded with `try?` under the same JSON name,
    /// so a missing or unfinished value leaves that field nil instead of failing the whole value.
    var partialDecl: String {
        guard !fields.isEmpty else {
            return """
                \(access)nonisolated struct Partial: Decodable, Sendable {
                \(access)init(from decoder: any Decoder) throws {}
                }
                """
        }
        let members = fields.map { "\(access)var \($0.name): \(Self.partialType(of: $0))?" }
        let assignments = fields.map {
            "\($0.name) = try? container.decodeIfPresent(\(Self.partialType(of: $0)).self, forKey: .\($0.name))"
        }
        return """
            \(access)nonisolated struct Partial: Decodable, Sendable {
            \(members.joined(separator: "\n"))

            \(access)init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            \(assignments.joined(separator: "\n"))
            }

            private enum CodingKeys: String, CodingKey {
            \(fields.map(Self.codingKeyCase).joined(separator: "\n"))
            }
            }
            """
    }

    /// `case name`, with the JSON name as raw value when it differs.
    private static func codingKeyCase(for field: StoredProperty) -> String {
        let plainName = field.name.filter { $0 != "`" }
        return plainName == field.jsonName ? "case \(field.name)" : "case \(field.name) = \(Literal.string(field.jsonName))"
    }

    /// `T.jsonSchema`, then the field's `@Guide` or doc comment.
    private static func schemaExpression(for field: StoredProperty) -> String {
        let base = "\(TypeAnalysis.qualifiable(field.type)).jsonSchema"
        if let guide = field.guide, guide.hasConstraints || guide.description != nil {
            return base + ".applying(\(guide.schemaGuideCall(description: field.docComment)))"
        }
        if let docComment = field.docComment { return base + ".describing(\(Literal.string(docComment)))" }
        return base
    }

    /// `T.Partial` for a field of type `T` or `T?` (an optional's partial is its wrapped type's).
    private static func partialType(of field: StoredProperty) -> String {
        "\(TypeAnalysis.qualifiable(TypeAnalysis.unwrappingOptional(field.type).wrapped)).Partial"
    }
}
#endif
