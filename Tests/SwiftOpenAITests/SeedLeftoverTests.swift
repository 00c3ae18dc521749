import Foundation
import SwiftOpenAI
import Testing

// Leftovers of seed 000: the top-level `Model`, `DefaultOpenAIAzureService`, and the JSON of the typed schema.

@Suite struct SeedLeftoverTests {
    @Test func topLevelModelHasTheSeedsRawValues() {
        let parameters = AssistantParameters(action: .create(model: Model.gpt41106Preview.rawValue), name: "Math tutor")
        #expect(parameters.model == "gpt-4-1106-preview")
        #expect(Model.gpt41106Preview.rawValue == "gpt-4-1106-preview")
        #expect(Model.gpt41106Preview.rawValue == Model.gpt41106Preview.value)
        #expect(Model.dalle2.rawValue == "dall-e-2")
        #expect(Model.dalle3.rawValue == "dall-e-3")
        #expect(Model.custom("my-deployment").rawValue == "my-deployment")
        let model: ChatCompletionParameters.Model = Model.gpt4o
        #expect(model == .gpt4o)
    }

    @Test func defaultOpenAIAzureServiceIsWhatTheAzureFactoryMakes() {
        let azureConfiguration = AzureOpenAIConfiguration(
            resourceName: "YOUR_RESOURCE_NAME",
            openAIAPIKey: .apiKey("YOUR_OPENAI_APIKEY"),
            apiVersion: "THE_API_VERSION")
        let service = OpenAIServiceFactory.service(azureConfiguration: azureConfiguration)
        #expect(service is DefaultOpenAIAzureService)
        let azureService: DefaultOpenAIAzureService? = service as? DefaultOpenAIAzureService
        #expect(azureService != nil)
    }

    @Test func nestedSchemaEncodesAsBefore() throws {
        let schema = JSONSchema(
            type: .object,
            properties: [
                "city": .init(type: .string, description: "City name", enumValues: ["Lisbon", "Porto"]),
                "days": .init(type: .number, description: "Days", multipleOf: 2, minimum: 0.5, maximum: 14.5),
                "tags": .init(type: .array, items: .init(type: .string, pattern: "^[a-z]+$"), minItems: 1, uniqueItems: true),
                "stops": .init(
                    type: .array,
                    items: .init(
                        type: .object, properties: ["name": .init(type: .string)], required: ["name"],
                        additionalProperties: false)),
                "address": .init(
                    type: .object, required: ["street"], properties: ["street": .init(type: .string, format: "text")],
                    additionalProperties: false),
            ],
            required: ["city"],
            additionalProperties: false)
        let expected = try JSONValue(
            parsing: """
                {
                  "type": "object",
                  "properties": {
                    "city": {"type": "string", "description": "City name", "enum": ["Lisbon", "Porto"]},
                    "days": {"type": "number", "description": "Days", "multipleOf": 2, "minimum": 0.5, "maximum": 14.5},
                    "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}, "minItems": 1, "uniqueItems": true},
                    "stops": {
                      "type": "array",
                      "items": {
                        "type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"],
                        "additionalProperties": false
                      }
                    },
                    "address": {
                      "type": "object", "required": ["street"], "properties": {"street": {"type": "string", "format": "text"}},
                      "additionalProperties": false
                    }
                  },
                  "required": ["city"],
                  "additionalProperties": false
                }
                """)
        let encoded = try JSONEncoder().encode(schema)
        #expect(try JSONValue(parsing: encoded) == expected)
        #expect(try JSONDecoder().decode(JSONSchema.self, from: encoded) == schema)
    }

    @Test func rootSchemaBoundsEncodeAsIntegersWithSortedKeys() throws {
        let schema = JSONSchema(type: .integer, enumValues: ["1"], multipleOf: 3, minimum: 0, maximum: 9)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(schema), as: UTF8.self)
        #expect(text == #"{"enum":["1"],"maximum":9,"minimum":0,"multipleOf":3,"type":"integer"}"#)
    }
}
