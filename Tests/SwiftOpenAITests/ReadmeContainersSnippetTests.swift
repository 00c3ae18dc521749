import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Containers": the snippet copied line for line and run against the sandbox.

@Suite("README: containers")
struct ReadmeContainersSnippetTests {
    @Test("a container created, a file put in and downloaded to disk, the container deleted with its files")
    func containersSnippet() async throws {
        try await withService { sandbox, service in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-containers-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let container = try await service.createContainer(parameters: ContainerParameters(
                name: "analysis", expiresAfter: .init(minutes: 20), memoryLimit: .fourGB))
            let file = try await service.createContainerFile(
                containerID: container.id, source: .upload(fileName: "sales.csv", data: Data("month,total\nMay,42\n".utf8)))
            print(file.path)   // /mnt/data/…-sales.csv
            #expect(file.path.hasPrefix("/mnt/data/") && file.path.hasSuffix("-sales.csv"))
            let destination = directory.appendingPathComponent("sales-copy.csv")
            let saved = try await service.downloadContainerFile(
                containerID: container.id, fileID: file.id, to: destination)  // README: containerID: container.id, fileID: file.id, to: URL(fileURLWithPath: "sales-copy.csv"))
            print("\(saved) bytes written, streamed to disk")
            #expect(saved == 19)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "month,total\nMay,42\n")
            _ = try await service.deleteContainer(id: container.id)   // deletes its files too
            await #expect {
                _ = try await service.listContainerFiles(containerID: container.id)
            } throws: { ($0 as? APIError)?.kind == .notFound }
            #expect(sandbox.requests.map(\.method) == ["POST", "POST", "GET", "DELETE", "GET"])
        }
    }
}
