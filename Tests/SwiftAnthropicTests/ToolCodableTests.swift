import Foundation
import SwiftAnthropic
import Testing

// `MessageParameter.Tool` is Codable as in seed 003, and `DynamicContent` reads and writes JSON like `JSONValue`.

@Suite struct ToolCodableTests {
    /// Encodes `tool`, decodes it back, and checks the value and its JSON survive.
    private func roundTrip(_ tool: MessageParameter.Tool) throws -> MessageParameter.Tool {
        let data = try JSONEncoder().encode(tool)
        let decoded = try JSONDecoder().decode(MessageParameter.Tool.self, from: data)
        #expect(try JSONValue(parsing: JSONEncoder().encode(decoded)) == JSONValue(parsing: data))
        return decoded
    }

    @Test func typedCustomToolRoundTrips() throws {
        let weatherTool = MessageParameter.Tool(
            name: "get_weather",
            description: "Get the current weather in a given location",
            inputSchema: .init(
                type: .object,
                properties: [
                    "location": .init(type: .string, description: "The city and state, e.g. San Francisco, CA"),
                    "unit": .init(type: .string, description: "The unit of temperature, either celsius or fahrenheit"),
                    "days": .init(type: .array, items: .init(type: .integer, minimum: 1.5), maxItems: 7),
                ],
                required: ["location"]),
            cacheControl: .init(type: .ephemeral, ttl: .oneHour))
        let decoded = try roundTrip(weatherTool)
        #expect(decoded == weatherTool)
        #expect(decoded.inputSchema != nil && decoded.inputSchemaJSON == nil && decoded.serverType == nil)
    }

    @Test func toolWithoutSchemaRoundTrips() throws {
        let tool = MessageParameter.Tool(name: "ping", description: nil, inputSchema: nil)
        #expect(try roundTrip(tool) == tool)
    }

    /// A schema given as JSON comes back as the typed ``JSONSchema`` (it models anyOf, $defs, …) with the
    /// same JSON.
    @Test func jsonSchemaToolReadsBackAsTheSameTypedSchema() throws {
        let schema: JSONValue = [
            "type": "object",
            "properties": ["query": ["type": "string"], "limit": ["type": "integer"]],
            "anyOf": [["required": ["query"]], ["required": ["limit"]]],
        ]
        let tool = MessageParameter.Tool(name: "search", description: "Search", inputSchemaJSON: schema)
        let decoded = try roundTrip(tool)
        #expect(decoded.inputSchema?.json == schema && decoded.inputSchemaJSON == nil)
    }

    @Test func serverToolsRoundTrip() throws {
        let tools: [MessageParameter.Tool] = [
            .webSearch(maxUses: 3, allowedDomains: ["example.com"]), .webFetch(maxUses: 2), .codeExecution, .bash,
            .textEditor, .memory,
        ]
        for tool in tools {
            let decoded = try roundTrip(tool)
            #expect(decoded == tool)
        }
        let decoded = try roundTrip(.webSearch(maxUses: 3))
        #expect(decoded.serverType == "web_search_20250305" && decoded.settings == ["max_uses": 3])
    }

    @Test func dynamicContentDecodesNestedJSONAndReencodesIt() throws {
        let text = #"""
            {"query": "sandbox", "limit": 2, "ratio": 0.25, "exact": true, "cursor": null,
             "filters": {"tags": ["a", "b", 3, 4.5, false, null], "nested": {"deep": [{"x": 1}, []], "empty": {}}}}
            """#
        let content = try JSONDecoder().decode(MessageResponse.Content.DynamicContent.self, from: Data(text.utf8))
        let expected: MessageResponse.Content.DynamicContent = .dictionary([
            "query": .string("sandbox"),
            "limit": .integer(2),
            "ratio": .double(0.25),
            "exact": .bool(true),
            "cursor": .null,
            "filters": .dictionary([
                "tags": .array([.string("a"), .string("b"), .integer(3), .double(4.5), .bool(false), .null]),
                "nested": .dictionary([
                    "deep": .array([.dictionary(["x": .integer(1)]), .array([])]),
                    "empty": .dictionary([:]),
                ]),
            ]),
        ])
        #expect(content == expected)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let reencoded = try encoder.encode(content)
        #expect(try JSONValue(parsing: reencoded) == JSONValue(parsing: text))
        #expect(try encoder.encode(JSONValue(parsing: text)) == reencoded)
        #expect(try JSONDecoder().decode(MessageResponse.Content.DynamicContent.self, from: reencoded) == content)
    }
}
