#if SwiftAIMCP
import AICore
import Foundation
import SwiftAIMCP
import SwiftAITestSupport
import Testing

/// The server's tools as `AITool`s: called with the model's argument text, as `ToolRunner` calls them.
@Suite(.timeLimit(.minutes(1)))
struct AIToolTests {
    @Test func toolsCallTheServer() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let tools = try await server.tools(prefix: "fx_")
            #expect(tools.map(\.name) == ["fx_add", "fx_echo", "fx_fail", "fx_slow", "fx_media", "fx_crash"])
            #expect(tools.allSatisfy { !$0.strict })
            let add = try #require(tools.first)
            #expect(add.description == "Adds two numbers.")
            #expect(add.parameters.propertyList?.map(\.name) == ["a", "b"])
            #expect(try await add.call(arguments: #"{"a": 3, "b": 4}"#) == "7")
            #expect(try await tools[1].call(arguments: #"{"text": "hi"}"#) == "hi")
            #expect(try await tools[4].call(arguments: "") == "a picture and a note\n[image: image/png]\n[resource: note://1]")

            let failure = try await #require(throws: MCPToolError.self) { try await tools[2].call(arguments: "{}") }
            #expect(failure.tool == "fail")
            #expect(failure.description == "the fixture failed on purpose")

            await #expect(throws: MCPServerError.self) { try await add.call(arguments: #"{"a": "x"}"#) }
            await #expect(throws: ToolArgumentsError.self) { try await add.call(arguments: "{not json") }
        }
    }

    @Test func withoutAPrefixTheNamesAreTheServers() async throws {
        try await within(10) {
            let server = try await Fixture.launch()
            defer { Task { await server.close() } }
            let names = try await server.tools().map(\.name)
            #expect(names.first == "add")
        }
    }
}
#endif
