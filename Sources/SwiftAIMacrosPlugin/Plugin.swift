#if SwiftAIMacros
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin the `SwiftAIMacros` declarations point at (`#externalMacro(module: "SwiftAIMacrosPlugin", …)`).
@main
struct SwiftAIMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [StructuredOutputMacro.self, GuideMacro.self]
}
#endif
