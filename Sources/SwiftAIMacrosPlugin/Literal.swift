#if SwiftAIMacros
import SwiftSyntax
import SwiftSyntaxBuilder

/// Swift source for literal values in generated code.
enum Literal {
    /// `text` as a string literal, escaped (a raw string when it holds quotes or backslashes).
    static func string(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }

    /// `[“a”, “b”]` as Swift source.
    static func stringArray(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ", ") + "]"
    }
}
#endif
