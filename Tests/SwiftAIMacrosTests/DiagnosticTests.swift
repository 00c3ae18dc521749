#if SwiftAIMacros
import Testing

/// Every declaration the macros can't turn into a schema fails the build with a message that says why and
/// what to write instead; nothing is generated for it.
@Suite("Compile-time diagnostics")
struct DiagnosticTests {
    @Test("@StructuredOutput on a protocol, an actor, a class or an extension")
    func notStructOrEnum() {
        for (keyword, kind) in [
            ("protocol", "a protocol"), ("actor", "an actor"), ("class", "a class"),
            ("extension", "an extension (attach it to the type's declaration)"),
        ] {
            assertExpansion(
                """
                @StructuredOutput
                \(keyword) Thing {
                }
                """,
                expandedSource: """
                    \(keyword) Thing {
                    }
                    """,
                diagnostics: [error("@StructuredOutput applies to a struct or an enum, not \(kind)", line: 1, column: 1)])
        }
    }

    @Test("a stored property without a type annotation")
    func missingType() {
        assertExpansion(
            """
            @StructuredOutput
            struct Counter {
                var count = 0
            }
            """,
            expandedSource: """
                struct Counter {
                    var count = 0
                }
                """,
            diagnostics: [error("give `count` a type: a schema is derived from the declared type", line: 3, column: 9)])
    }

    @Test("function, tuple and non-String-keyed dictionary properties")
    func inexpressibleTypes() {
        assertExpansion(
            """
            @StructuredOutput
            struct Handler {
                var run: () -> Void
                var point: (Int, Int)
                var scores: [Int: String]
                var callbacks: [@Sendable (Int) -> Void]?
            }
            """,
            expandedSource: """
                struct Handler {
                    var run: () -> Void
                    var point: (Int, Int)
                    var scores: [Int: String]
                    var callbacks: [@Sendable (Int) -> Void]?
                }
                """,
            diagnostics: [
                error(
                    "`run` has type `() -> Void`, which cannot be expressed in JSON Schema: a function has no JSON form",
                    line: 3, column: 14),
                error(
                    "`point` has type `(Int, Int)`, which cannot be expressed in JSON Schema: use a struct instead of a tuple",
                    line: 4, column: 16),
                error(
                    "`scores` has type `[Int: String]`, which cannot be expressed in JSON Schema: only dictionaries with String keys have a schema",
                    line: 5, column: 17),
                error(
                    "`callbacks` has type `(Int) -> Void`, which cannot be expressed in JSON Schema: a function has no JSON form",
                    line: 6, column: 20),
            ])
    }

    @Test("a struct that contains itself, directly or in an array")
    func recursive() {
        assertExpansion(
            """
            @StructuredOutput
            struct Node {
                var value: Int
                var next: Node?
                var children: [Node]
                var parent: Self?
            }
            """,
            expandedSource: """
                struct Node {
                    var value: Int
                    var next: Node?
                    var children: [Node]
                    var parent: Self?
                }
                """,
            diagnostics: [
                error("recursive types are not supported: `next` refers to `Node` itself (a schema would never end)", line: 4, column: 15),
                error("recursive types are not supported: `children` refers to `Node` itself (a schema would never end)", line: 5, column: 19),
                error("recursive types are not supported: `parent` refers to `Node` itself (a schema would never end)", line: 6, column: 17),
            ])
    }

    @Test("an enum case whose associated value is a function, or the enum itself")
    func enumPayloads() {
        assertExpansion(
            """
            @StructuredOutput
            indirect enum Command {
                case run(() -> Void)
                case repeatTwice(Command)
            }
            """,
            expandedSource: """
                indirect enum Command {
                    case run(() -> Void)
                    case repeatTwice(Command)
                }
                """,
            diagnostics: [
                error(
                    "the associated value `_0` of `run` has type `() -> Void`, which cannot be expressed in JSON Schema: a function has no JSON form",
                    line: 3, column: 14),
                error(
                    "recursive types are not supported: the associated value `_0` of `repeatTwice` refers to `Command` itself (a schema would never end)",
                    line: 4, column: 22),
            ])
    }

    @Test("@Guide arguments that are not literals")
    func guideNotLiteral() {
        assertExpansion(
            """
            @StructuredOutput
            struct Booking {
                @Guide(description: text, range: low...high, count: limits, anyOf: names)
                var nights: Int
            }
            """,
            expandedSource: """
                struct Booking {
                    var nights: Int
                }

                extension Booking: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "nights": Int.jsonSchema,
                            ],
                            required: ["nights"]
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        var nights: Int.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            nights = try? container.decodeIfPresent(Int.Partial.self, forKey: .nights)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case nights
                        }
                    }
                }
                """,
            diagnostics: [
                error("@Guide's `description` must be a string literal (the macro reads it when compiling)", line: 3, column: 25),
                error(
                    "@Guide's `range` must be a range of number literals (`1...10`, `0.5...`, `(-1)...`, `...100`) (the macro reads it when compiling)",
                    line: 3, column: 38),
                error(
                    "@Guide's `count` must be a range of non-negative integer literals (`1...5`, `1...`, `...5`) (the macro reads it when compiling)",
                    line: 3, column: 57),
                error(
                    "@Guide's `anyOf` must be an array of string literals (the macro reads it when compiling)",
                    line: 3, column: 72),
            ])
    }

    @Test("@Guide constraints that don't fit the property's type, and malformed ranges")
    func guideMisfits() {
        assertExpansion(
            """
            struct Form {
                @Guide(range: 1...5)
                var name: String
                @Guide(range: 0...1)
                var agreed: Bool?
                @Guide(count: 1...3, length: 1...)
                var age: Int
                @Guide(range: 0..<10)
                var score: Double
                @Guide(range: 10...1)
                var level: Int
            }
            """,
            expandedSource: """
                struct Form {
                    var name: String
                    var agreed: Bool?
                    var age: Int
                    var score: Double
                    var level: Int
                }
                """,
            diagnostics: [
                error("@Guide's `range` applies to numbers, not `String`", line: 2, column: 12),
                error("@Guide's `range` applies to numbers, not `Bool?`", line: 4, column: 12),
                error("@Guide's `count` applies to arrays, not `Int`", line: 6, column: 12),
                error("@Guide's `length` applies to strings, not `Int`", line: 6, column: 26),
                error(
                    "@Guide's `range` must be closed (`a...b`, `a...` or `...b`): JSON Schema's bounds are inclusive",
                    line: 8, column: 19),
                error("@Guide's `range` has a lower bound above its upper bound", line: 10, column: 19),
            ])
    }

    @Test("@Guide on something other than a property")
    func guideMisplaced() {
        assertExpansion(
            """
            @Guide("Runs")
            func run() {}
            enum Size {
                @Guide(range: 1...2)
                case small
            }
            """,
            expandedSource: """
                func run() {}
                enum Size {
                    case small
                }
                """,
            diagnostics: [
                error("@Guide applies to a stored property (or an enum case) of a @StructuredOutput type", line: 1, column: 1),
                error("@Guide applies to a stored property (or an enum case) of a @StructuredOutput type", line: 4, column: 5),
            ])
    }

    @Test("a non-literal description, raw value or raw type; an enum without cases")
    func otherArguments() {
        assertExpansion(
            """
            @StructuredOutput(description: summary)
            struct Note {
                var text: String
            }
            @StructuredOutput
            enum Level: String {
                case low = prefix
            }
            @StructuredOutput
            enum Code: MyLiteral {
                case a = "a"
            }
            @StructuredOutput
            enum Never {
            }
            """,
            expandedSource: """
                struct Note {
                    var text: String
                }
                enum Level: String {
                    case low = prefix
                }
                enum Code: MyLiteral {
                    case a = "a"
                }
                enum Never {
                }
                """,
            diagnostics: [
                error("@StructuredOutput's `description` must be a string literal (the macro reads it when compiling)", line: 1, column: 32),
                error("the raw value of `low` must be a literal", line: 7, column: 16),
                error("an enum with `MyLiteral` raw values has no JSON Schema; use String or an integer raw type", line: 11, column: 10),
                error("an enum without cases has no values to describe", line: 14, column: 6),
            ])
    }
}
#endif
