#if SwiftAIMacros
import SwiftSyntax

/// The access modifier the generated members take: a public type's conformance needs public witnesses
/// (`jsonSchema`, `Partial`); an internal or private type's members keep the default.
enum AccessLevel {
    /// `"public "`, `"package "` or `""`, from the type's modifiers (`open` counts as public).
    static func prefix(for modifiers: DeclModifierListSyntax) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
#endif
