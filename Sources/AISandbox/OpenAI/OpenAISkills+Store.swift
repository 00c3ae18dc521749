import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// The sandbox's skills: each with its numbered, immutable versions (numbers never reused), a default version
/// that update and `default=true` move, and each version's zip as downloaded.
final class OpenAISkillsStore: Sendable {
    struct Version: Sendable {
        var id: String
        var number: Int
        var createdAt: Int
        var name: String
        var description: String
        var zip: Data
    }

    struct Skill: Sendable {
        var id: String
        var createdAt: Int
        var defaultVersion: Int
        var highestNumber: Int
        var versions: [Int: Version]

        var latest: Int { versions.keys.max() ?? defaultVersion }

        var json: JSON {
            let current = versions[defaultVersion]
            return [
                "id": .string(id), "object": "skill", "name": .string(current?.name ?? ""), "description": .string(current?.description ?? ""),
                "created_at": .int(createdAt), "default_version": .string(String(defaultVersion)), "latest_version": .string(String(latest)),
            ]
        }

        func json(_ version: Version) -> JSON {
            [
                "object": "skill.version", "id": .string(version.id), "skill_id": .string(id), "version": .string(String(version.number)),
                "created_at": .int(version.createdAt), "name": .string(version.name), "description": .string(version.description),
            ]
        }
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var skills: [String: Skill] = [:]
        var order: [String] = []

        mutating func version(of bundle: SkillBundle, number: Int) -> Version {
            let id = ids.nextID("skillver")
            return Version(
                id: id, number: number, createdAt: 1_700_000_000 + ids.count, name: bundle.name, description: bundle.description, zip: bundle.zip)
        }
    }

    private let state = NIOLockedValueBox(State())

    /// A new skill whose version 1 is `bundle`.
    func create(_ bundle: SkillBundle) -> JSON {
        state.withLockedValue { state in
            let id = state.ids.nextID("skill")
            let first = state.version(of: bundle, number: 1)
            let skill = Skill(id: id, createdAt: first.createdAt, defaultVersion: 1, highestNumber: 1, versions: [1: first])
            state.skills[id] = skill
            state.order.append(id)
            return skill.json
        }
    }

    func skill(_ id: String) -> Skill? { state.withLockedValue { $0.skills[id] } }

    /// Every skill, oldest first.
    func skills() -> [JSON] { state.withLockedValue { state in state.order.compactMap { state.skills[$0]?.json } } }

    /// Adds the next version; nil when the skill is unknown.
    func addVersion(to id: String, _ bundle: SkillBundle, makeDefault: Bool) -> JSON? {
        state.withLockedValue { state in
            guard var skill = state.skills[id] else { return nil }
            skill.highestNumber += 1
            let version = state.version(of: bundle, number: skill.highestNumber)
            skill.versions[version.number] = version
            if makeDefault { skill.defaultVersion = version.number }
            state.skills[id] = skill
            return skill.json(version)
        }
    }

    /// Moves the default; false when the version doesn't exist.
    func setDefault(of id: String, to number: Int) -> Bool {
        state.withLockedValue { state in
            guard state.skills[id]?.versions[number] != nil else { return false }
            state.skills[id]?.defaultVersion = number
            return true
        }
    }

    func delete(_ id: String) -> Bool {
        state.withLockedValue { state in
            guard state.skills.removeValue(forKey: id) != nil else { return false }
            state.order.removeAll { $0 == id }
            return true
        }
    }

    func deleteVersion(_ number: Int, of id: String) -> Version? {
        state.withLockedValue { state in state.skills[id]?.versions.removeValue(forKey: number) }
    }
}
