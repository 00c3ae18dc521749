#if SwiftAIMacros
import Foundation
import SwiftAIMacros

// The catalogue the golden tests check: one type per feature, declared with the real macros (so they also
// prove that the generated code compiles: synthesized Decodable from the extension, Sendable, access levels).

/// A weather report.
@StructuredOutput
struct WeatherReport {
    /// The city, as the user wrote it.
    var city: String
    @Guide(range: -90...60)
    var celsius: Double
    var raining: Bool
    @Guide(range: ...100)
    var humidity: Int
    /// Not part of the JSON: computed.
    var fahrenheit: Double { celsius * 9 / 5 + 32 }
    static let unit = "celsius"
}

@StructuredOutput
struct Place {
    var name: String
    var country: String
}

/// A trip: nested structured types, alone and in arrays.
@StructuredOutput
struct Trip {
    var destination: Place
    var stops: [Place]
    var nights: Int
}

@StructuredOutput
struct ShoppingList {
    var items: [String]
    var quantities: [[Int]]
}

@StructuredOutput
struct Profile {
    var name: String
    var nickname: String?
    var age: Optional<Int>
    var tags: [String]?
    var home: Place?
}

@StructuredOutput
struct Inventory {
    var counts: [String: Int]
    var warehouses: [String: Place]
}

@StructuredOutput
enum Mood: String {
    case happy
    case sad
    case curious = "Curious!"
}

@StructuredOutput
enum Priority: Int {
    case low = 1
    case medium
    case high = 10
}

/// Encodable too, so the tests can compare what synthesized Codable writes with the schema.
@StructuredOutput(description: "A shape on the canvas")
enum Shape: Encodable, Equatable {
    /// A circle around the origin.
    case circle(radius: Double)
    case rectangle(Double, height: Double)
    case point
    case label(String?)
}

@StructuredOutput
struct Article: Encodable {
    var title: String
    var publishedAt: Date
    var authorName: String?
    var cachedSummary: String = ""

    enum CodingKeys: String, CodingKey {
        case title
        case publishedAt = "published_at"
        case authorName = "author"
    }
}

@StructuredOutput
struct Booking {
    @Guide("Number of nights", range: 1...14)
    var nights: Int
    @Guide(range: 0.5...9.5)
    var rating: Double
    @Guide(range: 0...)
    var budget: Double?
    @Guide(description: "Up to five guest names", count: 1...5)
    var guests: [String]
    @Guide(length: 2...8, pattern: "^[A-Z0-9]+$")
    var code: String
    @Guide(anyOf: ["window", "aisle"])
    var seat: String
    /// The guest's e-mail.
    @Guide(format: "email")
    var email: String
}

@StructuredOutput
struct Event {
    var start: Date
    var link: URL
    var id: UUID
}

// Public, so its generated members must be public to satisfy the conformance (an ordinary comment: no
// description).
@StructuredOutput
public struct PublicReport {
    public var summary: String
    public var level: PublicLevel?

    public init(summary: String, level: PublicLevel?) {
        self.summary = summary
        self.level = level
    }
}

@StructuredOutput
public enum PublicLevel: String {
    case low, high
}

@StructuredOutput
struct Diary {
    var mood: Mood
    var priority: Priority
    var shapes: [Shape]
}


// Edge cases that must compile: a keyword as a name, a negative one-sided range, no fields at all, a type
// nested in another, and a conformance written by hand next to the macro.
@StructuredOutput
struct Flags {
    var `default`: Bool
    @Guide(range: (-1)...)
    var offset: Int
}

@StructuredOutput
struct Nothing {}

enum Namespace {
    @StructuredOutput
    struct Inner: StructuredOutput {
        var value: Int
    }
}

@StructuredOutput
enum Temperature: Double {
    case freezing = 0
    case body = 37.5
    case boiling = 100
}

/// Custom keys for case names (`CodingKeys`) and for one case's values (`MoveCodingKeys`), as synthesized
/// Codable reads them.
@StructuredOutput
enum Command: Encodable, Equatable {
    case move(dx: Int, dy: Int)
    case say(String)

    enum CodingKeys: String, CodingKey {
        case move = "MOVE"
        case say
    }

    enum MoveCodingKeys: String, CodingKey {
        case dx = "x"
        case dy = "y"
    }
}

/// A generic wrapper: the element's schema comes from the type argument.
@StructuredOutput
struct Page<Item: StructuredOutput> {
    var items: [Item]
    var next: String?
}

@StructuredOutput
struct Pair {
    var first, second: Int
}
#endif
