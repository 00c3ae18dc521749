#if SwiftAIMacros
import AICore
import Foundation
import SwiftAIMacros
import Testing

/// One type of the catalogue with its expected schema, a JSON value of that schema, and an unfinished one (as a
/// stream would deliver it halfway).
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let schema: JSONSchema
    let expectedSchema: String
    let sample: String
    let partialSample: String
    let decode: @Sendable (Data) throws -> Void
    let decodePartial: @Sendable (Data) throws -> Void
    /// Whether the snapshot of a streamed prefix has JSON, and whether its `Partial` decoded (AICore's own
    /// snapshot code, the one streams use).
    let snapshot: @Sendable (String) -> (hasJSON: Bool, hasPartial: Bool)

    var testDescription: String { name }

    static func of<T: StructuredOutput>(
        _ type: T.Type, schema expectedSchema: String, sample: String, partial partialSample: String
    ) -> GoldenCase {
        GoldenCase(
            name: String(describing: type), schema: T.jsonSchema, expectedSchema: expectedSchema, sample: sample,
            partialSample: partialSample,
            decode: { _ = try goldenDecoder().decode(T.self, from: $0) },
            decodePartial: { _ = try goldenDecoder().decode(T.Partial.self, from: $0) },
            snapshot: { text in
                let snapshot = StructuredOutputDecoding.snapshot(T.self, text: text)
                return (snapshot.json != nil, snapshot.partial != nil)
            })
    }
}

/// How structured answers are read: dates as ISO 8601 (as `StructuredOutput` documents for `Date`).
func goldenDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

/// The decoded JSON of `text`.
func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }
#endif
