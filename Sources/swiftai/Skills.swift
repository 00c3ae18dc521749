import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Skills: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skills", abstract: "Upload skill folders, list skills and their versions, download a skill's zip.",
            subcommands: [Upload.self, List.self, Versions.self, Download.self])

        struct Upload: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Upload a folder with a SKILL.md as a new skill, or as a new version of one with --skill.")
            @Option(help: "Add a version to this skill instead of creating one.")
            var skill: String?
            @Flag(help: "With --skill: make the new version the default.")
            var makeDefault = false
            @Flag(help: "Also upload hidden files (names starting with a dot).")
            var includeHidden = false
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The skill folder.")
            var folder: String

            func run() async throws {
                let service = try connection.makeService()
                let url = URL(fileURLWithPath: folder)
                try await reportingErrors {
                    if let skill {
                        let version = try await service.uploadSkillVersion(
                            skillID: skill, folder: url, makeDefault: makeDefault ? true : nil, includeHidden: includeHidden)
                        out("\(version.skillID)\tversion \(version.version)\t\(version.name)\t\(version.description)")
                    } else {
                        let created = try await service.uploadSkill(folder: url, includeHidden: includeHidden)
                        out("\(created.id)\tversion \(created.latestVersion)\t\(created.name)\t\(created.description)")
                    }
                }
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List every skill (all pages): id, default and latest version, name.")
            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                let service = try connection.makeService()
                try await reportingErrors {
                    for try await skill in service.allSkills() {
                        out("\(skill.id)\tdefault \(skill.defaultVersion)\tlatest \(skill.latestVersion)\t\(skill.name)\t\(skill.description)")
                    }
                }
            }
        }

        struct Versions: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List every version of a skill, oldest first.")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The skill id.")
            var id: String

            func run() async throws {
                let service = try connection.makeService()
                try await reportingErrors {
                    let skill = try await service.retrieveSkill(id: id)
                    for try await version in service.allSkillVersions(skillID: id, order: "asc") {
                        let mark = version.version == skill.defaultVersion ? "\t(default)" : ""
                        out("\(version.version)\t\(version.id)\t\(version.name)\t\(version.description)\(mark)")
                    }
                }
            }
        }

        struct Download: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write a skill's zip (its default version, or --version) to a file, streamed to disk.")
            @Option(help: "The version number; default: the skill's default version.")
            var version: String?
            @Option(name: .shortAndLong, help: "Where to write the zip.")
            var output: String
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The skill id.")
            var id: String

            func run() async throws {
                let service = try connection.makeService()
                try await reportingErrors {
                    let written = try await service.downloadSkillContent(id: id, version: version, to: URL(fileURLWithPath: output))
                    out("wrote \(written) bytes to \(output)")
                }
            }
        }
    }
}

/// Runs `body`; an API error becomes a one-line message and a failure exit instead of a stack of details.
private func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as APIError {
        throw commandFailure("error: \(error.description)")
    }
}
