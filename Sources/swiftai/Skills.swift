import ArgumentParser
import Foundation
import SwiftAnthropic
import SwiftOpenAI

extension SwiftAICommand {
    struct Skills: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skills",
            abstract: "Upload skill folders, list skills and their versions, download a skill's zip (OpenAI; Anthropic's skills with --anthropic).",
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
            @Flag(help: "Upload to Anthropic's skills (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL or --base-url) instead of OpenAI's.")
            var anthropic = false
            @Option(help: "With --anthropic: the skill's display name (default: the SKILL.md name).")
            var displayName: String?
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The skill folder.")
            var folder: String

            func validate() throws {
                if anthropic, makeDefault { throw ValidationError("--make-default is for OpenAI's skills: Anthropic's latest version is the newest.") }
                if !anthropic, displayName != nil { throw ValidationError("--display-name needs --anthropic.") }
            }

            func run() async throws {
                let url = URL(fileURLWithPath: folder)
                if anthropic {
                    let service = try anthropicSkillsService(baseURL: connection.baseURL)
                    try await reportingErrors {
                        if let skill {
                            let version = try await service.uploadSkillVersion(skillID: skill, folder: url, includeHidden: includeHidden)
                            out("\(version.skillID)\tversion \(version.id)\t\(version.name)\t\(version.description)")
                        } else {
                            let created = try await service.uploadSkill(folder: url, displayName: displayName, includeHidden: includeHidden)
                            out("\(created.id)\tversion \(created.latestVersionID ?? "-")\t\(created.displayName)")
                        }
                    }
                    return
                }
                let service = try connection.makeService()
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
            static let configuration = CommandConfiguration(
                abstract: "List every skill (all pages): id, default and latest version, name; with --anthropic: id, source, latest version, display name.")
            @Flag(help: "List Anthropic's skills (yours and Anthropic's own) instead of OpenAI's.")
            var anthropic = false
            @Option(help: "With --anthropic: only skills from this source (custom or anthropic).")
            var source: String?
            @OptionGroup var connection: ConnectionOptions

            func validate() throws {
                if !anthropic, source != nil { throw ValidationError("--source needs --anthropic.") }
            }

            func run() async throws {
                if anthropic {
                    let service = try anthropicSkillsService(baseURL: connection.baseURL)
                    try await reportingErrors {
                        for try await skill in service.allSkills(source: source.map(AnthropicSkill.Source.init(value:))) {
                            out("\(skill.id)\t\(skill.source.value)\tlatest \(skill.latestVersionID ?? "-")\t\(skill.displayName)")
                        }
                    }
                    return
                }
                let service = try connection.makeService()
                try await reportingErrors {
                    for try await skill in service.allSkills() {
                        out("\(skill.id)\tdefault \(skill.defaultVersion)\tlatest \(skill.latestVersion)\t\(skill.name)\t\(skill.description)")
                    }
                }
            }
        }

        struct Versions: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List every version of a skill, oldest first (with --anthropic: newest first, the latest marked).")
            @Flag(help: "A skill of Anthropic's instead of OpenAI's.")
            var anthropic = false
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The skill id.")
            var id: String

            func run() async throws {
                if anthropic {
                    let service = try anthropicSkillsService(baseURL: connection.baseURL)
                    try await reportingErrors {
                        let skill = try await service.retrieveSkill(id: id)
                        for try await version in service.allSkillVersions(skillID: id) {
                            let mark = version.id == skill.latestVersionID ? "\t(latest)" : ""
                            out("\(version.id)\t\(version.name)\t\(version.description)\(mark)")
                        }
                    }
                    return
                }
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

/// The Anthropic service the `--anthropic` forms use: ANTHROPIC_API_KEY (none needed with --base-url, for a local
/// server), and --base-url, else ANTHROPIC_BASE_URL, else the API.
private func anthropicSkillsService(baseURL: String?) throws -> any AnthropicService {
    let key = ProcessInfo.processInfo.environment["ANTHROPIC_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    guard let key = key ?? (baseURL != nil ? "sk-ant-no-key" : nil) else {
        throw ValidationError("Set ANTHROPIC_API_KEY (or pass --base-url for a local server that needs no key).")
    }
    return AnthropicServiceFactory.service(apiKey: key, basePath: baseURL)
}

/// Runs `body`; an API error becomes a one-line message and a failure exit instead of a stack of details.
private func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as APIError {
        throw commandFailure("error: \(error.description)")
    }
}
