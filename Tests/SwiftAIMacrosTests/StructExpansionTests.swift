#if SwiftAIMacros
import Testing

@Suite("@StructuredOutput on structs: the generated extension")
struct StructExpansionTests {
    @Test("a flat struct: one property per stored property, optionals not required, a lenient Partial")
    func simpleStruct() {
        assertExpansion(
            """
            @StructuredOutput
            struct Weather {
                var city: String
                let days: Int
                var note: String?
                var tags: [String]
                var fahrenheit: Double { 0 }
                static var unit = "C"
                let source = "model"
            }
            """,
            expandedSource: """
                struct Weather {
                    var city: String
                    let days: Int
                    var note: String?
                    var tags: [String]
                    var fahrenheit: Double { 0 }
                    static var unit = "C"
                    let source = "model"
                }

                extension Weather: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "city": String.jsonSchema,
                                "days": Int.jsonSchema,
                                "note": Optional<String>.jsonSchema,
                                "tags": Array<String>.jsonSchema,
                            ],
                            required: ["city", "days", "tags"]
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        var city: String.Partial?
                        var days: Int.Partial?
                        var note: String.Partial?
                        var tags: Array<String>.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            city = try? container.decodeIfPresent(String.Partial.self, forKey: .city)
                            days = try? container.decodeIfPresent(Int.Partial.self, forKey: .days)
                            note = try? container.decodeIfPresent(String.Partial.self, forKey: .note)
                            tags = try? container.decodeIfPresent(Array<String>.Partial.self, forKey: .tags)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case city
                            case days
                            case note
                            case tags
                        }
                    }
                }
                """)
    }

    @Test("CodingKeys: JSON names are the raw values; properties without a key are left out")
    func codingKeys() {
        assertExpansion(
            """
            @StructuredOutput
            struct Article {
                var title: String
                var publishedAt: Date
                var cache: String = ""

                enum CodingKeys: String, CodingKey {
                    case title
                    case publishedAt = "published_at"
                }
            }
            """,
            expandedSource: """
                struct Article {
                    var title: String
                    var publishedAt: Date
                    var cache: String = ""

                    enum CodingKeys: String, CodingKey {
                        case title
                        case publishedAt = "published_at"
                    }
                }

                extension Article: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "title": String.jsonSchema,
                                "published_at": Date.jsonSchema,
                            ],
                            required: ["title", "published_at"]
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        var title: String.Partial?
                        var publishedAt: Date.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            title = try? container.decodeIfPresent(String.Partial.self, forKey: .title)
                            publishedAt = try? container.decodeIfPresent(Date.Partial.self, forKey: .publishedAt)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case title
                            case publishedAt = "published_at"
                        }
                    }
                }
                """)
    }

    @Test("doc comments describe the type and its properties; the macro's description wins for the type")
    func docComments() {
        assertExpansion(
            """
            /// A report.
            /// Two lines.
            @StructuredOutput
            struct Report {
                /// The summary,
                /// in one sentence.
                var summary: String
                // An ordinary comment is not a description.
                var score: Int
            }

            /// Not this one.
            @StructuredOutput(description: "Described \\"here\\"")
            public struct Note {
                /** A block
                 * comment. */
                public var text: String
            }
            """,
            expandedSource: """
                /// A report.
                /// Two lines.
                struct Report {
                    /// The summary,
                    /// in one sentence.
                    var summary: String
                    // An ordinary comment is not a description.
                    var score: Int
                }

                /// Not this one.
                public struct Note {
                    /** A block
                     * comment. */
                    public var text: String
                }

                extension Report: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "summary": String.jsonSchema.describing("The summary, in one sentence."),
                                "score": Int.jsonSchema,
                            ],
                            required: ["summary", "score"],
                            description: "A report. Two lines."
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        var summary: String.Partial?
                        var score: Int.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            summary = try? container.decodeIfPresent(String.Partial.self, forKey: .summary)
                            score = try? container.decodeIfPresent(Int.Partial.self, forKey: .score)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case summary
                            case score
                        }
                    }
                }

                extension Note: nonisolated StructuredOutput {
                    public nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "text": String.jsonSchema.describing("A block comment."),
                            ],
                            required: ["text"],
                            description: #"Described "here""#
                        )
                    }

                    public nonisolated struct Partial: Decodable, Sendable {
                        public var text: String.Partial?

                        public init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            text = try? container.decodeIfPresent(String.Partial.self, forKey: .text)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case text
                        }
                    }
                }
                """)
    }

    @Test("@Guide: constraints and description go into a SchemaGuide; a doc comment fills a missing description")
    func guide() {
        assertExpansion(
            """
            @StructuredOutput
            struct Booking {
                @Guide("Nights", range: 1...14)
                var nights: Int
                @Guide(range: (-0.5)...)
                var rating: Double?
                /// Guests.
                @Guide(count: 1..<6)
                var guests: [String]
                @Guide(length: ...8, pattern: "^[A-Z]+$", format: "code")
                var code: String
                @Guide(anyOf: ["window", "aisle"])
                var seat: String
            }
            """,
            expandedSource: """
                struct Booking {
                    var nights: Int
                    var rating: Double?
                    /// Guests.
                    var guests: [String]
                    var code: String
                    var seat: String
                }

                extension Booking: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "nights": Int.jsonSchema.applying(AICore.SchemaGuide(description: "Nights", minimum: 1, maximum: 14)),
                                "rating": Optional<Double>.jsonSchema.applying(AICore.SchemaGuide(minimum: -0.5)),
                                "guests": Array<String>.jsonSchema.applying(AICore.SchemaGuide(description: "Guests.", minCount: 1, maxCount: 5)),
                                "code": String.jsonSchema.applying(AICore.SchemaGuide(maxLength: 8, pattern: "^[A-Z]+$", format: "code")),
                                "seat": String.jsonSchema.applying(AICore.SchemaGuide(allowedValues: [.string("window"), .string("aisle")])),
                            ],
                            required: ["nights", "guests", "code", "seat"]
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        var nights: Int.Partial?
                        var rating: Double.Partial?
                        var guests: Array<String>.Partial?
                        var code: String.Partial?
                        var seat: String.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            nights = try? container.decodeIfPresent(Int.Partial.self, forKey: .nights)
                            rating = try? container.decodeIfPresent(Double.Partial.self, forKey: .rating)
                            guests = try? container.decodeIfPresent(Array<String>.Partial.self, forKey: .guests)
                            code = try? container.decodeIfPresent(String.Partial.self, forKey: .code)
                            seat = try? container.decodeIfPresent(String.Partial.self, forKey: .seat)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case nights
                            case rating
                            case guests
                            case code
                            case seat
                        }
                    }
                }
                """)
    }

    @Test("a doc comment after the attributes counts; keyword names keep their backticks in Swift, not in JSON")
    func docAfterAttributesAndKeywordNames() {
        assertExpansion(
            """
            @StructuredOutput
            /// Settings.
            struct Settings {
                @Guide(range: 0...)
                /// How many.
                var `default`: Int
            }
            """,
            expandedSource: """
                /// Settings.
                struct Settings {
                    /// How many.
                    var `default`: Int
                }

                extension Settings: nonisolated StructuredOutput {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [
                                "default": Int.jsonSchema.applying(AICore.SchemaGuide(description: "How many.", minimum: 0)),
                            ],
                            required: ["default"],
                            description: "Settings."
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        var `default`: Int.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            `default` = try? container.decodeIfPresent(Int.Partial.self, forKey: .`default`)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case `default`
                        }
                    }
                }
                """)
    }

    @Test("a hand-written jsonSchema is kept; an empty struct is an empty object; an existing conformance isn't repeated")
    func handWrittenAndEmpty() {
        assertMacroExpansionWithoutConformance(
            """
            @StructuredOutput
            struct Custom: StructuredOutput {
                var value: Int
                static var jsonSchema: JSONSchema { .object(["value": .integer(minimum: 0)]) }
            }
            @StructuredOutput
            struct Nothing: StructuredOutput {
            }
            """,
            expandedSource: """
                struct Custom: StructuredOutput {
                    var value: Int
                    static var jsonSchema: JSONSchema { .object(["value": .integer(minimum: 0)]) }
                }
                struct Nothing: StructuredOutput {
                }

                extension Custom {
                    nonisolated struct Partial: Decodable, Sendable {
                        var value: Int.Partial?

                        init(from decoder: any Decoder) throws {
                            let container = try decoder.container(keyedBy: CodingKeys.self)
                            value = try? container.decodeIfPresent(Int.Partial.self, forKey: .value)
                        }

                        private enum CodingKeys: String, CodingKey {
                            case value
                        }
                    }
                }

                extension Nothing {
                    nonisolated static var jsonSchema: AICore.JSONSchema {
                        .object(
                            [:],
                            required: []
                        )
                    }

                    nonisolated struct Partial: Decodable, Sendable {
                        init(from decoder: any Decoder) throws {
                        }
                    }
                }
                """)
    }
}
#endif
