import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct SwiftAIMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = []
}
