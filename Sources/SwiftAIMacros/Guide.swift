#if SwiftAIMacros
import AICore

/// Describes and constrains one property of a `@StructuredOutput` type (it generates nothing itself: the
/// type's macro reads it). Arguments must be literals, since they are read at compile time:
///
/// ```swift
/// @Guide(description: "Days to forecast", range: 1...14) var days: Int
/// @Guide(count: 1...5) var tags: [String]
/// @Guide(length: 1..., pattern: "^[a-z]+$") var slug: String
/// @Guide(anyOf: ["low", "high"]) var level: String
/// ```
///
/// - `range`: a number's bounds (`minimum`/`maximum`): `1...14`, `0.5...9.5`, `0...`, `...100`.
/// - `count`: an array's element count (`minItems`/`maxItems`).
/// - `length`: a string's character count (`minLength`/`maxLength`).
/// - `anyOf`: the only strings allowed (`enum`).
///
/// The range parameters are `any RangeExpression` so closed and one-sided ranges of integers or decimals all
/// type-check; the macro reads the literal bounds.
@attached(peer)
public macro Guide(
    description: String? = nil, range: (any RangeExpression)? = nil, count: (any RangeExpression)? = nil,
    length: (any RangeExpression)? = nil, pattern: String? = nil, format: String? = nil, anyOf: [String]? = nil
) = #externalMacro(module: "SwiftAIMacrosPlugin", type: "GuideMacro")

/// `@Guide("The city")`: the same, with the description first and unlabeled.
@attached(peer)
public macro Guide(
    _ description: String, range: (any RangeExpression)? = nil, count: (any RangeExpression)? = nil,
    length: (any RangeExpression)? = nil, pattern: String? = nil, format: String? = nil, anyOf: [String]? = nil
) = #externalMacro(module: "SwiftAIMacrosPlugin", type: "GuideMacro")
#endif
