#if SwiftAIMacros
import SwiftSyntax
import SwiftDiagnostics

/// Every error the macros report. The messages say what is wrong and what to do, because they are all a user
/// sees: the generated code is never shown unless expanded by hand.
enum MacroDiagnostic: DiagnosticMessage, Error {
    case notStructOrEnum(kind: String)
    case missingType(property: String)
    case inexpressibleType(subject: String, type: String, reason: String)
    case recursive(subject: String, typeName: String)
    case notStringLiteral(macro: String, argument: String)
    case guideNotLiteral(argument: String, expected: String)
    case guideMisplaced(argument: String, type: String, appliesTo: String)
    case guideEmptyRange(argument: String)
    case guideHalfOpenRange
    case guideNotOnProperty
    case unsupportedRawType(type: String)
    case rawValueNotLiteral(caseName: String)
    case enumWithoutCases

    var message: String {
        switch self {
        case .notStructOrEnum(let kind):
            "@StructuredOutput applies to a struct or an enum, not \(kind)"
        case .missingType(let property):
            "give `\(property)` a type: a schema is derived from the declared type"
        case .inexpressibleType(let subject, let type, let reason):
            "\(subject) has type `\(type)`, which cannot be expressed in JSON Schema: \(reason)"
        case .recursive(let subject, let typeName):
            "recursive types are not supported: \(subject) refers to `\(typeName)` itself (a schema would never end)"
        case .notStringLiteral(let macro, let argument):
            "\(macro)'s `\(argument)` must be a string literal (the macro reads it when compiling)"
        case .guideNotLiteral(let argument, let expected):
            "@Guide's `\(argument)` must be \(expected) (the macro reads it when compiling)"
        case .guideMisplaced(let argument, let type, let appliesTo):
            "@Guide's `\(argument)` applies to \(appliesTo), not `\(type)`"
        case .guideEmptyRange(let argument):
            "@Guide's `\(argument)` has a lower bound above its upper bound"
        case .guideHalfOpenRange:
            "@Guide's `range` must be closed (`a...b`, `a...` or `...b`): JSON Schema's bounds are inclusive"
        case .guideNotOnProperty:
            "@Guide applies to a stored property (or an enum case) of a @StructuredOutput type"
        case .unsupportedRawType(let type):
            "an enum with `\(type)` raw values has no JSON Schema; use String or an integer raw type"
        case .rawValueNotLiteral(let caseName):
            "the raw value of `\(caseName)` must be a literal"
        case .enumWithoutCases:
            "an enum without cases has no values to describe"
        }
    }

    var diagnosticID: MessageID {
        let name: String =
            switch self {
            case .notStructOrEnum: "notStructOrEnum"
            case .missingType: "missingType"
            case .inexpressibleType: "inexpressibleType"
            case .recursive: "recursive"
            case .notStringLiteral: "notStringLiteral"
            case .guideNotLiteral: "guideNotLiteral"
            case .guideMisplaced: "guideMisplaced"
            case .guideEmptyRange: "guideEmptyRange"
            case .guideHalfOpenRange: "guideHalfOpenRange"
            case .guideNotOnProperty: "guideNotOnProperty"
            case .unsupportedRawType: "unsupportedRawType"
            case .rawValueNotLiteral: "rawValueNotLiteral"
            case .enumWithoutCases: "enumWithoutCases"
            }
        return MessageID(domain: "SwiftAIMacros", id: name)
    }

    var severity: DiagnosticSeverity { .error }
}

/// Problems found while reading a declaration, each tied to the syntax it is about, reported together so a
/// user fixes them all in one pass.
struct DiagnosticLog {
    private(set) var entries: [Diagnostic] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func report(_ message: MacroDiagnostic, at node: some SyntaxProtocol) {
        entries.append(Diagnostic(node: Syntax(node), message: message))
    }
}
#endif
