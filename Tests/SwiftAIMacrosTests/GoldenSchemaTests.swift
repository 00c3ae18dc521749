#if SwiftAIMacros
import Foundation
import SwiftAIMacros
import Testing

@Suite("@StructuredOutput at run time: the catalogue's schemas, samples and partial values")
struct GoldenSchemaTests {
    @Test("the schema is the one written out by hand", arguments: GoldenCatalogue.cases)
    func schema(_ golden: GoldenCase) throws {
        #expect(try json(golden.schema.jsonText) == json(golden.expectedSchema))
    }

    @Test("the type decodes a sample, and the sample has the schema's shape", arguments: GoldenCatalogue.cases)
    func sample(_ golden: GoldenCase) throws {
        try golden.decode(Data(golden.sample.utf8))
        #expect(golden.schema.check(instance: try json(golden.sample)) == [])
    }

    @Test("values outside the @Guide constraints are caught by the schema")
    func guideConstraintsBite() throws {
        let booking = try json(#"""
            {"nights": 20, "rating": 8.5, "guests": [], "code": "x", "seat": "middle", "email": "a@b.c"}
            """#)
        let paths = Booking.jsonSchema.check(instance: booking).map(\.path)
        #expect(paths == ["#/nights", "#/guests", "#/code", "#/code", "#/seat"])
    }

    @Test("Partial decodes an unfinished value without throwing", arguments: GoldenCatalogue.cases)
    func partial(_ golden: GoldenCase) throws {
        try golden.decodePartial(Data(golden.partialSample.utf8))
    }

    @Test("properties are listed in declaration order; computed, static and initialized lets are left out")
    func order() {
        #expect(WeatherReport.jsonSchema.propertyList?.map(\.name) == ["city", "celsius", "raining", "humidity"])
        #expect(Booking.jsonSchema.propertyList?.map(\.name) == ["nights", "rating", "budget", "guests", "code", "seat", "email"])
    }

    @Test("a Partial keeps what arrived and leaves the rest nil, even a field of the wrong type")
    func partialValues() throws {
        let weather = try goldenDecoder().decode(WeatherReport.Partial.self, from: Data(#"{"city": "Par", "celsius": "x"}"#.utf8))
        #expect(weather.city == "Par")
        #expect(weather.celsius == nil)
        #expect(weather.raining == nil)

        let trip = try goldenDecoder().decode(Trip.Partial.self, from: Data(#"{"destination": {"name": "Rome"}, "stops": [{"name": "Pi"}]}"#.utf8))
        #expect(trip.destination?.name == "Rome")
        #expect(trip.destination?.country == nil)
        #expect(trip.stops?.first?.name == "Pi")
        #expect(trip.nights == nil)

        let article = try goldenDecoder().decode(Article.Partial.self, from: Data(#"{"title": "Mac", "author": "K"}"#.utf8))
        #expect(article.title == "Mac")
        #expect(article.authorName == "K")
        #expect(article.publishedAt == nil)

        let report = try goldenDecoder().decode(PublicReport.Partial.self, from: Data(#"{"summary": "fi", "level": "hi"}"#.utf8))
        #expect(report.summary == "fi")
        #expect(report.level == nil)

        let diary = try goldenDecoder().decode(Diary.Partial.self, from: Data(#"{"shapes": [{"circle": {}}]}"#.utf8))
        #expect(diary.shapes == [.object(["circle": .object([:])])])
    }

    @Test("decoded values hold what the JSON said (CodingKeys, enums, dates)")
    func decodedValues() throws {
        let article = try goldenDecoder().decode(Article.self, from: Data(GoldenCatalogue.cases.first { $0.name == "Article" }!.sample.utf8))
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_735_787_045))
        #expect(article.authorName == "Kim")
        let diary = try goldenDecoder().decode(Diary.self, from: Data(GoldenCatalogue.cases.first { $0.name == "Diary" }!.sample.utf8))
        #expect(diary.mood == .sad)
        #expect(diary.priority == .high)
        #expect(diary.shapes == [.point, .circle(radius: 1)])
    }

    @Test("edge cases: keyword names, a negative one-sided range, an empty struct, a nested type")
    func edgeCases() throws {
        #expect(try json(Flags.jsonSchema.jsonText) == json(#"""
            {"type": "object",
             "properties": {"default": {"type": "boolean"}, "offset": {"type": "integer", "minimum": -1}},
             "required": ["default", "offset"], "additionalProperties": false}
            """#))
        let flags = try goldenDecoder().decode(Flags.Partial.self, from: Data(#"{"default": true}"#.utf8))
        #expect(flags.default == true)
        #expect(try json(Nothing.jsonSchema.jsonText) == json(#"{"type": "object", "properties": {}, "required": [], "additionalProperties": false}"#))
        _ = try goldenDecoder().decode(Nothing.Partial.self, from: Data("{}".utf8))
        #expect(Namespace.Inner.jsonSchema.propertyList?.map(\.name) == ["value"])
    }

    @Test("a generic type takes its element's schema from the type argument; `var a, b: T` declares two fields")
    func genericAndMultipleBindings() throws {
        #expect(Page<Place>.jsonSchema.property("items")?.items == Place.jsonSchema)
        #expect(Page<Place>.jsonSchema.required == ["items"])
        let page = try goldenDecoder().decode(Page<Place>.Partial.self, from: Data(#"{"items": [{"name": "Oslo"}]}"#.utf8))
        #expect(page.items?.first?.name == "Oslo")
        #expect(Pair.jsonSchema.propertyList?.map(\.name) == ["first", "second"])
    }
}
#endif
