import AISandbox
import Foundation
import SwiftOpenAI
import Testing

@Suite("Vector stores")
struct VectorStoreTests {
    @Test("stores, files polled with openai-poll-after-ms, file batches, search with filters, modify and delete")
    func lifecycle() async throws {
        try await withService { sandbox, service in
            let dragons = try await service.uploadFile(parameters: .init(
                fileName: "dragons.txt", file: Data("Dragons breathe fire. Unicorns eat rainbows. The moon is made of cheese.".utf8), purpose: "assistants"))
            let ships = try await service.uploadFile(parameters: .init(
                fileName: "ships.txt", file: Data("Pirate ships sail at night. Dragons fear the sea.".utf8), purpose: "assistants"))
            let store = try await service.createVectorStore(parameters: VectorStoreParameter(
                name: "Stories", expiresAfter: .init(days: 7), metadata: ["app": "bedtime"]))
            #expect(store.name == "Stories" && store.expiresAfter == .init(days: 7) && store.fileCounts?.total == 0)
            let created = try #require(sandbox.lastRequest?.json)
            #expect((created["expires_after"] as? [String: Any])?["anchor"] as? String == "last_active_at")

            let added = try await service.createVectorStoreFile(
                vectorStoreID: store.id, parameters: .init(fileID: dragons.id, attributes: ["genre": "fantasy"]))
            #expect(added.status == "in_progress" && added.vectorStoreID == store.id)
            let started = Date()
            let ready = try await service.pollVectorStoreFile(vectorStoreID: store.id, fileID: dragons.id, defaultInterval: 60)
            #expect(ready.status == "completed")
            #expect(Date().timeIntervalSince(started) < 30, "the 5 ms poll-after header wins over the 60 s default")

            let batch = try await service.createVectorStoreFileBatch(
                vectorStoreID: store.id, parameters: .init(fileIDs: [ships.id], attributes: ["genre": "adventure"]))
            #expect(batch.status == "in_progress" && batch.fileCounts?.inProgress == 1)
            let finished = try await service.pollVectorStoreFileBatch(vectorStoreID: store.id, batchID: batch.id, defaultInterval: 60)
            #expect(finished.status == "completed" && finished.fileCounts?.completed == 1)
            let batchFiles = try await service.listVectorStoreFilesInABatch(vectorStoreID: store.id, batchID: batch.id)
            #expect(batchFiles.data.map(\.id) == [ships.id])
            let completedFiles = try await service.listVectorStoreFiles(vectorStoreID: store.id, filter: "completed")
            #expect(Set(completedFiles.data.map(\.id)) == [dragons.id, ships.id])
            #expect(sandbox.lastRequest?.queryValue("filter") == "completed")
            var walked: [String] = []
            for try await file in service.allVectorStoreFiles(vectorStoreID: store.id, filter: "completed", pageSize: 1) { walked.append(file.id) }
            #expect(walked == completedFiles.data.map(\.id))
            #expect(sandbox.lastRequest?.queryValue("limit") == "1" && sandbox.lastRequest?.queryValue("filter") == "completed")

            let results = try await service.searchVectorStore(id: store.id, parameters: .init(query: "Do dragons breathe fire?", maxNumResults: 5))
            #expect(results.data.first?.fileID == dragons.id && results.data.first?.text == "Dragons breathe fire")
            #expect(results.data.count == 2 && results.searchQuery == ["Do dragons breathe fire?"])
            #expect(sandbox.lastRequest?.json?["query"] as? String == "Do dragons breathe fire?")
            let filtered = try await service.searchVectorStore(id: store.id, parameters: .init(
                query: "dragons", filters: ["type": "eq", "key": "genre", "value": "adventure"]))
            #expect(filtered.data.map(\.fileID) == [ships.id])

            let renamed = try await service.modifyVectorStore(parameters: .init(name: "Tales"), id: store.id)
            #expect(renamed.name == "Tales" && renamed.fileCounts?.completed == 2 && renamed.status == "completed")
            let removed = try await service.deleteVectorStoreFile(vectorStoreID: store.id, fileID: ships.id)
            #expect(removed.deleted)
            var stores: [String] = []
            for try await item in service.allVectorStores() { stores.append(item.id) }
            #expect(stores == [store.id])
            #expect(try await service.deleteVectorStore(id: store.id).deleted)
            await #expect {
                _ = try await service.retrieveVectorStore(id: store.id)
            } throws: { ($0 as? APIError)?.kind == .notFound }
        }
    }
}
