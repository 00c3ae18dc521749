import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftAnthropic
import Testing

@Suite("Anthropic models today")
struct ModelsTodayTests {
    @Test("the list: today's models newest first with capabilities, limits, line and lifecycle; aliases resolve", arguments: TransportKind.allCases)
    func catalogue(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let page = try await service.listModels(limit: 1000)
            let ids = page.data.map(\.id)
            #expect(ids.prefix(3) == ["claude-fable-5-2", "claude-mythos-5-2", "claude-haiku-5-5"] && !page.hasMore)
            #expect(page.data.map(\.createdAt) == page.data.map(\.createdAt).sorted(by: >), "newest first")
            #expect(ids.contains("claude-opus-4-6") && ids.contains("claude-sonnet-4-5-20250929") && ids.contains("claude-mythos-preview"))
            #expect(!ids.contains("claude-3-5-haiku-20241022"), "retired models are listed only when asked for")
            #expect(Set(page.data.compactMap(\.lifecycle)) == [.active, .deprecated])
            #expect(sandbox.lastRequest?.query.contains { $0.name.hasPrefix("lifecycle") } == false)

            let opus46 = try #require(page.data.first { $0.id == "claude-opus-4-6" })
            #expect(opus46.model == .claudeOpus46 && opus46.displayName == "Claude Opus 4.6" && opus46.line == .opus)
            #expect(opus46.lifecycle == .active && opus46.deprecatedAt == nil && opus46.retiresAt == nil)
            #expect(opus46.maxInputTokens == 1_000_000 && opus46.maxTokens == 128_000)
            let capabilities = try #require(opus46.capabilities)
            #expect(capabilities.batch?.supported == true && capabilities.structuredOutputs?.supported == true)
            #expect(capabilities.thinking?.adaptive == true && capabilities.thinking?.disabled == true && capabilities.thinking?.betweenTools == false)
            #expect(capabilities.effort?.supported == true && capabilities.effort?.max == true && capabilities.effort?.xhigh == nil)
            #expect(capabilities.contextManagement?.compact20260112 == true && capabilities.serverTools?.webSearch == true)

            let sonnet = try await service.retrieveModel(id: "claude-sonnet-4-5")
            #expect(sandbox.lastRequest?.path == "/v1/models/claude-sonnet-4-5")
            #expect(sonnet.id == "claude-sonnet-4-5-20250929" && sonnet.displayName == "Claude Sonnet 4.5" && sonnet.maxInputTokens == 200_000)
            #expect(sonnet.capabilities?.effort?.max == false && sonnet.capabilities?.contextManagement?.supports("clear_tool_uses_20250919") == true)

            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveModel(id: "claude-nonexistent") }
            #expect(missing?.kind == .notFound && missing?.type == "not_found_error")
        }
    }

    @Test("the lifecycle filter goes out as lifecycle[] items; retired models come back only then", arguments: TransportKind.allCases)
    func lifecycleFilter(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let retired = try await service.listModels(lifecycle: [.retired])
            #expect(sandbox.lastRequest?.query.filter { $0.name == "lifecycle[]" }.map(\.value) == ["retired"])
            #expect(retired.data.map(\.id) == ["claude-3-5-haiku-20241022"])
            let haiku = try #require(retired.data.first)
            #expect(haiku.lifecycle == .retired && haiku.deprecatedAt != nil && haiku.retiresAt != nil && haiku.line == .haiku)

            var walked: [String] = []
            for try await model in service.allModels(lifecycle: [.deprecated, .retired], pageSize: 2) { walked.append(model.id) }
            #expect(walked == ["claude-opus-4-1-20250805", "claude-sonnet-4-20250514", "claude-3-5-haiku-20241022"])
            #expect(sandbox.lastRequest?.query.filter { $0.name == "lifecycle[]" }.map(\.value) == ["deprecated", "retired"])
            #expect(sandbox.lastRequest?.queryValue("after_id") != nil, "the second page continues after the first")

            let refused = await #expect(throws: APIError.self) { _ = try await service.listModels(lifecycle: [.other("sunset")]) }
            #expect(refused?.kind == .badRequest && refused?.message.contains("lifecycle") == true)
        }
    }

    @Test("decoding: unknown lines, stages, capabilities and variants are kept and encoded back; old servers' bare models still read")
    func decoding() throws {
        let json = Data(#"""
            {"id":"claude-next","type":"model","display_name":"Claude Next","created_at":"2027-06-01T00:00:00Z",
             "lifecycle":"preview","line":"sonata","max_input_tokens":2000000,"max_tokens":256000,
             "deprecated_at":null,"retires_at":null,"pricing":{"tier":"x"},
             "capabilities":{"batch":{"supported":true},"telepathy":{"supported":false},
               "effort":{"supported":true,"low":{"supported":true},"ultra":{"supported":true}},
               "thinking":{"supported":true,"types":{"adaptive":{"supported":true},"dreaming":{"supported":false}}},
               "context_management":{"supported":true,"forget_20270101":{"supported":true}}}}
            """#.utf8)
        let model = try JSONDecoder().decode(ModelInfo.self, from: json)
        #expect(model.lifecycle == .other("preview") && model.line == .other("sonata") && model.maxTokens == 256_000)
        #expect(model.additionalFields["pricing"] == .object(["tier": .string("x")]) && model.model == .other("claude-next"))
        let capabilities = try #require(model.capabilities)
        #expect(capabilities.additionalFields["telepathy"] == .object(["supported": .bool(false)]))
        #expect(capabilities.effort?.supports("ultra") == true && capabilities.effort?.low == true && capabilities.effort?.high == nil)
        #expect(capabilities.thinking?.supports("dreaming") == false && capabilities.thinking?.adaptive == true)
        #expect(capabilities.contextManagement?.supports("forget_20270101") == true && capabilities.citations == nil)

        let again = try JSONDecoder().decode(ModelInfo.self, from: JSONEncoder().encode(model))
        #expect(again.lifecycle == model.lifecycle && again.line == model.line && again.additionalFields == model.additionalFields)
        #expect(again.capabilities?.thinking?.variants == capabilities.thinking?.variants)
        #expect(again.capabilities?.effort?.variants == capabilities.effort?.variants)
        #expect(again.capabilities?.additionalFields == capabilities.additionalFields)

        let bare = try JSONDecoder().decode(
            ModelInfo.self, from: Data(#"{"id":"claude-3-haiku-20240307","type":"model","display_name":"Claude Haiku 3","created_at":"2024-03-07T00:00:00Z"}"#.utf8))
        #expect(bare.capabilities == nil && bare.lifecycle == nil && bare.line == nil && bare.model == .claude3Haiku)
    }
}
