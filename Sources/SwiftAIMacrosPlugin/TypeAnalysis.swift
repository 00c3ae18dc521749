#if SwiftAIMacros
import SwiftSyntax

/// What the macros need to know about a declared type, read from its spelling alone (a macro sees syntax,
/// not resolved types).
enum TypeAnalysis {
    /// The type without its outer optionality (`T?`, `T!`, `Optional<T>`, `Swift.Optional<T>`, `(T?)`), and
    /// whether there was any: optional fields are the ones left out of `required`, as synthesized `Decodable`
    /// accepts a missing key for them.
    static func unwrappingOptional(_ type: TypeSyntax) -> (wrapped: TypeSyntax, isOptional: Bool) {
        let type = withoutParentheses(type)
        if let optional = type.as(OptionalTypeSyntax.self) { return (optional.wrappedType, true) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return (optional.wrappedType, true) }
        if let argument = singleGenericArgument(of: type, named: "Optional") { return (argument, true) }
        return (type, false)
    }

    /// The type spelled so that `.jsonSchema` or `.Partial` can follow it in any position: the sugared forms
    /// `[T]`, `[K: V]` and `T?` become `Array<T>`, `Dictionary<K, V>` and `Optional<T>` (the sugar is not
    /// accepted before a member access in an expression).
    static func qualifiable(_ type: TypeSyntax) -> String {
        let type = withoutParentheses(type)
        if let array = type.as(ArrayTypeSyntax.self) { return "Array<\(array.element.trimmedDescription)>" }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return "Dictionary<\(dictionary.key.trimmedDescription), \(dictionary.value.trimmedDescription)>"
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return "Optional<\(optional.wrappedType.trimmedDescription)>"
        }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "Optional<\(optional.wrappedType.trimmedDescription)>"
        }
        return type.trimmedDescription
    }

    /// Why `type` (or a type inside it) has no JSON form, with the offending part's spelling; nil when every
    /// part can be described. Functions, tuples, metatypes and existentials can't be decoded from JSON; only
    /// `[String: Value]` dictionaries conform to `StructuredOutput` (other keys encode as arrays, or as objects
    /// only on newer runtimes).
    static func inexpressiblePart(of type: TypeSyntax) -> (part: TypeSyntax, reason: String)? {
        let type = withoutParentheses(type)
        if type.is(FunctionTypeSyntax.self) { return (type, "a function has no JSON form") }
        if let attributed = type.as(AttributedTypeSyntax.self) { return inexpressiblePart(of: attributed.baseType) }
        if let tuple = type.as(TupleTypeSyntax.self) {
            return (type, tuple.elements.isEmpty ? "`()` has no JSON form" : "use a struct instead of a tuple")
        }
        if type.is(MetatypeTypeSyntax.self) { return (type, "a metatype has no JSON form") }
        if type.is(SomeOrAnyTypeSyntax.self) { return (type, "decoding needs a concrete type") }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Void" {
            return (type, "`Void` has no JSON form")
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            let key = withoutParentheses(dictionary.key)
            if key.as(IdentifierTypeSyntax.self)?.name.text != "String" {
                return (type, "only dictionaries with String keys have a schema")
            }
            return inexpressiblePart(of: dictionary.value)
        }
        for child in type.children(viewMode: .sourceAccurate) {
            if let part = firstInexpressible(in: child) { return part }
        }
        return nil
    }

    /// Whether `type` mentions the type being described (by `name` or `Self`): its schema would contain
    /// itself without end.
    static func mentions(_ name: String, in type: TypeSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            let name: String
            var found = false
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                if node.name.text == name || node.name.text == "Self" { found = true }
                return .visitChildren
            }
        }
        let finder = Finder(name: name)
        finder.walk(type)
        return finder.found
    }

    /// The JSON kind of a type known by its spelling, for checking that a `@Guide` constraint fits the field.
    enum Shape {
        case number, text, boolean, array, dictionary
        /// A type whose JSON form the spelling doesn't tell (a user type, a type alias): nothing is checked.
        case unknown

        /// The kind of `type` (its optionality ignored).
        init(_ type: TypeSyntax) {
            let type = TypeAnalysis.withoutParentheses(TypeAnalysis.unwrappingOptional(type).wrapped)
            if type.is(ArrayTypeSyntax.self) {
                self = .array
            } else if type.is(DictionaryTypeSyntax.self) {
                self = .dictionary
            } else if let name = TypeAnalysis.baseName(of: type) {
                if Self.numbers.contains(name) {
                    self = .number
                } else if Self.texts.contains(name) {
                    self = .text
                } else if name == "Bool" {
                    self = .boolean
                } else if name == "Array" || name == "Set" || name == "ContiguousArray" {
                    self = .array
                } else if name == "Dictionary" {
                    self = .dictionary
                } else {
                    self = .unknown
                }
            } else {
                self = .unknown
            }
        }

        static let numbers: Set<String> = [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
            "Float", "Float16", "Float80", "CGFloat", "Decimal",
        ]
        /// Types whose JSON form is a string (dates, URLs and UUIDs are formatted strings).
        static let texts: Set<String> = ["String", "Substring", "Character", "Date", "URL", "UUID"]
    }

    /// `T` for `T`, `Swift.T` and `T<…>`.
    static func baseName(of type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self),
            let module = member.baseType.as(IdentifierTypeSyntax.self)?.name.text, module == "Swift" || module == "Foundation"
        {
            return member.name.text
        }
        return nil
    }

    /// `T` for `(T)`: a one-element tuple type is only parentheses.
    static func withoutParentheses(_ type: TypeSyntax) -> TypeSyntax {
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let element = tuple.elements.first,
            element.firstName == nil, element.ellipsis == nil
        {
            return withoutParentheses(element.type)
        }
        return type
    }

    private static func singleGenericArgument(of type: TypeSyntax, named name: String) -> TypeSyntax? {
        guard baseName(of: type) == name else { return nil }
        let clause =
            type.as(IdentifierTypeSyntax.self)?.genericArgumentClause
            ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
        guard let arguments = clause?.arguments, arguments.count == 1,
            case .type(let argument) = arguments.first?.argument
        else { return nil }
        return argument
    }

    /// The first inexpressible type found among the descendants of `node` (generic arguments, elements).
    private static func firstInexpressible(in node: Syntax) -> (part: TypeSyntax, reason: String)? {
        if let type = node.as(TypeSyntax.self) { return inexpressiblePart(of: type) }
        for child in node.children(viewMode: .sourceAccurate) {
            if let part = firstInexpressible(in: child) { return part }
        }
        return nil
    }
}
#endif
