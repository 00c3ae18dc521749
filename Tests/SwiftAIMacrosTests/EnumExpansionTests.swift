#if SwiftAIMacros
import Testing

@Suite("@StructuredOutput on enums: the generated extension")
struct EnumExpansionTests {
    @Test("String raw values: a string enum of the raw values (implicit ones are the case names)")
    func stringRawValues() {
        assertExpansion(
            """
            @StructuredOutput
            public enum Mood: String, CaseIterable {
                case happy, sad
                case curious = "Curious!"
            }
            """,
            expandedSource: """
                public enum Mood: String, CaseIterable {
                    case happy, sad
                    case curious = "Curious!"
                }

                extension Mood: nonisolated StructuredOutput {
                    public nonisolated static var jsonSchema: AICore.JSONSchema {
                        .string(enum: ["happy", "sad", "Curious!"])
                    }

                    public typealias Partial = Self
                }
                """)
    }

    @Test("Int raw values: an integer enum, implicit values counting on from the previous one")
    func intRawValues() {
        assertExpansion(
            """
            /// How urgent.
            @StructuredOutput
            enum Priority: Int {
                case low = -1
                case medium
                case high = 10
                case critical
            }
            """,
            expandedSource: """
                /// How urgent.
                enum Priority: Int {
                    case low = -1
                    case medium
                    case high = 10
                    case critical
                }

                extension Priority: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .integer(description: "How urgent.", enum: [-1, 0, 10, 11])
                    }

                    typealias Partial = Self
                }
                """)
    }

    @Test("associated values: one single-key object per case, as synthesized Codable writes it")
    func associatedValues() {
        assertExpansion(
            """
            @StructuredOutput
            enum Shape {
                /// A circle.
                case circle(radius: Double)
                case rectangle(Double, height: Double)
                case point, label(String?)
            }
            """,
            expandedSource: """
                enum Shape {
                    /// A circle.
                    case circle(radius: Double)
                    case rectangle(Double, height: Double)
                    case point, label(String?)
                }

                extension Shape: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .anyOf(
                            [
                                .object(["circle": .object(["radius": Double.jsonSchema])], description: "A circle."),
                                .object(["rectangle": .object(["_0": Double.jsonSchema, "height": Double.jsonSchema])]),
                                .object(["point": .object([:])]),
                                .object(["label": .object(["_0": Optional<String>.jsonSchema], required: [])]),
                            ]
                        )
                    }

                    typealias Partial = AICore.JSONValue
                }
                """)
    }
}
#endif
