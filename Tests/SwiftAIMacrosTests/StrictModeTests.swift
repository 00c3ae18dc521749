#if SwiftAIMacros
import SwiftAIMacros
import Testing

/// The generated schemas are meant to be sent: after normalization for OpenAI's strict mode, the object-rooted
/// ones must pass its checks. (Bare enums are not roots strict mode accepts; `Diary` carries them inside an
/// object.)
@Suite("Generated schemas in OpenAI strict mode")
struct StrictModeTests {
    static let objectRooted = GoldenCatalogue.cases.filter { !["Mood", "Priority", "Temperature", "Command", "Shape", "Inventory"].contains($0.name) }

    @Test("normalized for .openAIStrict, the schema has no issues", arguments: objectRooted)
    func strict(_ golden: GoldenCase) {
        #expect(golden.schema.normalized(for: .openAIStrict).validate(for: .openAIStrict) == [])
    }

    @Test("a dictionary field is reported: strict mode can't express it")
    func dictionary() {
        let issues = Inventory.jsonSchema.normalized(for: .openAIStrict).validate(for: .openAIStrict)
        #expect(issues.map(\.path) == ["#/properties/counts", "#/properties/warehouses"])
    }
}
#endif
