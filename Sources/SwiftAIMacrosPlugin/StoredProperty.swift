#if SwiftAIMacros
import SwiftSyntax

/// A struct field as synthesized `Decodable` sees it: a stored instance property that is not a `let` with an
/// initial value, under its JSON name.
struct StoredProperty {
    /// The Swift name as written (with backticks, if any), for the generated `Partial` member.
    var name: String
    var jsonName: String
    /// The declared type.
    var type: TypeSyntax
    var isOptional: Bool
    var docComment: String?
    var guide: GuideArguments?

    /// The fields of the struct whose members are `members` and whose name is `typeName`, in declaration
    /// order, reporting those whose schema can't be derived.
    static func fields(
        of members: MemberBlockItemListSyntax, typeName: String, log: inout DiagnosticLog
    ) -> [StoredProperty] {
        let keys = CodingKeysMapping(named: "CodingKeys", in: members)
        var fields: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), isInstanceStorage(variable) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let docComment = DocComment.text(of: variable, attributes: variable.attributes)
            var guideLog = DiagnosticLog()  // GuideMacro reports the attribute's own problems.
            let guide = GuideArguments.attribute(in: variable.attributes).map { GuideArguments($0, log: &guideLog) }
            // `var a, b: Int` gives both names the type written after the last one.
            var laterType: TypeSyntax?
            var declared: [StoredProperty] = []
            for binding in variable.bindings.reversed() {
                let declaredType = binding.typeAnnotation?.type ?? (binding.initializer == nil ? laterType : nil)
                laterType = declaredType
                guard isStored(binding), !(isLet && binding.initializer != nil) else { continue }
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    let spelled = binding.pattern.trimmedDescription
                    log.report(
                        .inexpressibleType(
                            subject: "`\(spelled)`", type: binding.typeAnnotation?.type.trimmedDescription ?? spelled,
                            reason: "use a struct instead of a tuple"),
                        at: binding.pattern)
                    continue
                }
                let name = identifier.identifier.identifierText
                guard let type = declaredType else {
                    log.report(.missingType(property: name), at: binding.pattern)
                    continue
                }
                guard let jsonName = keys == nil ? name : keys?.jsonName(of: name) else { continue }
                if let (part, reason) = TypeAnalysis.inexpressiblePart(of: type) {
                    log.report(
                        .inexpressibleType(subject: "`\(name)`", type: part.trimmedDescription, reason: reason),
                        at: type)
                    continue
                }
                if TypeAnalysis.mentions(typeName, in: type) {
                    log.report(.recursive(subject: "`\(name)`", typeName: typeName), at: type)
                    continue
                }
                declared.append(
                    StoredProperty(
                        name: identifier.identifier.text, jsonName: jsonName, type: type,
                        isOptional: TypeAnalysis.unwrappingOptional(type).isOptional, docComment: docComment,
                        guide: guide))
            }
            fields += declared.reversed()
        }
        return fields
    }

    /// Not `static`/`class` and not `lazy` (Codable synthesis skips lazy storage).
    private static func isInstanceStorage(_ variable: VariableDeclSyntax) -> Bool {
        !variable.modifiers.contains {
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
        }
    }

    /// Whether the binding has storage: no accessors, or only observers (`willSet`/`didSet`).
    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil:
            return true
        case .getter?:
            return false
        case .accessors(let accessors)?:
            return accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }
}
#endif
