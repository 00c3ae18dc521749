#if SwiftAIMacros
import Foundation
import SwiftAIMacros
import Testing

/// The schema of an enum without raw values must describe what synthesized `Codable` really writes and reads,
/// not what one might expect it to.
@Suite("Enums with associated values: the schema matches synthesized Codable")
struct SynthesizedCodableTests {
    static let shapes: [Shape] = [.circle(radius: 2), .rectangle(3, height: 4), .point, .label("hi"), .label(nil)]

    @Test("JSONEncoder's output for every case has the schema's shape", arguments: shapes)
    func encoded(_ shape: Shape) throws {
        let value = try JSONValue(parsing: JSONEncoder().encode(shape))
        #expect(Shape.jsonSchema.check(instance: value) == [])
    }

    @Test("JSON shaped like each schema branch decodes to the case it names")
    func decoded() throws {
        let samples: [(String, Shape)] = [
            (#"{"circle": {"radius": 2}}"#, .circle(radius: 2)),
            (#"{"rectangle": {"_0": 3, "height": 4}}"#, .rectangle(3, height: 4)),
            (#"{"point": {}}"#, .point),
            (#"{"label": {"_0": "hi"}}"#, .label("hi")),
            (#"{"label": {}}"#, .label(nil)),
        ]
        for (text, expected) in samples {
            #expect(Shape.jsonSchema.check(instance: try json(text)) == [])
            #expect(try JSONDecoder().decode(Shape.self, from: Data(text.utf8)) == expected)
        }
    }

    @Test("custom case and value keys: what JSONEncoder writes has the schema's shape, and decodes back")
    func customKeys() throws {
        for command in [Command.move(dx: 1, dy: -2), .say("hi")] {
            let data = try JSONEncoder().encode(command)
            #expect(Command.jsonSchema.check(instance: try JSONValue(parsing: data)) == [])
            #expect(try JSONDecoder().decode(Command.self, from: data) == command)
        }
    }

    @Test("a struct with CodingKeys encodes under the schema's names")
    func codingKeys() throws {
        let article = Article(title: "T", publishedAt: Date(timeIntervalSince1970: 0), authorName: nil)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let value = try JSONValue(parsing: encoder.encode(article))
        #expect(Article.jsonSchema.check(instance: value) == [])
    }
}
#endif
