import AIServerKit
import Foundation
import Testing

@testable import AISandbox

@Suite("Moderation trigger words")
struct ModerationTests {
    static func results(_ input: Any) -> [[String: Any]] {
        bodyJSON(OpenAIModerations.respond(to: ["input": JSON(foundationObject: input) ?? nil]))["results"] as? [[String: Any]] ?? []
    }

    @Test("sandbox-unsafe flags violence, or the category named after a colon, in OpenAI's result shape")
    func triggerWord() throws {
        let results = Self.results(["A hero named Sandbox-Unsafe", "sandbox-unsafe:sexual/minors", "A kind fox"])
        #expect(results.map { $0["flagged"] as? Bool } == [true, true, false])
        for result in results {
            let categories = try #require(result["categories"] as? [String: Bool])
            let scores = try #require(result["category_scores"] as? [String: Double])
            #expect(Set(categories.keys) == Set(OpenAIModerations.categories) && Set(scores.keys) == Set(categories.keys))
            #expect(result["category_applied_input_types"] is [String: Any])
        }
        #expect((results[0]["categories"] as? [String: Bool])?.filter(\.value).map(\.key) == ["violence"])
        #expect((results[1]["categories"] as? [String: Bool])?.filter(\.value).map(\.key) == ["sexual/minors"])
        #expect(((results[1]["category_scores"] as? [String: Double])?["sexual/minors"] ?? 0) > 0.9)
    }

    @Test("violent words flag at the start of a word only: 'skilled' is not 'kill'")
    func violentWords() {
        #expect(Self.results(["I will kill him", "They attacked", "a skilled storyteller", "shurt"]).map { $0["flagged"] as? Bool }
            == [true, true, false, false])
    }
}
