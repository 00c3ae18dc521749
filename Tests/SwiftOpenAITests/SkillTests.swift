import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Skills")
struct SkillTests {
    static func manifest(_ name: String, _ description: String) -> Data {
        Data("---\nname: \(name)\ndescription: \(description)\n---\n\n# \(name)\n\nSteps.\n".utf8)
    }

    static let folder = SkillFiles.files([
        .init(path: "csv-insights/SKILL.md", data: manifest("csv-insights", "Summarise CSV files")),
        .init(path: "csv-insights/scripts/run.py", data: Data("print('hi')\n".utf8)),
    ])

    @Test("create, versions, default version, lists, content and deletes, over both transports", arguments: TransportKind.allCases)
    func lifecycle(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let skill = try await service.createSkill(files: Self.folder)
            #expect(skill.name == "csv-insights" && skill.description == "Summarise CSV files")
            #expect(skill.defaultVersion == "1" && skill.latestVersion == "1" && skill.object == "skill")
            let create = try #require(sandbox.lastRequest)
            #expect(create.method == "POST" && create.path == "/v1/skills")
            let parts = try #require(Multipart.parse(create.body, contentType: create.header("content-type")))
            #expect(parts.map(\.name) == ["files[]", "files[]"])
            #expect(parts.map(\.filename) == ["csv-insights/SKILL.md", "csv-insights/scripts/run.py"])
            #expect(parts.last?.data == Data("print('hi')\n".utf8))

            let second = try await service.createSkillVersion(
                skillID: skill.id, files: .files([.init(path: "csv-insights/SKILL.md", data: Self.manifest("csv-insights", "v2"))]))
            #expect(second.version == "2" && second.skillID == skill.id && second.description == "v2")
            let secondParts = try #require(sandbox.lastRequest.flatMap { Multipart.parse($0.body, contentType: $0.header("content-type")) })
            #expect(!secondParts.contains { $0.name == "default" }, "no default field unless asked")
            #expect(try await service.retrieveSkill(id: skill.id).defaultVersion == "1")

            let third = try await service.createSkillVersion(
                skillID: skill.id, files: .files([.init(path: "csv-insights/SKILL.md", data: Self.manifest("csv-insights", "v3"))]),
                makeDefault: true)
            let thirdParts = try #require(sandbox.lastRequest.flatMap { Multipart.parse($0.body, contentType: $0.header("content-type")) })
            #expect(thirdParts.first { $0.name == "default" }?.data == Data("true".utf8))
            let current = try await service.retrieveSkill(id: skill.id)
            #expect(current.defaultVersion == third.version && current.latestVersion == "3" && current.description == "v3")

            let updated = try await service.updateSkillDefaultVersion(id: skill.id, defaultVersion: "2")
            #expect(updated.defaultVersion == "2" && updated.description == "v2")
            let update = try #require(sandbox.lastRequest)
            #expect(update.method == "POST" && update.path == "/v1/skills/\(skill.id)" && update.jsonBody == ["default_version": "2"])

            let versions = try await service.listSkillVersions(skillID: skill.id, parameters: ListParameters(limit: 2, order: "asc"))
            #expect(versions.data.map(\.version) == ["1", "2"] && versions.hasMore == true)
            #expect(sandbox.lastRequest?.queryValue("limit") == "2" && sandbox.lastRequest?.queryValue("order") == "asc")
            var walked: [String] = []
            for try await version in service.allSkillVersions(skillID: skill.id, pageSize: 1) { walked.append(version.version) }
            #expect(walked == ["3", "2", "1"])
            #expect(try await service.retrieveSkillVersion(skillID: skill.id, version: "1").description == "Summarise CSV files")
            #expect(sandbox.lastRequest?.path == "/v1/skills/\(skill.id)/versions/1")

            let bundle = try await service.retrieveSkillContent(id: skill.id)
            #expect(sandbox.lastRequest?.path == "/v1/skills/\(skill.id)/content")
            #expect(sandbox.lastRequest?.header("accept") == "application/binary")
            let first = try await service.retrieveSkillVersionContent(skillID: skill.id, version: "1")
            #expect(bundle.starts(with: [0x50, 0x4B, 0x03, 0x04]) && first != bundle)
            var streamed = Data()
            for try await chunk in try await service.skillVersionContentStream(skillID: skill.id, version: "1") { streamed.append(chunk) }
            #expect(streamed == first)
            streamed = Data()
            for try await chunk in try await service.skillContentStream(id: skill.id) { streamed.append(chunk) }
            #expect(streamed == bundle)

            let deleted = try await service.deleteSkillVersion(skillID: skill.id, version: "3")
            #expect(deleted.deleted && deleted.version == "3" && deleted.id == third.id && deleted.object == "skill.version.deleted")
            #expect(try await service.retrieveSkill(id: skill.id).latestVersion == "2")
            let defaultRefused = await #expect(throws: APIError.self) { try await service.deleteSkillVersion(skillID: skill.id, version: "2") }
            #expect(defaultRefused?.kind == .badRequest && defaultRefused?.param == "version")

            var skills: [String] = []
            let other = try await service.createSkill(files: Self.folder)
            for try await each in service.allSkills(pageSize: 1) { skills.append(each.id) }
            #expect(skills == [other.id, skill.id])

            let gone = try await service.deleteSkill(id: skill.id)
            #expect(gone.deleted && gone.id == skill.id && gone.object == "skill.deleted")
            #expect(sandbox.lastRequest?.method == "DELETE")
            for call in [
                { _ = try await service.retrieveSkill(id: skill.id) },
                { _ = try await service.retrieveSkillContent(id: skill.id) },
                { _ = try await service.retrieveSkillVersion(skillID: other.id, version: "9") },
                { _ = try await service.retrieveSkillVersionContent(skillID: other.id, version: "9") },
                { _ = try await service.listSkillVersions(skillID: "skill_missing") },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: APIError.self) { try await call() }
                #expect(error?.kind == .notFound)
            }
            let badDefault = await #expect(throws: APIError.self) { try await service.updateSkillDefaultVersion(id: other.id, defaultVersion: "7") }
            #expect(badDefault?.kind == .badRequest && badDefault?.param == "default_version")
        }
    }

    @Test("the sandbox's bundles are zips unzip accepts, holding what was uploaded; a zip comes back as uploaded",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip")))
    func bundlesAreRealZips() async throws {
        try await withService { _, service in
            let skill = try await service.createSkill(files: Self.folder)
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let zip = directory.appendingPathComponent("bundle.zip")
            let written = try await service.downloadSkillContent(id: skill.id, to: zip)
            #expect(written == (try Data(contentsOf: zip)).count)
            let test = try await Self.run("/usr/bin/unzip", ["-t", zip.path])
            #expect(test.status == 0 && test.output.contains("No errors detected"), "\(test.output)")
            let listing = try await Self.run("/usr/bin/unzip", ["-p", zip.path, "csv-insights/scripts/run.py"])
            #expect(listing.output == "print('hi')\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["bundle.zip"], "no partial file left")

            let uploaded = try Data(contentsOf: zip)
            let again = try await service.createSkill(files: .zip(uploaded, fileName: "csv-insights.zip"))
            #expect(again.name == "csv-insights")
            #expect(try await service.retrieveSkillContent(id: again.id) == uploaded)
        }
    }

    @Test("a deflated zip made by zip(1) is read: SKILL.md's front matter names the skill",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zip")))
    func deflatedZip() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let skill = directory.appendingPathComponent("pdf-tools")
        try FileManager.default.createDirectory(at: skill, withIntermediateDirectories: true)
        let text = "---\nname: pdf-tools\ndescription: >\n  Work with PDFs,\n  page by page\n---\n" + String(repeating: "Long instructions. ", count: 400)
        try Data(text.utf8).write(to: skill.appendingPathComponent("SKILL.md"))
        let result = try await Self.run("/usr/bin/zip", ["-r", "-9", "-q", directory.appendingPathComponent("pdf.zip").path, "pdf-tools"], in: directory)
        #expect(result.status == 0, "\(result.output)")
        let data = try Data(contentsOf: directory.appendingPathComponent("pdf.zip"))
        #expect(data.count < text.utf8.count, "zip compressed it")
        try await withService { _, service in
            let created = try await service.createSkill(files: .zip(data))
            #expect(created.name == "pdf-tools" && created.description == "Work with PDFs, page by page")
        }
    }

    @Test("bad uploads: no SKILL.md, no front matter, escaping paths, a broken zip (400 'files'); the SDK refuses bad paths before sending")
    func badUploads() async throws {
        try await withService { sandbox, service in
            for files in [
                SkillFiles.files([.init(path: "x/README.md", data: Data("no manifest".utf8))]),
                .files([.init(path: "x/SKILL.md", data: Data("# no front matter".utf8))]),
                .files([.init(path: "x/SKILL.md", data: Data("---\nname: x\n---\n".utf8))]),
                .zip(Data("PK\u{3}\u{4} not really".utf8)),
            ] {
                let error = await #expect(throws: APIError.self) { try await service.createSkill(files: files) }
                #expect(error?.kind == .badRequest && error?.param == "files", "\(String(describing: error))")
            }
            let sent = sandbox.requests.count
            for files in [
                SkillFiles.files([.init(path: "../SKILL.md", data: Self.manifest("a", "b"))]),
                .files([.init(path: "/etc/SKILL.md", data: Self.manifest("a", "b"))]),
                .files([]),
                .files((0...SkillFiles.maximumFileCount).map { .init(path: "s/\($0).txt", data: Data()) }),
                .zip(Data()),
            ] {
                let error = await #expect(throws: APIError.self) { try await service.createSkill(files: files) }
                #expect(error?.kind == .invalidRequest)
            }
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }

    @Test("a folder from disk: paths under the folder's name, hidden files skipped, links out of the folder and a missing SKILL.md refused")
    func folderUpload() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("report-writer")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try Self.manifest("report-writer", "Writes reports").write(to: folder.appendingPathComponent("SKILL.md"))
        try Data("Dear reader".utf8).write(to: folder.appendingPathComponent("templates/letter.txt"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent(".env"))
        try await withService { sandbox, service in
            let skill = try await service.uploadSkill(folder: folder)
            #expect(skill.name == "report-writer" && skill.description == "Writes reports")
            let parts = try #require(sandbox.lastRequest.flatMap { Multipart.parse($0.body, contentType: $0.header("content-type")) })
            #expect(parts.compactMap(\.filename) == ["report-writer/SKILL.md", "report-writer/templates/letter.txt"])

            try Self.manifest("report-writer", "Writes better reports").write(to: folder.appendingPathComponent("SKILL.md"))
            let version = try await service.uploadSkillVersion(skillID: skill.id, folder: folder, makeDefault: true)
            #expect(version.version == "2" && version.description == "Writes better reports")

            let outside = directory.appendingPathComponent("outside.txt")
            try Data("not for upload".utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.txt"), withDestinationURL: outside)
            let sent = sandbox.requests.count
            let escaped = await #expect(throws: APIError.self) { try await service.uploadSkill(folder: folder) }
            #expect(escaped?.kind == .invalidRequest && escaped?.message.contains("outside") == true)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("link.txt"))

            try FileManager.default.removeItem(at: folder.appendingPathComponent("SKILL.md"))
            let missing = await #expect(throws: APIError.self) { try await service.uploadSkill(folder: folder) }
            #expect(missing?.kind == .invalidRequest && missing?.message.contains("SKILL.md") == true)
            let tooBig = #expect(throws: APIError.self) {
                _ = try SkillFiles.folder(at: folder, maximumBytes: 3)
            }
            #expect(tooBig?.kind == .invalidRequest)
            let notAFolder = await #expect(throws: APIError.self) { try await service.uploadSkill(folder: outside) }
            #expect(notAFolder?.kind == .invalidRequest)
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }

    @Test("Azure: skills on the v1 API; a deployments configuration refuses them before sending")
    func azure() async throws {
        try await withSandbox { sandbox in
            let v1 = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "preview", routing: .v1))
            let skill = try await v1.createSkill(files: Self.folder)
            #expect(sandbox.lastRequest?.path == "/openai/v1/skills" && skill.name == "csv-insights")
            _ = try await v1.listSkillVersions(skillID: skill.id)
            #expect(sandbox.lastRequest?.path == "/openai/v1/skills/\(skill.id)/versions")

            let deployments = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-04-01-preview"))
            let sent = sandbox.requests.count
            let refused = await #expect(throws: APIError.self) { try await deployments.createSkill(files: Self.folder) }
            #expect(refused?.kind == .invalidRequest && refused?.message.contains("Skills") == true)
            let refusedContent = await #expect(throws: APIError.self) { try await deployments.retrieveSkillContent(id: skill.id) }
            #expect(refusedContent?.kind == .invalidRequest)
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skills-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a system tool to its end without blocking a cooperative thread.
    static func run(_ tool: String, _ arguments: [String], in directory: URL? = nil) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                let data = output.fileHandleForReading.readToEndRetryingInterrupts()
                continuation.resume(returning: (finished.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
    }
}
