#if SwiftAIMacros
import SwiftAIMacros
import Testing

/// What a stream shows: every prefix of an answer is turned into a snapshot, and for an object the generated
/// `Partial` must decode from each one that has begun, however the text is cut (inside a key, a number, a
/// date, a nested object).
@Suite("Partial values from every prefix of a streamed answer")
struct StreamingPartialTests {
    static let objects = GoldenCatalogue.cases.filter { $0.sample.hasPrefix("{") && $0.schema.anyOf == nil }

    @Test("each prefix that has begun an object decodes to a Partial", arguments: objects)
    func everyPrefix(_ golden: GoldenCase) {
        let text = golden.sample
        for end in text.indices.dropFirst() + [text.endIndex] {
            let prefix = String(text[..<end])
            let snapshot = golden.snapshot(prefix)
            #expect(!snapshot.hasJSON || snapshot.hasPartial, "no Partial for \(prefix)")
        }
    }
}
#endif
