import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftAnthropic
import Testing

@Suite("Anthropic skills")
struct AnthropicSkillsTests {
    static func manifest(_ name: String, _ description: String) -> String {
        "---\nname: \(name)\ndescription: \(description)\n---\n\n# \(name)\n\nSteps.\n"
    }

    static let files = AnthropicSkillFiles.files([
        .init(path: "csv-insights/SKILL.md", text: manifest("csv-insights", "Summarise CSV files")),
        .init(path: "csv-insights/scripts/run.py", text: "print('hi')\n"),
    ])

    static func parts(_ request: RecordedRequest?) throws -> [Multipart.Part] {
        let request = try #require(request)
        return try #require(Multipart.parse(request.body, contentType: request.header("content-type")))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("anthropic-skills-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("create, retrieve, versions, cursor pages, the source filter and deletes, over both transports", arguments: TransportKind.allCases)
    func lifecycle(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let skill = try await service.createSkill(files: Self.files, displayName: "CSV insights")
            let create = try #require(sandbox.lastRequest)
            #expect(create.method == "POST" && create.path == "/v1/skills")
            #expect(create.header("anthropic-beta") == nil, "the skills API is not a beta: anthropic-python 2.14 sends none")
            let parts = try Self.parts(create)
            #expect(parts.map(\.name) == ["display_name", "files[]", "files[]"])
            #expect(parts.map(\.filename) == [nil, "csv-insights/SKILL.md", "csv-insights/scripts/run.py"])
            #expect(parts.map(\.contentType) == [nil, "text/markdown", "text/x-python"])
            #expect(parts.first?.data == Data("CSV insights".utf8) && parts.last?.data == Data("print('hi')\n".utf8))
            #expect(skill.id.hasPrefix("skill_") && skill.type == "skill" && skill.source == .custom)
            #expect(skill.displayName == "CSV insights" && skill.createdAt == skill.updatedAt && skill.createdAt.hasPrefix("2026-"))
            let firstVersionID = try #require(skill.latestVersionID)

            let retrieved = try await service.retrieveSkill(id: skill.id)
            #expect(sandbox.lastRequest?.method == "GET" && sandbox.lastRequest?.path == "/v1/skills/\(skill.id)")
            #expect(retrieved.latestVersionID == firstVersionID && retrieved.displayName == "CSV insights")

            let second = try await service.createSkillVersion(
                skillID: skill.id, files: .files([.init(path: "csv-insights/SKILL.md", text: Self.manifest("csv-insights", "v2"))]))
            #expect(sandbox.lastRequest?.path == "/v1/skills/\(skill.id)/versions")
            #expect(try Self.parts(sandbox.lastRequest).map(\.name) == ["files[]"], "no display name on a version")
            #expect(second.skillID == skill.id && second.name == "csv-insights" && second.description == "v2" && second.type == "skill_version")
            let updated = try await service.retrieveSkill(id: skill.id)
            #expect(updated.latestVersionID == second.id && updated.updatedAt > updated.createdAt)

            let latest = try await service.retrieveSkillVersion(skillID: skill.id, version: "latest")
            #expect(latest.id == second.id && sandbox.lastRequest?.path == "/v1/skills/\(skill.id)/versions/latest")
            #expect(try await service.retrieveSkillVersion(skillID: skill.id, version: firstVersionID).description == "Summarise CSV files")

            let firstPage = try await service.listSkillVersions(skillID: skill.id, limit: 1)
            #expect(firstPage.data.map(\.id) == [second.id] && sandbox.lastRequest?.queryValue("limit") == "1")
            let nextPage = try #require(firstPage.nextPage)
            let secondPage = try await service.listSkillVersions(skillID: skill.id, limit: 1, page: nextPage)
            #expect(secondPage.data.map(\.id) == [firstVersionID] && secondPage.nextPage == nil)
            #expect(sandbox.lastRequest?.queryValue("page") == nextPage)
            var walked: [String] = []
            for try await version in service.allSkillVersions(skillID: skill.id, pageSize: 1) { walked.append(version.id) }
            #expect(walked == [second.id, firstVersionID], "newest first, every page")

            let custom = try await service.listSkills(limit: 5, source: .custom)
            #expect(sandbox.lastRequest?.queryValue("source") == "custom" && sandbox.lastRequest?.queryValue("limit") == "5")
            #expect(custom.data.map(\.id) == [skill.id])
            let published = try await service.listSkills(source: .anthropic)
            #expect(Set(published.data.map(\.id)) == ["pptx", "xlsx", "docx", "pdf"] && published.data.allSatisfy { $0.source == .anthropic })
            var everything: [String] = []
            for try await listed in service.allSkills(pageSize: 2) { everything.append(listed.id) }
            #expect(everything.first == skill.id && everything.count == 5 && Set(everything).isSuperset(of: ["pptx", "pdf"]))
            #expect(sandbox.requests.filter { $0.path == "/v1/skills" && $0.method == "GET" }.last?.queryValue("page") != nil)

            let refused = await #expect(throws: APIError.self) { try await service.deleteSkill(id: skill.id) }
            #expect(refused?.kind == .badRequest && refused?.message.contains("version") == true, "a skill with versions can't go")
            let deletedVersion = try await service.deleteSkillVersion(skillID: skill.id, version: second.id)
            #expect(deletedVersion.id == second.id && deletedVersion.type == "skill_version_deleted")
            #expect(sandbox.lastRequest?.method == "DELETE" && sandbox.lastRequest?.path == "/v1/skills/\(skill.id)/versions/\(second.id)")
            #expect(try await service.retrieveSkill(id: skill.id).latestVersionID == firstVersionID, "latest follows the deletion")
            _ = try await service.deleteSkillVersion(skillID: skill.id, version: firstVersionID)
            #expect(try await service.retrieveSkill(id: skill.id).latestVersionID == nil)
            let deleted = try await service.deleteSkill(id: skill.id)
            #expect(deleted.id == skill.id && deleted.type == "skill_deleted")
            let gone = await #expect(throws: APIError.self) { try await service.retrieveSkill(id: skill.id) }
            #expect(gone?.kind == .notFound && gone?.statusCode == 404 && gone?.message.contains(skill.id) == true)
        }
    }

    @Test("a folder from disk: paths under the folder's name, hidden files skipped, bad folders and layouts refused before sending")
    func folderUpload() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("report-writer")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try Data(Self.manifest("report-writer", "Writes reports").utf8).write(to: folder.appendingPathComponent("SKILL.md"))
        try Data("Dear reader".utf8).write(to: folder.appendingPathComponent("templates/letter.txt"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent(".env"))
        try await withAnthropic(transport: .asyncHTTPClient) { sandbox, service in
            let skill = try await service.uploadSkill(folder: folder)
            #expect(skill.displayName == "report-writer", "the SKILL.md name when no display name is given")
            #expect(try Self.parts(sandbox.lastRequest).compactMap(\.filename) == ["report-writer/SKILL.md", "report-writer/templates/letter.txt"])
            let withHidden = try await service.uploadSkillVersion(skillID: skill.id, folder: folder, includeHidden: true)
            #expect(try Self.parts(sandbox.lastRequest).compactMap(\.filename).contains("report-writer/.env"))
            #expect(withHidden.skillID == skill.id)

            let sent = sandbox.requests.count
            let outside = directory.appendingPathComponent("outside.txt")
            try Data("x".utf8).write(to: outside)
            let notAFolder = await #expect(throws: APIError.self) { try await service.uploadSkill(folder: outside) }
            #expect(notAFolder?.kind == .invalidRequest)
            let layouts: [(AnthropicSkillFiles, String)] = [
                (.files([]), "SKILL.md"),
                (.files([.init(path: "a/SKILL.md", text: "x"), .init(path: "b/notes.txt", text: "y")]), "top-level"),
                (.files([.init(path: "SKILL.md", text: "x")]), "top-level"),
                (.files([.init(path: "a/notes.md", text: "x")]), "SKILL.md"),
                (.files([.init(path: "a/SKILL.md", text: "x"), .init(path: "a/../b", text: "y")]), ".."),
                (.files([.init(path: "a/SKILL.md", text: "x"), .init(path: "a/SKILL.md", text: "y")]), "twice"),
            ]
            for (files, hint) in layouts {
                let refused = await #expect(throws: APIError.self) { try await service.createSkill(files: files) }
                #expect(refused?.kind == .invalidRequest && refused?.message.contains(hint) == true, "\(refused?.message ?? "")")
            }
            try FileManager.default.removeItem(at: folder.appendingPathComponent("SKILL.md"))
            let missing = await #expect(throws: APIError.self) { try await service.uploadSkill(folder: folder) }
            #expect(missing?.kind == .invalidRequest && missing?.message.contains("SKILL.md") == true)
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }

    @Test("the API's refusals: bad front matter, a renamed skill, unknown ids, Anthropic's read-only skills, bad cursors")
    func refusals() async throws {
        try await withAnthropic(transport: .urlSession) { _, service in
            func refusal(_ call: @Sendable () async throws -> Void) async -> APIError? {
                await #expect(throws: APIError.self) { try await call() }
            }
            let noFrontMatter = await refusal { _ = try await service.createSkill(files: .files([.init(path: "x/SKILL.md", text: "# none")])) }
            #expect(noFrontMatter?.kind == .badRequest && noFrontMatter?.type == "invalid_request_error")
            let badName = await refusal {
                _ = try await service.createSkill(files: .files([.init(path: "x/SKILL.md", text: Self.manifest("Not Kebab", "d"))]))
            }
            #expect(badName?.kind == .badRequest && badName?.message.contains("name") == true)
            let longTitle = await refusal { _ = try await service.createSkill(files: Self.files, displayName: String(repeating: "x", count: 256)) }
            #expect(longTitle?.kind == .badRequest && longTitle?.message.contains("display_name") == true)

            let skill = try await service.createSkill(files: Self.files)
            let renamed = await refusal {
                _ = try await service.createSkillVersion(
                    skillID: skill.id, files: .files([.init(path: "other/SKILL.md", text: Self.manifest("other-name", "d"))]))
            }
            #expect(renamed?.kind == .badRequest && renamed?.message.contains("csv-insights") == true)
            let unknownSkill = await refusal { _ = try await service.createSkillVersion(skillID: "skill_nope", files: Self.files) }
            #expect(unknownSkill?.kind == .notFound && unknownSkill?.type == "not_found_error")
            let unknownVersion = await refusal { _ = try await service.retrieveSkillVersion(skillID: skill.id, version: "skillver_nope") }
            #expect(unknownVersion?.kind == .notFound)
            let unknownDelete = await refusal { _ = try await service.deleteSkillVersion(skillID: skill.id, version: "skillver_nope") }
            #expect(unknownDelete?.kind == .notFound)
            let published = await refusal { _ = try await service.deleteSkill(id: "pptx") }
            #expect(published?.kind == .permissionDenied)
            #expect(try await service.retrieveSkill(id: "pdf").source == .anthropic)
            let cursor = await refusal { _ = try await service.listSkills(page: "garbage") }
            #expect(cursor?.kind == .badRequest && cursor?.message.contains("page") == true)
            let limit = await refusal { _ = try await service.listSkills(limit: 0) }
            #expect(limit?.kind == .badRequest && limit?.message.contains("limit") == true)
            let emptyID = await refusal { _ = try await service.retrieveSkill(id: "") }
            #expect(emptyID?.kind == .invalidRequest, "an empty id would address the list")
        }
    }

    @Test("decoding: today's shape round-trips with unknown fields kept; the beta's display_title, latest_version and plain source still read")
    func decoding() throws {
        let today = Data(#"""
            {"id":"skill_01","type":"skill","display_name":"Deck","latest_version_id":"skillver_02","source":{"type":"plugin"},
             "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-02T00:00:00Z","owner":{"team":"x"}}
            """#.utf8)
        let skill = try JSONDecoder().decode(AnthropicSkill.self, from: today)
        #expect(skill.source == .plugin && skill.latestVersionID == "skillver_02" && skill.additionalFields["owner"] == .object(["team": .string("x")]))
        let again = try JSONDecoder().decode(AnthropicSkill.self, from: try JSONEncoder().encode(skill))
        #expect(again.additionalFields == skill.additionalFields && again.source == .plugin && again.updatedAt == skill.updatedAt)
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(skill)) as? [String: Any])
        #expect((encoded["source"] as? [String: Any])?["type"] as? String == "plugin" && encoded["display_name"] as? String == "Deck")

        let beta = Data(#"""
            {"id":"skill_01","type":"skill","display_title":"Deck","latest_version":"1759178010641129","source":"custom",
             "created_at":"2025-10-01T00:00:00Z","updated_at":"2025-10-01T00:00:00Z"}
            """#.utf8)
        let old = try JSONDecoder().decode(AnthropicSkill.self, from: beta)
        #expect(old.displayName == "Deck" && old.latestVersionID == "1759178010641129" && old.source == .custom)
        let future = try JSONDecoder().decode(AnthropicSkill.Source.self, from: Data(#"{"type":"marketplace"}"#.utf8))
        #expect(future == .other("marketplace") && future.value == "marketplace")

        let version = try JSONDecoder().decode(
            AnthropicSkillVersion.self,
            from: Data(#"{"id":"skillver_1","type":"skill_version","skill_id":"skill_01","name":"deck","description":"d","created_at":"2026-01-01T00:00:00Z","directory":"deck"}"#.utf8))
        #expect(version.additionalFields["directory"] == .string("deck") && version.name == "deck")
    }

    @Test("README: upload a folder, add a version from memory, list every skill, delete")
    func readme() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let skillFolder = directory.appendingPathComponent("csv-insights")
        try FileManager.default.createDirectory(at: skillFolder, withIntermediateDirectories: true)
        try Data(Self.manifest("csv-insights", "Summarise CSV files").utf8).write(to: skillFolder.appendingPathComponent("SKILL.md"))
        try await withAnthropic { sandbox, sandboxService in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                let line = items.map { "\($0)" }.joined(separator: separator) + terminator
                printed.withLock { $0 += line }
            }

            let service = sandboxService  // README: let service = AnthropicServiceFactory.service(apiKey: "sk-ant-…")
            let folder = skillFolder  // README: let folder = URL(fileURLWithPath: "csv-insights")

            // A folder with a SKILL.md at its top, whose front matter names and describes the skill
            let skill = try await service.uploadSkill(folder: folder, displayName: "CSV insights")
            print(skill.id, skill.displayName)

            // A new version from files made in memory (each path starts with the skill's folder name)
            let version = try await service.createSkillVersion(skillID: skill.id, files: .files([
                .init(path: "csv-insights/SKILL.md", text: "---\nname: csv-insights\ndescription: Summarise CSV files, with charts\n---\n\nSteps.\n"),
            ]))
            print(version.id, version.description)

            // Your skills and Anthropic's own (pptx, xlsx, docx, pdf), page after page
            for try await listed in service.allSkills() {
                print(listed.id, listed.source.value, listed.displayName)
            }

            // A skill can be deleted once its versions are
            for old in try await service.listSkillVersions(skillID: skill.id).data {
                _ = try await service.deleteSkillVersion(skillID: skill.id, version: old.id)
            }
            _ = try await service.deleteSkill(id: skill.id)

            let lines = printed.current.split(separator: "\n").map(String.init)
            #expect(lines.count == 7 && lines[0] == "\(skill.id) CSV insights" && lines[1] == "\(version.id) Summarise CSV files, with charts")
            #expect(lines[2] == "\(skill.id) custom CSV insights" && lines[3...].allSatisfy { $0.contains(" anthropic ") })
            #expect(sandbox.lastRequest?.method == "DELETE" && sandbox.lastRequest?.path == "/v1/skills/\(skill.id)")
        }
    }

    @Test("swiftai skills upload/list/versions --anthropic against the sandbox")
    func commandLine() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("haiku")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.manifest("haiku", "Writes haiku").utf8).write(to: folder.appendingPathComponent("SKILL.md"))
        try await withSandbox { sandbox in
            func swiftai(_ arguments: [String]) async throws -> ProcessRunner.Result {
                try await ProcessRunner.run(
                    "swiftai", arguments: arguments + ["--base-url", sandbox.baseURL.absoluteString],
                    removing: ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID"])
            }
            let upload = try await swiftai(["skills", "upload", "--anthropic", "--display-name", "Haiku writer", folder.path])
            #expect(upload.status == 0, "\(upload.output)")
            let fields = upload.output.trimmingCharacters(in: .newlines).split(separator: "\t").map(String.init)
            #expect(fields.count == 3 && fields[0].hasPrefix("skill_") && fields[1].hasPrefix("version skillver_") && fields[2] == "Haiku writer", "\(upload.output)")
            let id = fields[0]
            #expect(sandbox.requests.last?.header("anthropic-version") != nil && sandbox.requests.last?.path == "/v1/skills")

            try Data(Self.manifest("haiku", "Writes better haiku").utf8).write(to: folder.appendingPathComponent("SKILL.md"))
            let version = try await swiftai(["skills", "upload", "--anthropic", "--skill", id, folder.path])
            #expect(version.status == 0 && version.output.hasPrefix("\(id)\tversion skillver_") && version.output.contains("Writes better haiku"), "\(version.output)")

            let list = try await swiftai(["skills", "list", "--anthropic"])
            let lines = list.output.split(separator: "\n")
            #expect(list.status == 0 && lines.count == 5, "\(list.output)")
            #expect(lines.first?.hasPrefix("\(id)\tcustom\tlatest skillver_") == true && lines.first?.hasSuffix("\tHaiku writer") == true, "\(list.output)")
            let custom = try await swiftai(["skills", "list", "--anthropic", "--source", "custom"])
            #expect(custom.status == 0 && custom.output.split(separator: "\n").count == 1, "\(custom.output)")
            #expect(sandbox.requests.last?.queryValue("source") == "custom")

            let versions = try await swiftai(["skills", "versions", "--anthropic", id])
            let versionLines = versions.output.split(separator: "\n")
            #expect(versions.status == 0 && versionLines.count == 2 && versionLines[0].hasSuffix("Writes better haiku\t(latest)"), "\(versions.output)")

            let noManifest = try await swiftai(["skills", "upload", "--anthropic", directory.path])
            #expect(noManifest.status != 0 && noManifest.output.contains("SKILL.md"), "\(noManifest.output)")
            let unknown = try await swiftai(["skills", "versions", "--anthropic", "skill_missing"])
            #expect(unknown.status != 0 && unknown.output.contains("skill_missing"), "\(unknown.output)")
        }
    }
}
