#if SwiftAIMacros
import SwiftSyntax

/// The members `@StructuredOutput` writes for an enum, matching how the enum encodes:
/// - with String (or Character) raw values, a string from a fixed list; with integer or floating-point raw
///   values, a number from a fixed list (`RawRepresentable`'s `Codable` writes the raw value). A value is
///   complete or absent, so `Partial` is the enum itself.
/// - without raw values, synthesized `Codable`'s form: a one-key object naming the case, holding an object of
///   its associated values keyed by label (`_0`, `_1` for unlabeled ones); `{"name": {}}` for a case without
///   any. `Partial` is the JSON itself, since such an object can arrive unfinished.
struct EnumSchema {
    enum Values {
        case strings([String])
        /// Integer or floating-point literals as Swift source.
        case integers([String])
        case numbers([String])
        case tagged([TaggedCase])
    }

    /// A case of an enum without raw values.
    struct TaggedCase {
        var jsonName: String
        var values: [AssociatedValue]
        var description: String?
    }

    struct AssociatedValue {
        var jsonName: String
        var type: TypeSyntax
        var isOptional: Bool
    }

    var values: Values
    var description: String?
    var access: String

    /// Reads `declaration`'s cases; nil (with diagnostics in `log`) when a case can't be described.
    init?(_ declaration: EnumDeclSyntax, description: String?, access: String, log: inout DiagnosticLog) {
        self.description = description
        self.access = access
        let cases = declaration.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
        let elements = cases.flatMap(\.elements)
        guard !elements.isEmpty else {
            log.report(.enumWithoutCases, at: declaration.name)
            return nil
        }
        let rawType = declaration.inheritanceClause?.inheritedTypes.first?.type
        let rawName = rawType.flatMap(TypeAnalysis.baseName)
        let before = log
        switch rawName {
        case "String"?, "Character"?:
            values = .strings(Self.stringRawValues(elements, log: &log))
        case let name? where Self.integerTypes.contains(name):
            values = .integers(Self.numberRawValues(elements, integral: true, log: &log))
        case let name? where Self.floatingTypes.contains(name):
            values = .numbers(Self.numberRawValues(elements, integral: false, log: &log))
        default:
            if let rawType, let explicit = elements.first(where: { $0.rawValue != nil }) {
                // A raw type the macro can't read (a type alias or a custom literal type).
                log.report(.unsupportedRawType(type: rawType.trimmedDescription), at: explicit)
                return nil
            }
            values = .tagged(Self.taggedCases(cases, in: declaration, log: &log))
        }
        if log.entries.count != before.entries.count { return nil }
    }

    /// Whether the enum's JSON is one whole value (a raw value) rather than an object that streams in pieces.
    var isScalar: Bool {
        if case .tagged = values { return false }
        return true
    }

    var jsonSchemaDecl: String {
        let describedBy = description.map { "description: \(Literal.string($0))" }
        let body: String
        switch values {
        case .strings(let names):
            body = ".string(\(Self.arguments(describedBy, "enum: \(Literal.stringArray(names))")))"
        case .integers(let numbers):
            body = ".integer(\(Self.arguments(describedBy, "enum: [\(numbers.joined(separator: ", "))]")))"
        case .numbers(let numbers):
            let allowed = numbers.map { ".double(\($0))" }.joined(separator: ", ")
            body = ".number(\(Self.arguments(describedBy))).applying(AICore.SchemaGuide(allowedValues: [\(allowed)]))"
        case .tagged(let cases):
            let branches = cases.map { branch in
                let object = "[\(Literal.string(branch.jsonName)): \(Self.payloadSchema(branch.values))]"
                return ".object(\(Self.arguments(object, branch.description.map { "description: \(Literal.string($0))" }))),\n"
            }
            body = ".anyOf(\n\(Self.arguments("[\n\(branches.joined())]", describedBy, separator: ",\n"))\n)"
        }
        return """
            \(access)nonisolated static var jsonSchema: AICore.JSONSchema {
            \(body)
            }
            """
    }

    var partialDecl: String {
        isScalar ? "\(access)typealias Partial = Self" : "\(access)typealias Partial = AICore.JSONValue"
    }

    // MARK: - Reading cases

    static let integerTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    static let floatingTypes: Set<String> = ["Double", "Float", "Float16", "Float80", "CGFloat"]

    /// Explicit string raw values, or the case name when there is none.
    private static func stringRawValues(_ elements: [EnumCaseElementSyntax], log: inout DiagnosticLog) -> [String] {
        elements.compactMap { element in
            guard let rawValue = element.rawValue else { return element.name.identifierText }
            guard let text = rawValue.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
                log.report(.rawValueNotLiteral(caseName: element.name.identifierText), at: rawValue.value)
                return nil
            }
            return text
        }
    }

    /// Explicit number raw values, or one more than the previous case's (0 for the first), as Swift does.
    private static func numberRawValues(
        _ elements: [EnumCaseElementSyntax], integral: Bool, log: inout DiagnosticLog
    ) -> [String] {
        var next = 0.0
        var texts: [String] = []
        for element in elements {
            var value = next
            if let rawValue = element.rawValue {
                guard let number = number(rawValue.value, integral: integral) else {
                    log.report(.rawValueNotLiteral(caseName: element.name.identifierText), at: rawValue.value)
                    continue
                }
                value = number
            }
            texts.append(integral ? String(Int(value)) : String(value))
            next = value + 1
        }
        return texts
    }

    private static func number(_ expression: ExprSyntax, integral: Bool) -> Double? {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression, integral: integral).map { -$0 }
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self)?.representedLiteralValue { return Double(integer) }
        if !integral, let float = expression.as(FloatLiteralExprSyntax.self)?.representedLiteralValue { return float }
        return nil
    }

    /// The cases of an enum without raw values, under the names its `CodingKeys` gives.
    private static func taggedCases(
        _ cases: [EnumCaseDeclSyntax], in declaration: EnumDeclSyntax, log: inout DiagnosticLog
    ) -> [TaggedCase] {
        let keys = CodingKeysMapping(named: "CodingKeys", in: declaration.memberBlock.members)
        var result: [TaggedCase] = []
        for caseDecl in cases {
            var guideLog = DiagnosticLog()  // GuideMacro reports the attribute's own problems.
            let guide = GuideArguments.attribute(in: caseDecl.attributes).map { GuideArguments($0, log: &guideLog) }
            let description = guide?.description ?? DocComment.text(of: caseDecl, attributes: caseDecl.attributes)
            for element in caseDecl.elements {
                let caseName = element.name.identifierText
                guard let jsonName = keys == nil ? caseName : keys?.jsonName(of: caseName) else { continue }
                let values = associatedValues(of: element, in: declaration, log: &log)
                result.append(TaggedCase(jsonName: jsonName, values: values, description: description))
            }
        }
        return result
    }

    /// A case's associated values under the keys synthesized `Codable` uses: the label, `_<position>` for an
    /// unlabeled one, or the raw value given by a `<Case>CodingKeys` enum.
    private static func associatedValues(
        of element: EnumCaseElementSyntax, in declaration: EnumDeclSyntax, log: inout DiagnosticLog
    ) -> [AssociatedValue] {
        let caseName = element.name.identifierText
        let keys = CodingKeysMapping(named: capitalized(caseName) + "CodingKeys", in: declaration.memberBlock.members)
        var values: [AssociatedValue] = []
        for (index, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
            let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.identifierText }
            let swiftName = label ?? "_\(index)"
            let subject = "the associated value `\(swiftName)` of `\(caseName)`"
            if let (part, reason) = TypeAnalysis.inexpressiblePart(of: parameter.type) {
                log.report(
                    .inexpressibleType(subject: subject, type: part.trimmedDescription, reason: reason), at: parameter.type)
            } else if TypeAnalysis.mentions(declaration.name.text, in: parameter.type) {
                log.report(.recursive(subject: subject, typeName: declaration.name.text), at: parameter.type)
            } else if let key = keys == nil ? swiftName : keys?.jsonName(of: swiftName) {
                let isOptional = TypeAnalysis.unwrappingOptional(parameter.type).isOptional
                values.append(AssociatedValue(jsonName: key, type: parameter.type, isOptional: isOptional))
            }
        }
        return values
    }

    /// Call arguments, the absent ones left out.
    private static func arguments(_ parts: String?..., separator: String = ", ") -> String {
        parts.compactMap { $0 }.joined(separator: separator)
    }

    /// The object of a case's associated values (`{}` for none), optional ones not required.
    private static func payloadSchema(_ values: [AssociatedValue]) -> String {
        guard !values.isEmpty else { return ".object([:])" }
        let properties = values.map { "\(Literal.string($0.jsonName)): \(TypeAnalysis.qualifiable($0.type)).jsonSchema" }
        let required = values.filter { !$0.isOptional }.map(\.jsonName)
        let requiredArgument = required.count == values.count ? "" : ", required: \(Literal.stringArray(required))"
        return ".object([\(properties.joined(separator: ", "))]\(requiredArgument))"
    }

    /// `Circle` for `circle`: synthesized `Codable` looks for `CircleCodingKeys`.
    private static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
#endif
