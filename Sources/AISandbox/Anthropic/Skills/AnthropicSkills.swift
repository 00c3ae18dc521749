import AIServerKit
import Foundation

/// Anthropic's `/v1/skills`: skills uploaded as folders (`files[]` named by their paths), their versions, and
/// Anthropic's published skills (`pptx`, `xlsx`, `docx`, `pdf`) listed beside them, read-only.
///
/// A request reaches these routes when it carries `anthropic-version` (the OpenAI skills share the paths).
enum AnthropicSkills {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/skills") { route in create(route) }
        routes.add(.get, "/v1/skills") { route in list(route) }
        routes.add(.get, "/v1/skills/{skill_id}") { route in
            withSkill(route) { skill in .json(skill.json) }
        }
        routes.add(.delete, "/v1/skills/{skill_id}") { route in delete(route) }
        routes.add(.post, "/v1/skills/{skill_id}/versions") { route in createVersion(route) }
        routes.add(.get, "/v1/skills/{skill_id}/versions") { route in
            withSkill(route) { skill in page(skill.versions.reversed().map(\.json), route.request) }
        }
        routes.add(.get, "/v1/skills/{skill_id}/versions/{version}") { route in
            withVersion(route) { _, version in .json(version.json) }
        }
        routes.add(.delete, "/v1/skills/{skill_id}/versions/{version}") { route in deleteVersion(route) }
    }

    private static func store(_ route: SandboxRouteRequest) -> AnthropicSkillsStore {
        route.state.store(AnthropicSkillsStore.self) { AnthropicSkillsStore() }
    }

    private static func invalid(_ message: String) -> ResponsePlan {
        AnthropicMessages.error(400, type: "invalid_request_error", message: message)
    }

    private static func readOnly(_ skill: AnthropicSkillsStore.Skill) -> ResponsePlan {
        AnthropicMessages.error(
            403, type: "permission_error", message: "Skill '\(skill.id)' is published by Anthropic and cannot be changed or deleted.")
    }

    private static func withSkill(_ route: SandboxRouteRequest, _ body: (AnthropicSkillsStore.Skill) -> ResponsePlan) -> ResponsePlan {
        let id = route.parameter("skill_id")
        guard let skill = store(route).skill(id) else {
            return AnthropicMessages.error(404, type: "not_found_error", message: "Skill not found: \(id)")
        }
        return body(skill)
    }

    private static func withVersion(
        _ route: SandboxRouteRequest, _ body: (AnthropicSkillsStore.Skill, AnthropicSkillsStore.Version) -> ResponsePlan
    ) -> ResponsePlan {
        withSkill(route) { skill in
            let reference = route.parameter("version")
            guard let version = skill.version(reference) else {
                return AnthropicMessages.error(404, type: "not_found_error", message: "Skill version not found: \(reference) (skill \(skill.id))")
            }
            return body(skill, version)
        }
    }

    /// `POST /v1/skills`.
    private static func create(_ route: SandboxRouteRequest) -> ResponsePlan {
        do {
            return .json(store(route).create(try AnthropicSkillUpload.read(route.request)).json)
        } catch {
            return invalid(error.message)
        }
    }

    /// `POST /v1/skills/{id}/versions`: the upload's name must be the skill's.
    private static func createVersion(_ route: SandboxRouteRequest) -> ResponsePlan {
        withSkill(route) { skill in
            guard !skill.isReadOnly else { return readOnly(skill) }
            let upload: AnthropicSkillUpload
            do throws(AnthropicSkillUpload.Refusal) {
                upload = try AnthropicSkillUpload.read(route.request)
            } catch {
                return invalid(error.message)
            }
            guard upload.name == skill.name else {
                return invalid("SKILL.md: 'name' is '\(upload.name)' but this skill is named '\(skill.name)'; every version of a skill keeps its name")
            }
            guard let version = store(route).addVersion(to: skill.id, upload) else {
                return AnthropicMessages.error(404, type: "not_found_error", message: "Skill not found: \(skill.id)")
            }
            return .json(version.json)
        }
    }

    /// `DELETE /v1/skills/{id}`: only once its versions are deleted.
    private static func delete(_ route: SandboxRouteRequest) -> ResponsePlan {
        withSkill(route) { skill in
            guard !skill.isReadOnly else { return readOnly(skill) }
            switch store(route).delete(skill.id) {
            case .deleted:
                return .json(["type": "skill_deleted", "id": .string(skill.id)] as JSON)
            case .hasVersions(let count):
                return invalid("Skill '\(skill.id)' still has \(count) version(s); delete every version before deleting the skill.")
            case .notFound:
                return AnthropicMessages.error(404, type: "not_found_error", message: "Skill not found: \(skill.id)")
            }
        }
    }

    /// `DELETE /v1/skills/{id}/versions/{version}`, by version id.
    private static func deleteVersion(_ route: SandboxRouteRequest) -> ResponsePlan {
        withSkill(route) { skill in
            guard !skill.isReadOnly else { return readOnly(skill) }
            let versionID = route.parameter("version")
            guard let removed = store(route).deleteVersion(versionID, of: skill.id) else {
                return AnthropicMessages.error(404, type: "not_found_error", message: "Skill version not found: \(versionID) (skill \(skill.id))")
            }
            return .json(["type": "skill_version_deleted", "id": .string(removed.id)] as JSON)
        }
    }

    /// `GET /v1/skills`, with the `source` filter.
    private static func list(_ route: SandboxRouteRequest) -> ResponsePlan {
        let source = route.request.queryValue("source")
        if let source, !["custom", "anthropic", "anthropic_example", "plugin"].contains(source) {
            return invalid("source: must be one of 'custom', 'anthropic', 'anthropic_example' or 'plugin'; got '\(source)'")
        }
        let skills = store(route).skills().filter { source == nil || $0.source == source }
        return page(skills.map(\.json), route.request)
    }

    /// A page of `items` by `limit` (1–1000, default 20) and the opaque `page` cursor a previous page gave as `next_page`.
    private static func page(_ items: [JSON], _ request: RecordedRequest) -> ResponsePlan {
        let limit: Int
        if let text = request.queryValue("limit") {
            guard let value = Int(text), (1...1000).contains(value) else { return invalid("limit: must be an integer from 1 to 1000; got '\(text)'") }
            limit = value
        } else {
            limit = 20
        }
        var start = 0
        if let token = request.queryValue("page"), !token.isEmpty {
            guard token.hasPrefix("page_"), let offset = Int(token.dropFirst(5)), offset >= 0 else {
                return invalid("page: invalid page token '\(token)'")
            }
            start = min(offset, items.count)
        }
        let end = min(start + limit, items.count)
        let next: JSON = end < items.count ? .string("page_\(end)") : .null
        return .json(["data": .array(Array(items[start..<end])), "has_more": .bool(end < items.count), "next_page": next])
    }
}
