import AICore
import AISandbox
import Foundation
import SwiftOpenAI
import Testing

@Suite("Batches")
struct BatchTests {
    @Test("round trip: JSONL written and uploaded, batch polled to completion, results matched to custom ids, errors included")
    func chatBatchRoundTrip() async throws {
        try await withService { sandbox, service in
            let requests: [(customID: String, parameters: ChatCompletionParameters)] = [
                ("greet", ChatCompletionParameters(messages: [userMessage("Hello")], model: .gpt4oMini)),
                ("broken", ChatCompletionParameters(messages: [], model: .gpt4oMini)),
                ("tool", ChatCompletionParameters(
                    messages: [userMessage("Weather?")], model: .gpt4o,
                    tools: [.init(function: .init(name: "weather", parametersJSON: ["type": "object", "properties": [:]]))])),
            ]
            let batch = try await service.createChatBatch(requests: requests, metadata: ["job": "nightly"])
            #expect(batch.status == "validating" && batch.endpoint == "/v1/chat/completions" && batch.metadata == ["job": "nightly"])
            let upload = try #require(sandbox.requests.first { $0.path == "/v1/files" })
            let form = String(decoding: upload.body, as: UTF8.self)
            #expect(form.contains("batch") && form.contains(#""custom_id":"greet""#) && form.contains(#""url":"/v1/chat/completions""#))
            #expect(!form.contains(#""stream""#))

            let statuses = LockedValue<[String]>([])
            let finished = try await service.waitForBatch(id: batch.id, pollInterval: 0.01) { batch in statuses.withLock { $0.append(batch.status) } }
            #expect(statuses.current == ["in_progress", "finalizing", "completed"])
            #expect(finished.requestCounts?.total == 3 && finished.requestCounts?.completed == 2 && finished.requestCounts?.failed == 1)

            let results = try await service.batchResults(of: finished, as: ChatCompletionObject.self)
            let byID = Dictionary(uniqueKeysWithValues: results.map { ($0.customID, $0) })
            #expect(byID["greet"]?.body?.choices.first?.message.content == "Hello from AISandbox! You said: Hello")
            #expect(byID["greet"]?.response?.requestID == "req_batch_1")
            #expect(byID["broken"]?.response?.statusCode == 400 && byID["broken"]?.body == nil)
            #expect(byID["broken"]?.failure?.contains("messages") == true)
            #expect(byID["tool"]?.body?.choices.first?.message.toolCalls?.first?.function.name == "weather")

            let listed = try await service.listBatch(parameters: ListParameters(limit: 10))
            #expect(listed.data.map(\.id) == [batch.id])
        }
    }

    @Test("embeddings batch; invalid lines fail validation; cancel; results stream line by line")
    func validationAndCancel() async throws {
        try await withService { sandbox, service in
            let embeddings = try await service.createEmbeddingsBatch(requests: [
                ("a", EmbeddingParameter(model: .textEmbedding3Small, input: "one")),
                ("b", EmbeddingParameter(model: .textEmbedding3Small, input: "two")),
            ])
            let done = try await service.waitForBatch(id: embeddings.id, pollInterval: 0.001)
            var streamed: [String] = []
            for try await result in try await service.batchResults(fileID: try #require(done.outputFileID), as: OpenAIResponse<EmbeddingObject>.self) {
                streamed.append(result.customID)
                #expect(result.body?.data.first?.embedding.isEmpty == false)
            }
            #expect(streamed == ["a", "b"])

            let mismatched = BatchRequest(customID: "x", url: "/v1/embeddings", body: ["input": "hi", "model": "text-embedding-3-small"])
            let failed = try await service.createBatch(requests: [mismatched], endpoint: "/v1/chat/completions")
            #expect(failed.status == "failed" && failed.errors?.data?.first?.code == "mismatched_endpoint" && failed.errors?.data?.first?.line == 1)

            let chat = try await service.createChatBatch(requests: [("c", ChatCompletionParameters(messages: [userMessage("x")], model: .gpt4oMini))])
            let cancelling = try await service.cancelBatch(id: chat.id)
            #expect(cancelling.status == "cancelling" && sandbox.lastRequest?.path == "/v1/batches/\(chat.id)/cancel")
            #expect(try await service.retrieveBatch(id: chat.id).status == "cancelled")
            await #expect {
                _ = try await service.cancelBatch(id: chat.id)
            } throws: { ($0 as? APIError)?.statusCode == 409 }
            await #expect {
                _ = try await service.createChatBatch(requests: [("same", ChatCompletionParameters(messages: [], model: .gpt4o)), ("same", ChatCompletionParameters(messages: [], model: .gpt4o))])
            } throws: { ($0 as? APIError)?.kind == .invalidRequest }
        }
    }
}
