import AISandbox
import Foundation
import Testing

@testable import SwiftOpenAI

@Suite("Models, embeddings, moderations")
struct EndpointTests {
    @Test("list, retrieve and delete models")
    func models() async throws {
        try await withService { sandbox, service in
            let list = try await service.listModels()
            #expect(list.object == "list")
            #expect(list.data.contains { $0.id == "gpt-4o" && $0.ownedBy == "system" })
            let model = try await service.retrieveModelWith(id: "gpt-4o-mini")
            #expect(model.id == "gpt-4o-mini")
            #expect(model.object == "model")
            #expect(sandbox.lastRequest?.method == "GET")
            #expect(sandbox.lastRequest?.path == "/v1/models/gpt-4o-mini")
            let deletion = try await service.deleteFineTuneModelWith(id: "ft:gpt-4o-mini:sandbox::abc123")
            #expect(deletion.deleted)
            #expect(deletion.id == "ft:gpt-4o-mini:sandbox::abc123")
            #expect(sandbox.lastRequest?.method == "DELETE")
            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveModelWith(id: "nope") }
            #expect(missing?.kind == .notFound)
            #expect(missing?.code == "model_not_found")
        }
    }

    @Test("embeddings as floats and as base64 decode to the same vectors")
    func embeddings() async throws {
        try await withService { sandbox, service in
            let floats = try await service.createEmbeddings(
                parameters: .init(model: .textEmbedding3Small, inputs: ["alpha", "beta"], dimensions: 16))
            #expect(sandbox.lastRequest?.json?["dimensions"] as? Int == 16)
            #expect(sandbox.lastRequest?.json?["encoding_format"] == nil)
            let base64 = try await service.createEmbeddings(
                parameters: .init(model: .textEmbedding3Small, inputs: ["alpha", "beta"], encodingFormat: .base64, dimensions: 16))
            #expect(sandbox.lastRequest?.json?["encoding_format"] as? String == "base64")
            #expect(floats.data.count == 2)
            #expect(floats.data.map(\.embedding) == base64.data.map(\.embedding))
            #expect(floats.data[0].embedding.count == 16)
            #expect(floats.data[0].embedding != floats.data[1].embedding)
            #expect(floats.usage?.totalTokens == 2)
            #expect(floats.model == "text-embedding-3-small")
            let single = try await service.createEmbeddings(parameters: .init(input: "Hello world."))
            #expect(sandbox.lastRequest?.json?["model"] as? String == "text-embedding-ada-002")
            #expect(single.data.first?.index == 0)
        }
    }

    @Test("base64 embeddings decode straight into floats")
    func base64Decoding() throws {
        let values: [Float] = [0.5, -1.25, 3.0e-8, .greatestFiniteMagnitude]
        var bytes: [UInt8] = []
        for value in values {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
        }
        let json = #"{"object":"embedding","index":0,"embedding":"\#(Data(bytes).base64EncodedString())"}"#
        let object = try JSONDecoder().decode(EmbeddingObject.self, from: Data(json.utf8))
        #expect(object.embedding == values)
        let bad = #"{"object":"embedding","index":0,"embedding":"AAA="}"#
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(EmbeddingObject.self, from: Data(bad.utf8)) }
    }

    @Test("moderations of one text and of several")
    func moderations() async throws {
        try await withService { sandbox, service in
            let single = try await service.createModerationFromText(parameters: .init(input: "I am going to kill him"))
            #expect(single.results.first?.flagged == true)
            #expect(single.results.first?.categories.violence == true)
            #expect((single.results.first?.categoryScores.violence ?? 0) > 0.5)
            #expect(single.results.first?.categories.illicitViolent == false)
            let many = try await service.createModerationFromTexts(
                parameters: .init(input: ["I am going to kill him", "Have a nice day"], model: .omniLatest))
            #expect(many.results.map(\.flagged) == [true, false])
            #expect(sandbox.lastRequest?.json?["model"] as? String == "omni-moderation-latest")
            let multimodal = try await service.createModeration(
                parameters: ModerationParameter(input: [ModerationInput.text("attack"), .imageURL("https://x/y.png")]),
                options: .default)
            #expect(multimodal.results.first?.categoryAppliedInputTypes?.violence == ["text", "image"])
        }
    }
}
