#if SwiftAIMacros
import SwiftAIMacrosPlugin
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler sees them: `@StructuredOutput` asked to add the `StructuredOutput` conformance
/// (as it is when the type doesn't already declare it).
let testMacros: [String: MacroSpec] = [
    "StructuredOutput": MacroSpec(type: StructuredOutputMacro.self, conformances: ["StructuredOutput"]),
    "Guide": MacroSpec(type: GuideMacro.self),
]

/// `assertMacroExpansion` reporting through Swift Testing (the XCTest-free variant of the assertion).
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: testMacros,
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}

/// As `assertExpansion`, for types that already declare the conformance (the compiler then asks the macro
/// for none).
func assertMacroExpansionWithoutConformance(
    _ source: String, expandedSource: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource,
        macroSpecs: ["StructuredOutput": MacroSpec(type: StructuredOutputMacro.self), "Guide": MacroSpec(type: GuideMacro.self)],
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}

/// An error diagnostic expected at `line`:`column` of the original source.
func error(_ message: String, line: Int, column: Int) -> DiagnosticSpec {
    DiagnosticSpec(message: message, line: line, column: column, severity: .error)
}
#endif
