import AISandbox
import Foundation
import Testing

@testable import SwiftAnthropic

@Suite("Anthropic batches, models and files")
struct ResourcesTests {
    @Test("a batch round trip: create, poll, results streamed from JSONL, delete")
    func batchRoundTrip() async throws {
        try await withAnthropic { sandbox, service in
            let good = MessageParameter(model: .claude35Haiku, messages: [.init(role: .user, content: "first")], maxTokens: 50)
            let tool = MessageParameter(
                model: .claude35Haiku, messages: [.init(role: .user, content: "second")], maxTokens: 50,
                tools: [.init(name: "lookup", description: nil, inputSchemaJSON: ["type": "object", "properties": ["q": ["type": "string"]], "required": ["q"]])])
            let batch = try await service.createMessageBatch(requests: [(customID: "a", parameters: good), (customID: "b", parameters: tool)])
            #expect(batch.processingStatus == "in_progress")
            #expect(batch.requestCounts.processing == 2)
            let sent = try #require(sandbox.lastRequest?.json?["requests"] as? [[String: Any]])
            #expect(sent.map { $0["custom_id"] as? String } == ["a", "b"])
            #expect((sent[0]["params"] as? [String: Any])?["stream"] == nil)

            var polled = batch
            var polls = 0
            while !polled.isEnded, polls < 5 {
                polled = try await service.retrieveMessageBatch(id: batch.id)
                polls += 1
            }
            #expect(polled.isEnded)
            #expect(polled.requestCounts.succeeded == 2)
            #expect(polled.resultsURL != nil)

            var results: [String: MessageBatchResult.Outcome] = [:]
            for try await result in try await service.messageBatchResults(id: batch.id) { results[result.customID] = result.result }
            guard case .succeeded(let first) = results["a"], case .succeeded(let second) = results["b"] else {
                Issue.record("expected two successes: \(results)")
                return
            }
            #expect(first.text.contains("first"))
            #expect(second.toolUses.first?.name == "lookup")

            let page = try await service.listMessageBatches(limit: 10)
            #expect(page.data.first?.id == batch.id)
            let deleted = try await service.deleteMessageBatch(id: batch.id)
            #expect(deleted.type == "message_batch_deleted")
            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveMessageBatch(id: batch.id) }
            #expect(missing?.kind == .notFound)
        }
    }

    @Test("errored and canceled results are typed")
    func erroredAndCanceled() async throws {
        try await withAnthropic { _, service in
            let bad = try JSONDecoder().decode(MessageBatchResult.self, from: Data(#"{"custom_id":"x","result":{"type":"errored","error":{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}}}"#.utf8))
            guard case .errored(let type, let message) = bad.result else {
                Issue.record("errored")
                return
            }
            #expect(type == "invalid_request_error" && message == "max_tokens: Field required")
            let batch = try await service.createMessageBatch(
                requests: [(customID: "c", parameters: .init(model: .claude35Haiku, messages: [.init(role: .user, content: "x")], maxTokens: 5))])
            let canceling = try await service.cancelMessageBatch(id: batch.id)
            #expect(canceling.processingStatus == "canceling")
            _ = try await service.retrieveMessageBatch(id: batch.id)
            let ended = try await service.retrieveMessageBatch(id: batch.id)
            #expect(ended.requestCounts.canceled == 1)
            var outcomes: [MessageBatchResult.Outcome] = []
            for try await result in try await service.messageBatchResults(id: batch.id) { outcomes.append(result.result) }
            guard case .canceled = outcomes.first else {
                Issue.record("canceled")
                return
            }
        }
    }

    @Test("models: list with pagination, retrieve")
    func models() async throws {
        try await withAnthropic { sandbox, service in
            let first = try await service.listModels(limit: 2)
            #expect(first.data.count == 2)
            #expect(first.hasMore)
            #expect(sandbox.lastRequest?.queryValue("limit") == "2")
            let second = try await service.listModels(limit: 2, afterID: first.lastID)
            #expect(second.data.first?.id != first.data.last?.id)
            #expect(sandbox.lastRequest?.queryValue("after_id") == first.lastID)
            var all: [String] = []
            var after: String?
            repeat {
                let page = try await service.listModels(limit: 4, afterID: after)
                all += page.data.map(\.id)
                after = page.hasMore ? page.lastID : nil
            } while after != nil
            let everything = try await service.listModels(limit: 1000).data.map(\.id)
            #expect(all == everything && all.count > 6)
            let model = try await service.retrieveModel(id: "claude-sonnet-4-5")
            #expect(model.displayName == "Claude Sonnet 4.5")
        }
    }

    @Test("files: upload multipart with the beta header, list, metadata, download, delete")
    func files() async throws {
        try await withAnthropic(betaHeaders: ["prompt-caching-2024-07-31"]) { sandbox, service in
            let bytes = Data((0..<70_000).map { UInt8($0 % 251) })
            let uploaded = try await service.uploadFile(data: bytes, filename: "report \"q3\".pdf", mimeType: "application/pdf")
            let upload = try #require(sandbox.lastRequest)
            #expect(upload.header("anthropic-beta") == "prompt-caching-2024-07-31,files-api-2025-04-14")
            #expect(upload.header("content-type")?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(uploaded.sizeBytes == bytes.count)
            #expect(uploaded.filename == "report \"q3\".pdf")
            #expect(uploaded.mimeType == "application/pdf")
            let listed = try await service.listFiles()
            #expect(listed.data.map(\.id) == [uploaded.id])
            #expect(try await service.retrieveFileMetadata(id: uploaded.id).filename == uploaded.filename)
            #expect(try await service.downloadFile(id: uploaded.id) == bytes)
            let message = try await service.createMessage(
                .init(model: .claudeSonnet45, messages: [.init(role: .user, content: .list([.document(.file(id: uploaded.id)), .text("Read it")]))], maxTokens: 50))
            #expect(message.text.contains("Read it"))
            let fileSource = try #require(((sandbox.lastRequest?.json?["messages"] as? [[String: Any]])?.first?["content"] as? [[String: Any]])?.first?["source"] as? [String: Any])
            #expect(fileSource["file_id"] as? String == uploaded.id)
            #expect(try await service.deleteFile(id: uploaded.id).type == "file_deleted")
            let gone = await #expect(throws: APIError.self) { _ = try await service.downloadFile(id: uploaded.id) }
            #expect(gone?.kind == .notFound)
        }
    }
}
