#if SwiftAIMacros
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@StructuredOutput`: an extension that adds the `StructuredOutput` conformance with `jsonSchema` (derived
/// from the declaration, so the schema can't drift from the type) and `Partial` (what a streamed answer decodes
/// to before it is complete). An extension rather than members, so one role writes both the conformance and
/// what it needs.
public struct StructuredOutputMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var log = DiagnosticLog()
        let members = generatedMembers(of: node, attachedTo: declaration, log: &log)
        for entry in log.entries { context.diagnose(entry) }
        guard let members, log.isEmpty else { return [] }
        // `nonisolated`: in a module whose default isolation is the main actor (Xcode 26's new app targets), the
        // conformance and the members below would otherwise be main-actor isolated, and an isolated `Decodable`
        // can't satisfy `StructuredOutput`, which the SDK decodes off the main actor.
        let conformance = protocols.isEmpty
            ? "" : ": " + protocols.map { "nonisolated " + $0.trimmedDescription }.joined(separator: ", ")
        let source = "extension \(type.trimmedDescription)\(conformance) {\n\(members.joined(separator: "\n\n"))\n}"
        return [try ExtensionDeclSyntax("\(raw: source)")]
    }

    /// The declarations of `jsonSchema` and `Partial`, leaving out either when the type declares it itself;
    /// nil when the declaration can't be described.
    private static func generatedMembers(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, log: inout DiagnosticLog
    ) -> [String]? {
        let access = AccessLevel.prefix(for: declaration.modifiers)
        let description = typeDescription(node, declaration: declaration, log: &log)
        let declared = declaredNames(in: declaration.memberBlock.members)
        let jsonSchema: String
        let partial: String
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            let fields = StoredProperty.fields(of: structDecl.memberBlock.members, typeName: structDecl.name.text, log: &log)
            let schema = StructSchema(fields: fields, description: description, access: access)
            (jsonSchema, partial) = (schema.jsonSchemaDecl, schema.partialDecl)
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            guard let schema = EnumSchema(enumDecl, description: description, access: access, log: &log) else {
                return nil
            }
            (jsonSchema, partial) = (schema.jsonSchemaDecl, schema.partialDecl)
        } else {
            log.report(.notStructOrEnum(kind: kindName(of: declaration)), at: node)
            return nil
        }
        return [declared.contains("jsonSchema") ? nil : jsonSchema, declared.contains("Partial") ? nil : partial]
            .compactMap { $0 }
    }

    /// The `description:` argument, else the type's doc comment.
    private static func typeDescription(
        _ node: AttributeSyntax, declaration: some DeclGroupSyntax, log: inout DiagnosticLog
    ) -> String? {
        if case .argumentList(let arguments)? = node.arguments,
            let argument = arguments.first(where: { $0.label?.text == "description" }),
            !argument.expression.is(NilLiteralExprSyntax.self)
        {
            guard let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
                log.report(.notStringLiteral(macro: "@StructuredOutput", argument: "description"), at: argument.expression)
                return nil
            }
            return text
        }
        return DocComment.text(of: declaration, attributes: declaration.attributes)
    }

    /// Names of members the type declares itself, so a hand-written `jsonSchema` or `Partial` wins.
    private static func declaredNames(in members: MemberBlockItemListSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in members {
            let decl = member.decl
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText {
                        names.insert(name)
                    }
                }
            } else if let name = decl.asProtocol(NamedDeclSyntax.self)?.name.identifierText {
                names.insert(name)
            }
        }
        return names
    }

    private static func kindName(of declaration: some DeclGroupSyntax) -> String {
        switch declaration.kind {
        case .classDecl: "a class"
        case .actorDecl: "an actor"
        case .protocolDecl: "a protocol"
        case .extensionDecl: "an extension (attach it to the type's declaration)"
        default: "this declaration"
        }
    }
}
#endif
