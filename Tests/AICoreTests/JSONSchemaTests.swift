import AICore
import Foundation
import Testing

@Suite struct JSONSchemaTests {
    static let order = JSONSchema.object([
        "title": .string(description: "The order's title", minLength: 3),
        "quantity": .integer(minimum: 1, maximum: 99),
        "tags": .array(of: .string(), minItems: 1, maxItems: 5),
        "note": .nullable(.string()),
        "address": .object(["street": .string(), "zip": .string(pattern: "^[0-9]{5}$")], required: ["street"]),
    ], required: ["title", "quantity", "tags", "address"])

    @Test func encodesKeywordsInOrderAndPropertiesInTheirOrder() throws {
        let text = Self.order.jsonText
        let positions = ["\"title\"", "\"quantity\"", "\"tags\"", "\"note\"", "\"address\""].map {
            text.range(of: $0)!.lowerBound
        }
        #expect(positions == positions.sorted())
        #expect(text.hasPrefix(#"{"type":"object","properties":{"title":{"type":"string","description":"The order's title","minLength":3}"#))
        #expect(text.contains(#""note":{"type":["string","null"]}"#))
    }

    @Test func readsWhatItWritesAndKeepsUnknownKeywords() throws {
        var schema = Self.order
        schema.extraKeywords["x-vendor"] = .string("kept")
        schema.definitions = [.init("Leaf", .object(["value": .number()]))]
        schema.anyOf = nil
        let decoded = try JSONDecoder().decode(JSONSchema.self, from: JSONEncoder().encode(schema))
        #expect(decoded.json == schema.json)
        #expect(decoded.extraKeywords["x-vendor"] == .string("kept"))
        #expect(decoded.definition("Leaf")?.property("value")?.types == [.number])
    }

    @Test func wrongShapesAreNamedErrors() {
        #expect(throws: SchemaReadingError.self) { try JSONSchema(json: .object(["type": .string("text")])) }
        do {
            _ = try JSONSchema(json: .object(["properties": .object(["a": .object(["minLength": .string("x")])])]))
            Issue.record("expected an error")
        } catch let error as SchemaReadingError {
            #expect(error.path == "#/properties/a/minLength")
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func strictNormalizationRequiresEverythingAndKeepsOptionalsNullable() throws {
        let strict = Self.order.normalized(for: .openAIStrict)
        #expect(strict.required == ["title", "quantity", "tags", "note", "address"])
        #expect(strict.additionalProperties == false)
        let address = try #require(strict.property("address"))
        #expect(address.required == ["street", "zip"])
        #expect(address.additionalProperties == false)
        #expect(address.property("zip")?.isNullable == true)
        #expect(address.property("street")?.isNullable == false)
        // minLength is not a strict-mode keyword: it moves into the description.
        let title = try #require(strict.property("title"))
        #expect(title.minLength == nil)
        #expect(title.description == "The order's title\n\n{minLength: 3}")
        #expect(Self.order.validate(for: .openAIStrict).count >= 2)
        #expect(strict.validate(for: .openAIStrict).isEmpty)
    }

    @Test func strictValidationReportsWhatCannotBeFixed() {
        let dictionary = JSONSchema.object(["scores": .dictionary(values: .integer())])
        let issues = dictionary.normalized(for: .openAIStrict).validate(for: .openAIStrict)
        #expect(issues.map(\.path) == ["#/properties/scores"])
        #expect(throws: SchemaValidationError.self) { try dictionary.validated(for: .openAIStrict) }
        let root = JSONSchema.array(of: .string())
        #expect(root.normalized(for: .openAIStrict).validate(for: .openAIStrict).first?.path == "#")
        var deep = JSONSchema.string()
        for _ in 0..<11 { deep = .object(["child": deep]) }
        #expect(deep.normalized(for: .openAIStrict).validate(for: .openAIStrict).contains { $0.message.contains("levels deep") })
        var bigEnum = JSONSchema.object(["e": .string(enum: (0..<1001).map(String.init))])
        bigEnum = bigEnum.normalized(for: .openAIStrict)
        #expect(bigEnum.validate(for: .openAIStrict).contains { $0.message.contains("1001 enum values") })
        #expect(JSONSchema.object(["a": .reference("Missing")]).validate(for: .lenient).first?.message.contains("no definition") == true)
    }

    @Test func anthropicNormalizationMovesNumericConstraints() throws {
        let schema = Self.order.normalized(for: .anthropic)
        #expect(schema.validate(for: .anthropic).isEmpty)
        let quantity = try #require(schema.property("quantity"))
        #expect(quantity.minimumValue == nil && quantity.maximumValue == nil)
        #expect(quantity.description == "{minimum: 1, maximum: 99}")
        // Optional stays optional for Anthropic.
        #expect(schema.required == ["title", "quantity", "tags", "address"])
        #expect(Self.order.validate(for: .anthropic).contains { $0.message.contains("numeric") })
        #expect(Self.order.normalized(for: .lenient) == Self.order)
    }

    @Test func seedsSpellingStillWorksAsAView() {
        let schema = JSONSchema(
            type: .object, properties: ["n": .init(type: .integer, minimum: 1)], required: ["n"], additionalProperties: false)
        #expect(schema.properties?["n"]?.minimum == 1)
        #expect(schema.properties?["n"]?.type == .integer)
        #expect(schema.type == .object)
        #expect(schema.validate(for: .openAIStrict).isEmpty)
    }

    @Test func guidesApplyToTheNonNullBranch() {
        let optionalEnum = JSONSchema.nullable(.string(enum: ["a", "b"]))
        let guided = optionalEnum.applying(SchemaGuide(description: "pick", maxLength: 4))
        #expect(guided.description == "pick")
        #expect(guided.anyOf?.first?.maxLength == 4)
        let count = JSONSchema.array(of: .integer()).applying(SchemaGuide(minCount: 2, maxCount: 3))
        #expect(count.minItems == 2 && count.maxItems == 3)
    }
}
