import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Containers")
struct ContainerTests {
    private static func body(_ request: RecordedRequest?) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try #require(request).body)
    }

    @Test("create (every field on the wire), retrieve, list by name and page, delete; unknown ids are 404", arguments: TransportKind.allCases)
    func containers(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let uploaded = try await service.uploadFile(parameters: .init(fileName: "data.csv", file: Data("a,b\n1,2\n".utf8), purpose: "user_data"))
            let created = try await service.createContainer(
                parameters: ContainerParameters(
                    name: "analysis", fileIDs: [uploaded.id], expiresAfter: .init(minutes: 5), memoryLimit: .fourGB,
                    networkPolicy: .allowlist(["pypi.org"], secrets: [.init(domain: "pypi.org", name: "TOKEN", value: "s3cret")]),
                    skills: [.reference(skillID: "skill_123", version: "latest"), .inline(name: "zip", description: "a bundle", zip: Data([0x50, 0x4B]))]))
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST" && request.path == "/v1/containers")
            let sent = try Self.body(request)
            #expect(sent["name"] == "analysis" && sent["file_ids"] == .array([.string(uploaded.id)]) && sent["memory_limit"] == "4g")
            #expect(sent["expires_after"] == .object(["anchor": "last_active_at", "minutes": .int(5)]))
            #expect(sent["network_policy"]?["domain_secrets"]?[0]?["value"] == "s3cret")
            #expect(sent["skills"]?[0] == .object(["type": "skill_reference", "skill_id": "skill_123", "version": "latest"]))
            #expect(sent["skills"]?[1]?["source"]?["data"] == .string(Data([0x50, 0x4B]).base64EncodedString()))

            #expect(created.id.hasPrefix("cntr_") && created.object == "container" && created.name == "analysis")
            #expect(created.status == .running && created.memoryLimit == .fourGB && created.expiresAfter?.minutes == 5)
            #expect(created.networkPolicy?.type == "allowlist" && created.networkPolicy?.allowedDomains == ["pypi.org"])
            #expect(created.networkPolicy?.domainSecrets == nil, "secret values never come back")
            #expect(created.lastActiveAt == created.createdAt)

            // The copied file is in the container with the uploaded bytes.
            let files = try await service.listContainerFiles(containerID: created.id).data
            #expect(files.count == 1 && files.first?.path == "/mnt/data/data.csv" && files.first?.bytes == 8 && files.first?.source == "user")
            #expect(try await service.retrieveContainerFileContent(containerID: created.id, fileID: try #require(files.first).id) == Data("a,b\n1,2\n".utf8))

            let retrieved = try await service.retrieveContainer(id: created.id)
            #expect(retrieved.id == created.id && sandbox.lastRequest?.path == "/v1/containers/\(created.id)")

            let other = try await service.createContainer(parameters: .init(name: "scratch"))
            #expect(other.memoryLimit == .oneGB && other.expiresAfter == .init(minutes: 20) && other.networkPolicy == nil)
            let named = try await service.listContainers(name: "scratch")
            #expect(named.data.map(\.id) == [other.id] && sandbox.lastRequest?.queryValue("name") == "scratch")
            let page = try await service.listContainers(parameters: ListParameters(limit: 1, order: "asc"))
            #expect(page.data.map(\.id) == [created.id] && page.hasMore == true)
            var walked: [String] = []
            for try await container in service.allContainers(pageSize: 1) { walked.append(container.id) }
            #expect(walked == [other.id, created.id])

            let deleted = try await service.deleteContainer(id: created.id)
            #expect(deleted.deleted && deleted.id == created.id && deleted.object == "container.deleted")
            #expect(sandbox.lastRequest?.method == "DELETE")
            for call in [
                { _ = try await service.retrieveContainer(id: created.id) },
                { _ = try await service.deleteContainer(id: created.id) },
                { _ = try await service.listContainerFiles(containerID: created.id) },
            ] as [@Sendable () async throws -> Void] {
                await #expect { try await call() } throws: { ($0 as? APIError)?.kind == .notFound }
            }
        }
    }

    @Test("bad input is a 400 naming the parameter; a missing file to copy is a 404", arguments: TransportKind.allCases)
    func badInput(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { _, service in
            let cases: [(ContainerParameters, String)] = [
                (.init(name: "x", memoryLimit: "2g"), "memory_limit"),
                (.init(name: "x", expiresAfter: .init(minutes: 0)), "expires_after.minutes"),
                (.init(name: "x", expiresAfter: .init(minutes: 5, anchor: "created_at")), "expires_after.anchor"),
                (.init(name: "x", networkPolicy: .allowlist([])), "network_policy.allowed_domains"),
                (.init(name: "x", networkPolicy: .init(type: "open")), "network_policy.type"),
                (.init(name: "x", skills: [.inline(name: "n", description: "d", zip: Data()), .reference(skillID: "")]), "skills[1]"),
            ]
            for (parameters, param) in cases {
                await #expect {
                    _ = try await service.createContainer(parameters: parameters)
                } throws: { error in
                    let error = error as? APIError
                    return error?.kind == .badRequest && error?.param == param
                }
            }
            await #expect {
                _ = try await service.createContainer(parameters: .init(name: "x", fileIDs: ["file-nope"]))
            } throws: { ($0 as? APIError)?.kind == .notFound && ($0 as? APIError)?.param == "file_ids" }
            let container = try await service.createContainer(parameters: .init(name: "ok"))
            await #expect {
                _ = try await service.createContainerFile(containerID: container.id, source: .fileID("file-nope"))
            } throws: { ($0 as? APIError)?.kind == .notFound }
            await #expect {
                _ = try await service.retrieveContainerFile(containerID: container.id, fileID: "cfile_nope")
            } throws: { ($0 as? APIError)?.kind == .notFound && ($0 as? APIError)?.param == "file_id" }
            await #expect {
                _ = try await service.listContainerFiles(containerID: container.id, parameters: ListParameters(limit: 500))
            } throws: { ($0 as? APIError)?.param == "limit" }
        }
    }

    @Test("files: upload, copy, list, retrieve, content (whole and streamed), delete; deleting the container deletes them", arguments: TransportKind.allCases)
    func files(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let container = try await service.createContainer(parameters: .init(name: "files"))
            let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let uploaded = try await service.createContainerFile(containerID: container.id, source: .upload(fileName: "blob.bin", data: bytes))
            let upload = try #require(sandbox.lastRequest)
            #expect(upload.method == "POST" && upload.path == "/v1/containers/\(container.id)/files")
            #expect(upload.header("content-type")?.hasPrefix("multipart/form-data") == true)
            #expect(String(decoding: upload.body, as: UTF8.self).contains(#"name="file"; filename="blob.bin""#))
            #expect(uploaded.containerID == container.id && uploaded.bytes == bytes.count && uploaded.object == "container.file")
            #expect(uploaded.path.hasPrefix("/mnt/data/") && uploaded.filename.hasSuffix("-blob.bin"))

            let file = try await service.uploadFile(parameters: .init(fileName: "notes.txt", file: Data("hello".utf8), purpose: "user_data"))
            let copied = try await service.createContainerFile(containerID: container.id, source: .fileID(file.id))
            #expect(try Self.body(sandbox.lastRequest) == .object(["file_id": .string(file.id)]))
            #expect(copied.path == "/mnt/data/notes.txt" && copied.bytes == 5)

            let listed = try await service.listContainerFiles(containerID: container.id, parameters: ListParameters(order: "asc"))
            #expect(listed.data.map(\.id) == [uploaded.id, copied.id] && listed.firstID == uploaded.id && listed.hasMore == false)
            var walked: [String] = []
            for try await item in service.allContainerFiles(containerID: container.id, pageSize: 1) { walked.append(item.id) }
            #expect(walked == [copied.id, uploaded.id])

            let retrieved = try await service.retrieveContainerFile(containerID: container.id, fileID: uploaded.id)
            #expect(retrieved.path == uploaded.path && sandbox.lastRequest?.path == "/v1/containers/\(container.id)/files/\(uploaded.id)")

            #expect(try await service.retrieveContainerFileContent(containerID: container.id, fileID: uploaded.id) == bytes)
            #expect(sandbox.lastRequest?.path == "/v1/containers/\(container.id)/files/\(uploaded.id)/content")
            var streamed = Data()
            for try await chunk in try await service.streamContainerFileContent(containerID: container.id, fileID: uploaded.id) {
                streamed.append(chunk)
            }
            #expect(streamed == bytes)

            let deleted = try await service.deleteContainerFile(containerID: container.id, fileID: copied.id)
            #expect(deleted.deleted && deleted.id == copied.id && sandbox.lastRequest?.method == "DELETE")
            await #expect {
                _ = try await service.retrieveContainerFileContent(containerID: container.id, fileID: copied.id)
            } throws: { ($0 as? APIError)?.kind == .notFound }
            // The original uploaded file is untouched by the copy's deletion.
            #expect(try await service.retrieveContentForFileWith(id: file.id) == Data("hello".utf8))

            _ = try await service.deleteContainer(id: container.id)
            await #expect {
                _ = try await service.retrieveContainerFile(containerID: container.id, fileID: uploaded.id)
            } throws: { ($0 as? APIError)?.kind == .notFound }
        }
    }

    @Test("from disk and to disk: small files go up directly, large ones in parts; downloads replace the destination only when complete", arguments: TransportKind.allCases)
    func diskTransfers(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("containers-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let container = try await service.createContainer(parameters: .init(name: "disk"))

            let small = directory.appendingPathComponent("small.txt")
            try Data("small file".utf8).write(to: small)
            let direct = try await service.uploadContainerFile(containerID: container.id, fileAt: small)
            #expect(direct.bytes == 10 && sandbox.lastRequest?.header("content-type")?.hasPrefix("multipart/form-data") == true)

            let large = directory.appendingPathComponent("large.bin")
            let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
            try bytes.write(to: large)
            sandbox.reset()
            let viaParts = try await service.uploadContainerFile(containerID: container.id, fileAt: large, directUploadLimit: 50_000)
            let paths = sandbox.requests.map { "\($0.method) \($0.path)" }
            #expect(paths.first == "POST /v1/uploads" && paths.contains("POST /v1/containers/\(container.id)/files"), "\(paths)")
            #expect(paths.last?.hasPrefix("DELETE /v1/files/") == true, "the intermediate file is deleted: \(paths)")
            #expect(viaParts.bytes == bytes.count && viaParts.path == "/mnt/data/large.bin")
            #expect(try await service.listFiles().data.isEmpty)

            let destination = directory.appendingPathComponent("out.bin")
            try Data("old".utf8).write(to: destination)
            let written = try await service.downloadContainerFile(containerID: container.id, fileID: viaParts.id, to: destination)
            #expect(written == bytes.count)
            #expect(try Data(contentsOf: destination) == bytes)
            #expect(sandbox.lastRequest?.header("accept") == "application/binary")

            // A failed download leaves the destination as it was and no partial file behind.
            await #expect {
                try await service.downloadContainerFile(containerID: container.id, fileID: "cfile_missing", to: destination)
            } throws: { ($0 as? APIError)?.kind == .notFound }
            #expect(try Data(contentsOf: destination) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["large.bin", "out.bin", "small.txt"])

            await #expect {
                _ = try await service.uploadContainerFile(containerID: container.id, fileAt: directory.appendingPathComponent("absent"))
            } throws: { ($0 as? APIError)?.kind == .invalidRequest }
        }
    }

    @Test("an idle container expires after its minutes: status expired, files gone, file calls refused; use keeps it alive")
    func expiry() async throws {
        try await withService(transport: .asyncHTTPClient) { sandbox, service in
            let container = try await service.createContainer(parameters: .init(name: "short", expiresAfter: .init(minutes: 10)))
            let file = try await service.createContainerFile(containerID: container.id, source: .upload(fileName: "a.txt", data: Data("a".utf8)))
            // The clock is the wall clock plus what the test adds: margins of minutes, so a loaded machine's real
            // seconds between calls can't tip a step over the 10 idle minutes.
            sandbox.advanceContainerClock(by: 300)
            _ = try await service.listContainerFiles(containerID: container.id)  // use: the idle minutes start again
            sandbox.advanceContainerClock(by: 300)
            let alive = try await service.retrieveContainer(id: container.id)
            #expect(alive.status == .running && (alive.lastActiveAt ?? 0) >= container.createdAt + 300)

            sandbox.advanceContainerClock(by: 400)
            #expect(try await service.retrieveContainer(id: container.id).status == .expired)
            #expect(try await service.listContainers().data.first?.status == .expired)
            await #expect {
                _ = try await service.retrieveContainerFileContent(containerID: container.id, fileID: file.id)
            } throws: { error in
                let error = error as? APIError
                return error?.kind == .badRequest && error?.message.contains("expired") == true
            }
            #expect(try await service.deleteContainer(id: container.id).deleted)
        }
    }

    @Test("Azure: served on the v1 API; a deployments configuration refuses before sending")
    func azure() async throws {
        try await withSandbox { sandbox in
            let v1 = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(
                    endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "", routing: .v1),
                retryPolicy: .none)
            let container = try await v1.createContainer(parameters: .init(name: "azure"))
            #expect(sandbox.lastRequest?.path == "/openai/v1/containers" && container.name == "azure")
            _ = try await v1.createContainerFile(containerID: container.id, source: .upload(fileName: "a.txt", data: Data("x".utf8)))
            #expect(sandbox.lastRequest?.path == "/openai/v1/containers/\(container.id)/files")

            let deployments = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(
                    endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "2024-10-21", routing: .deployments),
                retryPolicy: .none)
            let before = sandbox.requests.count
            await #expect {
                _ = try await deployments.listContainers()
            } throws: { ($0 as? APIError)?.kind == .invalidRequest && ($0 as? APIError)?.message.contains("Containers") == true }
            await #expect {
                _ = try await deployments.retrieveContainerFileContent(containerID: container.id, fileID: "cfile_1")
            } throws: { ($0 as? APIError)?.kind == .invalidRequest }
            #expect(sandbox.requests.count == before)
        }
    }

    @Test("objects keep fields and values this library does not know, and encode them back")
    func forwardCompatible() throws {
        let json = #"{"id":"cntr_1","object":"container","name":"n","created_at":1,"status":"hibernating","memory_limit":"128g","gpu":{"kind":"h100"}}"#
        let container = try JSONDecoder().decode(ContainerObject.self, from: Data(json.utf8))
        #expect(container.status.rawValue == "hibernating" && container.memoryLimit?.rawValue == "128g")
        #expect(container.additionalFields["gpu"] == .object(["kind": "h100"]))
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(container))
        #expect(again["gpu"]?["kind"] == "h100" && again["status"] == "hibernating")
        let file = try JSONDecoder().decode(
            ContainerFileObject.self, from: Data(#"{"id":"cfile_1","object":"container.file","container_id":"c","created_at":1,"bytes":2,"path":"/mnt/data/x.png","source":"assistant","mime":"image/png"}"#.utf8))
        #expect(file.filename == "x.png" && file.source == "assistant" && file.additionalFields["mime"] == "image/png")
        #expect(!"\(ContainerObject.NetworkPolicy.DomainSecret(domain: "d", name: "n", value: "hidden"))".contains("hidden"))
    }
}
