#if SwiftAIMacros
import SwiftSyntax

/// The constraints of one `@Guide(…)` attribute, read from its literal arguments (a macro cannot evaluate
/// expressions, so only literals are accepted), ready to be written as a `SchemaGuide(…)` call.
struct GuideArguments {
    var description: String?
    /// Bounds as written (`1`, `0.5`, `-3`), so the generated code keeps the user's spelling.
    var minimum: NumberLiteral?
    var maximum: NumberLiteral?
    var minCount: Int?
    var maxCount: Int?
    var minLength: Int?
    var maxLength: Int?
    var pattern: String?
    var format: String?
    var allowedValues: [String]?
    /// The argument nodes by label, for pointing diagnostics at the constraint that doesn't fit the field.
    var argumentNodes: [String: LabeledExprSyntax] = [:]

    /// A number literal with its spelling and value.
    struct NumberLiteral {
        var text: String
        var value: Double
    }

    /// The `@Guide` attribute among `attributes`, if any.
    static func attribute(in attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
                ?? attribute.attributeName.as(MemberTypeSyntax.self)?.name.text
            if name == "Guide" { return attribute }
        }
        return nil
    }

    /// Reads `attribute`'s arguments, reporting those that are not literals of the expected kind.
    init(_ attribute: AttributeSyntax, log: inout DiagnosticLog) {
        guard case .argumentList(let arguments)? = attribute.arguments else { return }
        for argument in arguments {
            let label = argument.label?.text ?? "_"
            argumentNodes[label] = argument
            let expression = argument.expression
            if expression.is(NilLiteralExprSyntax.self) { continue }
            switch label {
            case "_", "description":
                description = Self.string(expression, label: "description", log: &log)
            case "pattern":
                pattern = Self.string(expression, label: label, log: &log)
            case "format":
                format = Self.string(expression, label: label, log: &log)
            case "anyOf":
                allowedValues = Self.strings(expression, log: &log)
            case "range":
                readRange(expression, log: &log)
            case "count":
                (minCount, maxCount) = Self.counts(expression, label: label, log: &log)
            case "length":
                (minLength, maxLength) = Self.counts(expression, label: label, log: &log)
            default:
                continue
            }
        }
    }

    /// Whether any constraint beyond a description is set.
    var hasConstraints: Bool {
        minimum != nil || maximum != nil || minCount != nil || maxCount != nil || minLength != nil
            || maxLength != nil || pattern != nil || format != nil || allowedValues != nil
    }

    /// `AICore.SchemaGuide(…)` with the set arguments, in the initializer's order; `description` stands in when
    /// the guide has none (a property's doc comment).
    func schemaGuideCall(description fallback: String?) -> String {
        var parts: [String] = []
        if let text = description ?? fallback { parts.append("description: \(Literal.string(text))") }
        if let minimum { parts.append("minimum: \(minimum.text)") }
        if let maximum { parts.append("maximum: \(maximum.text)") }
        if let minCount { parts.append("minCount: \(minCount)") }
        if let maxCount { parts.append("maxCount: \(maxCount)") }
        if let minLength { parts.append("minLength: \(minLength)") }
        if let maxLength { parts.append("maxLength: \(maxLength)") }
        if let pattern { parts.append("pattern: \(Literal.string(pattern))") }
        if let format { parts.append("format: \(Literal.string(format))") }
        if let allowedValues {
            let values = allowedValues.map { ".string(\(Literal.string($0)))" }.joined(separator: ", ")
            parts.append("allowedValues: [\(values)]")
        }
        return "AICore.SchemaGuide(\(parts.joined(separator: ", ")))"
    }

    // MARK: - Reading literals

    private static func string(_ expression: ExprSyntax, label: String, log: inout DiagnosticLog) -> String? {
        if let value = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue { return value }
        log.report(.guideNotLiteral(argument: label, expected: "a string literal"), at: expression)
        return nil
    }

    private static func strings(_ expression: ExprSyntax, log: inout DiagnosticLog) -> [String]? {
        let values = expression.as(ArrayExprSyntax.self)?.elements.map {
            $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        }
        guard let values, !values.contains(where: { $0 == nil }) else {
            log.report(.guideNotLiteral(argument: "anyOf", expected: "an array of string literals"), at: expression)
            return nil
        }
        return values.compactMap { $0 }
    }

    private mutating func readRange(_ expression: ExprSyntax, log: inout DiagnosticLog) {
        let expected = "a range of number literals (`1...10`, `0.5...`, `(-1)...`, `...100`)"
        guard let range = RangeLiteral(expression), let lower = Bound(range.lower, Self.number),
            let upper = Bound(range.upper, Self.number)
        else {
            log.report(.guideNotLiteral(argument: "range", expected: expected), at: expression)
            return
        }
        if range.isHalfOpen {
            log.report(.guideHalfOpenRange, at: expression)
        } else if let low = lower.value?.value, let high = upper.value?.value, low > high {
            log.report(.guideEmptyRange(argument: "range"), at: expression)
        } else {
            (minimum, maximum) = (lower.value, upper.value)
        }
    }

    /// A `count` or `length` range: non-negative integers; a half-open upper bound is made inclusive.
    private static func counts(_ expression: ExprSyntax, label: String, log: inout DiagnosticLog) -> (Int?, Int?) {
        let expected = "a range of non-negative integer literals (`1...5`, `1...`, `...5`)"
        guard let range = RangeLiteral(expression), let lower = Bound(range.lower, integer),
            var upper = Bound(range.upper, integer)
        else {
            log.report(.guideNotLiteral(argument: label, expected: expected), at: expression)
            return (nil, nil)
        }
        if range.isHalfOpen, let value = upper.value { upper.value = value - 1 }
        if let low = lower.value, let high = upper.value, low > high {
            log.report(.guideEmptyRange(argument: label), at: expression)
            return (nil, nil)
        }
        return (lower.value, upper.value)
    }

    /// One side of a range: absent (nil value), or a literal that was read; the initializer fails when the
    /// side is present but not a literal of the expected kind.
    private struct Bound<Value> {
        var value: Value?

        init?(_ expression: ExprSyntax?, _ read: (ExprSyntax) -> Value?) {
            guard let expression else { return }
            guard let value = read(expression) else { return nil }
            self.value = value
        }
    }

    /// An integer or floating-point literal, possibly negated or in parentheses (`(-1)...`: Swift reads
    /// `-1...` as `-(1...)`).
    private static func number(_ expression: ExprSyntax) -> NumberLiteral? {
        if let parenthesized = expression.as(TupleExprSyntax.self), parenthesized.elements.count == 1,
            let element = parenthesized.elements.first, element.label == nil
        {
            return number(element.expression)
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self), let value = integer.representedLiteralValue {
            return NumberLiteral(text: integer.literal.text, value: Double(value))
        }
        if let float = expression.as(FloatLiteralExprSyntax.self), let value = float.representedLiteralValue {
            return NumberLiteral(text: float.literal.text, value: value)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let number = number(prefix.expression), number.value >= 0
        {
            return NumberLiteral(text: "-" + number.text, value: -number.value)
        }
        return nil
    }

    private static func integer(_ expression: ExprSyntax) -> Int? {
        guard let value = expression.as(IntegerLiteralExprSyntax.self)?.representedLiteralValue, value >= 0 else {
            return nil
        }
        return value
    }
}

/// A range written with `...` or `..<`, bounds not yet read: `a...b` (folded or not), `a...`, `...b`, `..<b`.
struct RangeLiteral {
    var lower: ExprSyntax?
    var upper: ExprSyntax?
    var isHalfOpen: Bool

    init?(_ expression: ExprSyntax) {
        let rangeOperators: Set<String> = ["...", "..<"]
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                rangeOperators.contains(op)
            else { return nil }
            (lower, upper, isHalfOpen) = (elements[0], elements[2], op == "..<")
        } else if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, rangeOperators.contains(op)
        {
            (lower, upper, isHalfOpen) = (infix.leftOperand, infix.rightOperand, op == "..<")
        } else if let postfix = expression.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            (lower, upper, isHalfOpen) = (postfix.expression, nil, false)
        } else if let prefix = expression.as(PrefixOperatorExprSyntax.self), rangeOperators.contains(prefix.operator.text) {
            (lower, upper, isHalfOpen) = (nil, prefix.expression, prefix.operator.text == "..<")
        } else {
            return nil
        }
    }
}
#endif
