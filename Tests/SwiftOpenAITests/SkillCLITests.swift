import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@Suite("swiftai skills against the sandbox")
struct SkillCLITests {
    private func swiftai(_ arguments: [String], _ sandbox: Sandbox) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            "swiftai", arguments: arguments + ["--base-url", sandbox.baseURL.absoluteString],
            removing: ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID"])
    }

    @Test("upload a folder, add a default version, list skills and versions, download version 1 as a zip unzip accepts")
    func uploadListVersionsDownload() async throws {
        let directory = try SkillTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("haiku")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SkillTests.manifest("haiku", "Writes haiku").write(to: folder.appendingPathComponent("SKILL.md"))
        try await withSandbox { sandbox in
            let upload = try await swiftai(["skills", "upload", folder.path], sandbox)
            #expect(upload.status == 0, "\(upload.output)")
            let id = try #require(upload.output.split(separator: "\t").first.map(String.init))
            #expect(id.hasPrefix("skill_") && upload.output.contains("version 1\thaiku\tWrites haiku"))

            try SkillTests.manifest("haiku", "Writes better haiku").write(to: folder.appendingPathComponent("SKILL.md"))
            let version = try await swiftai(["skills", "upload", "--skill", id, "--make-default", folder.path], sandbox)
            #expect(version.status == 0 && version.output.contains("version 2\thaiku\tWrites better haiku"), "\(version.output)")

            let list = try await swiftai(["skills", "list"], sandbox)
            #expect(list.status == 0 && list.output == "\(id)\tdefault 2\tlatest 2\thaiku\tWrites better haiku\n", "\(list.output)")
            let versions = try await swiftai(["skills", "versions", id], sandbox)
            let lines = versions.output.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("1\tskillver_") && lines[1].hasSuffix("Writes better haiku\t(default)"), "\(versions.output)")

            let zip = directory.appendingPathComponent("haiku-v1.zip")
            let download = try await swiftai(["skills", "download", id, "--version", "1", "--output", zip.path], sandbox)
            #expect(download.status == 0 && download.output.hasPrefix("wrote "), "\(download.output)")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
                let test = try await SkillTests.run("/usr/bin/unzip", ["-t", zip.path])
                #expect(test.status == 0 && test.output.contains("haiku/SKILL.md"), "\(test.output)")
                let manifest = try await SkillTests.run("/usr/bin/unzip", ["-p", zip.path, "haiku/SKILL.md"])
                #expect(manifest.output.contains("description: Writes haiku\n"))
            }

            let missing = try await swiftai(["skills", "download", "skill_missing", "--output", zip.path], sandbox)
            #expect(missing.status != 0 && missing.output.contains("skill_missing"), "\(missing.output)")
            let noManifest = try await swiftai(["skills", "upload", directory.path], sandbox)
            #expect(noManifest.status != 0 && noManifest.output.contains("SKILL.md"), "\(noManifest.output)")
        }
    }
}
