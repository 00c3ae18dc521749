import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// The sandbox's Anthropic skills: each with its immutable versions (oldest first), the newest one its
/// `latest_version_id`, and Anthropic's read-only published skills beside them.
final class AnthropicSkillsStore: Sendable {
    struct Version: Sendable {
        var id: String
        var skillID: String
        var name: String
        var description: String
        var createdAt: String
        var paths: [String]

        var json: JSON {
            [
                "type": "skill_version", "id": .string(id), "skill_id": .string(skillID), "name": .string(name),
                "description": .string(description), "created_at": .string(createdAt),
            ]
        }
    }

    struct Skill: Sendable {
        var id: String
        /// The kebab-case name every version's `SKILL.md` must give.
        var name: String
        var displayName: String
        var source: String
        var createdAt: String
        var updatedAt: String
        var versions: [Version]

        var isReadOnly: Bool { source != "custom" }

        var json: JSON {
            [
                "type": "skill", "id": .string(id), "display_name": .string(displayName),
                "latest_version_id": versions.last.map { .string($0.id) } ?? .null, "source": ["type": .string(source)],
                "created_at": .string(createdAt), "updated_at": .string(updatedAt),
            ]
        }

        /// A version by id, or the newest for `latest`.
        func version(_ reference: String) -> Version? {
            reference == "latest" ? versions.last : versions.first { $0.id == reference }
        }
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var skills: [String: Skill] = [:]
        /// Custom skills, oldest first.
        var order: [String] = []

        /// A time after every earlier one: 2026-01-01 plus one second per object made.
        mutating func now() -> String {
            _ = ids.nextID("tick")
            return Date(timeIntervalSince1970: 1_767_225_600 + Double(ids.count)).formatted(.iso8601)
        }
    }

    private let state = NIOLockedValueBox(State())

    /// A new custom skill whose first version is `upload`.
    func create(_ upload: AnthropicSkillUpload) -> Skill {
        state.withLockedValue { state in
            let id = state.ids.nextID("skill", separator: "_01Sandbox")
            let version = Self.version(of: upload, skillID: id, in: &state)
            let skill = Skill(
                id: id, name: upload.name, displayName: upload.displayName ?? upload.name, source: "custom", createdAt: version.createdAt,
                updatedAt: version.createdAt, versions: [version])
            state.skills[id] = skill
            state.order.append(id)
            return skill
        }
    }

    /// A custom skill by id, else a published one.
    func skill(_ id: String) -> Skill? {
        state.withLockedValue { $0.skills[id] } ?? Self.builtin.first { $0.id == id }
    }

    /// Every skill: custom ones newest first, then Anthropic's.
    func skills() -> [Skill] {
        state.withLockedValue { state in state.order.reversed().compactMap { state.skills[$0] } } + Self.builtin
    }

    /// Adds `upload` as the newest version of custom skill `id`; nil when there is no such skill.
    func addVersion(to id: String, _ upload: AnthropicSkillUpload) -> Version? {
        state.withLockedValue { state in
            guard var skill = state.skills[id] else { return nil }
            let version = Self.version(of: upload, skillID: id, in: &state)
            skill.versions.append(version)
            skill.updatedAt = version.createdAt
            state.skills[id] = skill
            return version
        }
    }

    /// Removes a version of a custom skill; nil when there is no such version.
    func deleteVersion(_ versionID: String, of id: String) -> Version? {
        state.withLockedValue { state in
            guard var skill = state.skills[id], let index = skill.versions.firstIndex(where: { $0.id == versionID }) else { return nil }
            let removed = skill.versions.remove(at: index)
            skill.updatedAt = state.now()
            state.skills[id] = skill
            return removed
        }
    }

    /// What deleting a skill did.
    enum Deletion {
        case deleted
        case notFound
        /// Refused: the skill still has this many versions.
        case hasVersions(Int)
    }

    /// Removes a custom skill that has no versions left.
    func delete(_ id: String) -> Deletion {
        state.withLockedValue { state in
            guard let skill = state.skills[id] else { return .notFound }
            guard skill.versions.isEmpty else { return .hasVersions(skill.versions.count) }
            state.skills[id] = nil
            state.order.removeAll { $0 == id }
            return .deleted
        }
    }

    private static func version(of upload: AnthropicSkillUpload, skillID: String, in state: inout State) -> Version {
        let id = state.ids.nextID("skillver", separator: "_01Sandbox")
        return Version(
            id: id, skillID: skillID, name: upload.name, description: upload.description, createdAt: state.now(), paths: upload.paths)
    }
}
