import AICore
import AISandbox
import Foundation
import SwiftOpenAI
import Testing

@Suite("Files and uploads")
struct FileTests {
    static let jsonl = Data(#"{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}"#.utf8 + [0x0A])

    @Test("the seed's file snippets: upload, list, retrieve, content, delete")
    func seedSnippets() async throws {
        try await withService { sandbox, service in
            let data = Self.jsonl  // Data retrieved from the file named "worldCupData.jsonl".
            let parameters = FileParameters(fileName: "WorldCupData.jsonl", file: data, purpose: "fine-tune")  // Important: make sure to provide a file name.
            let uploadedFile = try await service.uploadFile(parameters: parameters)
            #expect(uploadedFile.bytes == data.count && uploadedFile.purpose == "fine-tune" && uploadedFile.status == "processed")
            let form = String(decoding: try #require(sandbox.lastRequest).body, as: UTF8.self)
            #expect(form.contains(#"name="purpose""#) && form.contains(#"name="file"; filename="WorldCupData.jsonl""#))
            #expect(form.contains("Content-Type: application/jsonl"))

            let files = try await service.listFiles().data
            #expect(files.map(\.id) == [uploadedFile.id])
            let fileID = uploadedFile.id
            let retrievedFile = try await service.retrieveFileWith(id: fileID)
            #expect(retrievedFile.filename == "WorldCupData.jsonl")
            let fileContent = try await service.retrieveContentForFileWith(id: fileID)
            #expect(fileContent == data)
            let deletedStatus = try await service.deleteFileWith(id: fileID)
            #expect(deletedStatus.deleted && deletedStatus.id == fileID)
            await #expect {
                _ = try await service.retrieveFileWith(id: fileID)
            } throws: { ($0 as? APIError)?.kind == .notFound }
        }
    }

    @Test("list pages: purpose filter, limit/order/after, and the sequence that walks every page")
    func pagination() async throws {
        try await withService { sandbox, service in
            var ids: [String] = []
            for index in 0..<5 {
                let purpose = index.isMultiple(of: 2) ? "assistants" : "user_data"
                ids.append(try await service.uploadFile(parameters: .init(fileName: "f\(index).txt", file: Data("file \(index)".utf8), purpose: purpose, expiresAfterSeconds: 3600)).id)
            }
            let first = try await service.listFiles(parameters: ListParameters(limit: 2, order: "asc"))
            #expect(first.data.map(\.id) == Array(ids[0..<2]) && first.hasMore == true && first.lastID == ids[1])
            let request = try #require(sandbox.lastRequest)
            #expect(request.queryValue("limit") == "2" && request.queryValue("order") == "asc")
            let second = try await service.listFiles(parameters: ListParameters(limit: 2, order: "asc", after: first.lastID))
            #expect(second.data.map(\.id) == Array(ids[2..<4]))

            sandbox.reset()
            var walked: [String] = []
            for try await file in service.allFiles(pageSize: 2) { walked.append(file.id) }
            #expect(walked == ids.reversed())
            #expect(sandbox.requests.count == 3)
            #expect(sandbox.requests.map { $0.queryValue("after") } == [nil, ids[3], ids[1]])

            var assistants: [String] = []
            for try await file in service.allFiles(purpose: "assistants") { assistants.append(file.id) }
            #expect(assistants == [ids[4], ids[2], ids[0]])
            #expect(try await service.retrieveFileWith(id: ids[0]).expiresAt != nil)

            await #expect {
                _ = try await service.uploadFile(parameters: .init(fileName: "x.txt", file: Data("x".utf8), purpose: "memes"))
            } throws: { ($0 as? APIError)?.param == "purpose" }
            await #expect {
                _ = try await service.uploadFile(parameters: .init(fileName: "bad.jsonl", file: Data("not json\n".utf8), purpose: "batch"))
            } throws: { ($0 as? APIError)?.message.contains("line 1") == true }
        }
    }

    @Test("a large file goes up in parts read from disk; a failed part cancels the upload")
    func largeUpload() async throws {
        try await withService(maxRetries: 0) { sandbox, service in
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).bin")
            var bytes = Data(count: 300_000)
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
            try bytes.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let progress = LockedValue<[(Int, Int)]>([])
            let file = try await service.uploadLargeFile(
                at: url, purpose: "user_data", mimeType: "application/octet-stream", partSize: 64 * 1024,
                progress: { sent, total in progress.withLock { $0.append((sent, total)) } })
            #expect(file.bytes == bytes.count && file.filename == url.lastPathComponent)
            #expect(progress.current.map(\.0) == [65_536, 131_072, 196_608, 262_144, 300_000])
            #expect(progress.current.allSatisfy { $0.1 == 300_000 })
            let paths = sandbox.requests.map(\.path)
            #expect(paths.first == "/v1/uploads" && paths.filter { $0.hasSuffix("/parts") }.count == 5 && paths.last?.hasSuffix("/complete") == true)
            let create = try #require(sandbox.requests.first?.json)
            #expect(create["bytes"] as? Int == 300_000 && create["mime_type"] as? String == "application/octet-stream")
            #expect(try await service.retrieveContentForFileWith(id: file.id) == bytes)

            sandbox.reset()
            sandbox.enqueue(.status(500), path: "/parts")
            await #expect {
                _ = try await service.uploadLargeFile(at: url, purpose: "user_data", mimeType: "application/octet-stream", partSize: 64 * 1024)
            } throws: { ($0 as? APIError)?.statusCode == 500 }
            #expect(sandbox.lastRequest?.path.hasSuffix("/cancel") == true)
        }
    }
}
