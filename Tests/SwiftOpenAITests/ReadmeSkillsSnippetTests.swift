import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Skills": the snippet copied line for line and run against the sandbox.

@Suite("README: skills")
struct ReadmeSkillsSnippetTests {
    @Test("a folder uploaded as a skill, a second version made the default, versions listed, version 1 downloaded as a zip")
    func skillsSnippet() async throws {
        try await withService { sandbox, service in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-skills-\(UUID().uuidString)")
            let folder = directory.appendingPathComponent("csv-insights")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try Data("---\nname: csv-insights\ndescription: Summarise CSV files\n---\nRead the CSV, then summarise.\n".utf8)
                .write(to: folder.appendingPathComponent("SKILL.md"))
            let skill = try await service.uploadSkill(folder: folder)  // README: let skill = try await service.uploadSkill(folder: URL(fileURLWithPath: "csv-insights"))
            print(skill.name, skill.defaultVersion)   // csv-insights 1
            #expect(skill.name == "csv-insights" && skill.defaultVersion == "1")
            let next = try await service.uploadSkillVersion(skillID: skill.id, folder: folder)  // README: let next = try await service.uploadSkillVersion(skillID: skill.id, folder: URL(fileURLWithPath: "csv-insights"))
            _ = try await service.updateSkillDefaultVersion(id: skill.id, defaultVersion: next.version)
            #expect(try await service.retrieveSkill(id: skill.id).defaultVersion == "2")
            var listed: [String] = []
            for try await version in service.allSkillVersions(skillID: skill.id, order: "asc") {
                print(version.version, version.description)
                listed.append(version.version)
            }
            #expect(listed == ["1", "2"])
            let zip = directory.appendingPathComponent("csv-insights-v1.zip")
            try await service.downloadSkillContent(id: skill.id, version: "1", to: zip)  // README: try await service.downloadSkillContent(id: skill.id, version: "1", to: URL(fileURLWithPath: "csv-insights-v1.zip"))
            #expect(try Data(contentsOf: zip).starts(with: [0x50, 0x4B, 0x03, 0x04]))
            #expect(sandbox.lastRequest?.path == "/v1/skills/\(skill.id)/versions/1/content")
        }
    }
}
