#if SwiftAIMacros
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide`: a marker that `@StructuredOutput` reads from the property it is attached to; it generates nothing.
/// Its own expansion checks the arguments, so a mistake is reported on the attribute even before the type's
/// macro runs: non-literal arguments, and constraints that don't fit the field's type when the type's spelling
/// tells (`range` on a `String`, `count` on an `Int`).
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var log = DiagnosticLog()
        let guide = GuideArguments(node, log: &log)
        if let variable = declaration.as(VariableDeclSyntax.self) {
            if let type = variable.bindings.compactMap(\.typeAnnotation?.type).last {
                checkFit(of: guide, to: type, log: &log)
            }
        } else if declaration.is(EnumCaseDeclSyntax.self) {
            if guide.hasConstraints { log.report(.guideNotOnProperty, at: node) }
        } else {
            log.report(.guideNotOnProperty, at: node)
        }
        for entry in log.entries { context.diagnose(entry) }
        return []
    }

    /// Reports constraints that have no effect on a field of `type` (only when the spelling names a known type).
    private static func checkFit(of guide: GuideArguments, to type: TypeSyntax, log: inout DiagnosticLog) {
        let shape = TypeAnalysis.Shape(type)
        guard shape != .unknown else { return }
        let spelled = type.trimmedDescription
        let checks: [(label: String, isSet: Bool, fits: Bool, appliesTo: String)] = [
            ("range", guide.minimum != nil || guide.maximum != nil, shape == .number, "numbers"),
            ("count", guide.minCount != nil || guide.maxCount != nil, shape == .array, "arrays"),
            ("length", guide.minLength != nil || guide.maxLength != nil, shape == .text, "strings"),
            ("pattern", guide.pattern != nil, shape == .text, "strings"),
            ("format", guide.format != nil, shape == .text, "strings"),
            ("anyOf", guide.allowedValues != nil, shape == .text, "strings"),
        ]
        for check in checks where check.isSet && !check.fits {
            let node = guide.argumentNodes[check.label].map(Syntax.init) ?? Syntax(type)
            log.report(.guideMisplaced(argument: check.label, type: spelled, appliesTo: check.appliesTo), at: node)
        }
    }
}
#endif
