import AIServerKit
import Foundation

/// `/v1/skills`: skills uploaded as folders (`files[]`) or zips, their versions, default version and zip downloads.
enum OpenAISkills {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/skills") { route in create(route) }
        routes.add(.get, "/v1/skills") { route in list(route) }
        routes.add(.get, "/v1/skills/{skill_id}") { route in
            withSkill(route) { skill in .json(skill.json) }
        }
        routes.add(.post, "/v1/skills/{skill_id}") { route in update(route) }
        routes.add(.delete, "/v1/skills/{skill_id}") { route in
            let id = route.parameter("skill_id")
            guard store(route).delete(id) else { return notFound(id) }
            return .json(["id": .string(id), "object": "skill.deleted", "deleted": true])
        }
        routes.add(.get, "/v1/skills/{skill_id}/content") { route in
            withSkill(route) { skill in zip(skill.versions[skill.defaultVersion]?.zip ?? Data()) }
        }
        routes.add(.post, "/v1/skills/{skill_id}/versions") { route in createVersion(route) }
        routes.add(.get, "/v1/skills/{skill_id}/versions") { route in
            withSkill(route) { skill in
                let items = skill.versions.keys.sorted().compactMap { skill.versions[$0].map(skill.json) }
                return page(items, route.request)
            }
        }
        routes.add(.get, "/v1/skills/{skill_id}/versions/{version}") { route in
            withVersion(route) { skill, version in .json(skill.json(version)) }
        }
        routes.add(.delete, "/v1/skills/{skill_id}/versions/{version}") { route in deleteVersion(route) }
        routes.add(.get, "/v1/skills/{skill_id}/versions/{version}/content") { route in
            withVersion(route) { _, version in zip(version.zip) }
        }
    }

    private static func store(_ route: SandboxRouteRequest) -> OpenAISkillsStore {
        route.state.store(OpenAISkillsStore.self) { OpenAISkillsStore() }
    }

    private static func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No skill found with id '\(id)'.", type: "invalid_request_error", param: "skill_id")
    }

    private static func invalid(_ message: String, param: String) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    private static func zip(_ data: Data) -> ResponsePlan {
        ResponsePlan(status: 200, contentType: "application/zip", body: .full(Array(data)))
    }

    private static func withSkill(_ route: SandboxRouteRequest, _ body: (OpenAISkillsStore.Skill) -> ResponsePlan) -> ResponsePlan {
        let id = route.parameter("skill_id")
        guard let skill = store(route).skill(id) else { return notFound(id) }
        return body(skill)
    }

    private static func withVersion(
        _ route: SandboxRouteRequest, _ body: (OpenAISkillsStore.Skill, OpenAISkillsStore.Version) -> ResponsePlan
    ) -> ResponsePlan {
        withSkill(route) { skill in
            let text = route.parameter("version")
            guard let number = Int(text), let version = skill.versions[number] else {
                return .error(
                    status: 404, message: "No version '\(text)' found for skill '\(skill.id)'.", type: "invalid_request_error", param: "version")
            }
            return body(skill, version)
        }
    }

    /// The upload's bundle, or the 400 that refuses it.
    private static func bundle(_ request: RecordedRequest) -> Result<(SkillBundle, [Multipart.Part]), SkillBundle.Refusal> {
        guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")) else {
            return .failure(SkillBundle.Refusal(message: "Expected a multipart/form-data body with the skill's files."))
        }
        do {
            return .success((try SkillBundle.read(parts), parts))
        } catch {
            return .failure(error)
        }
    }

    /// `POST /skills`.
    private static func create(_ route: SandboxRouteRequest) -> ResponsePlan {
        switch bundle(route.request) {
        case .failure(let refusal): return invalid(refusal.message, param: refusal.param)
        case .success(let (bundle, _)): return .json(store(route).create(bundle))
        }
    }

    /// `POST /skills/{id}/versions`, with an optional `default` form field.
    private static func createVersion(_ route: SandboxRouteRequest) -> ResponsePlan {
        withSkill(route) { skill in
            switch bundle(route.request) {
            case .failure(let refusal): return invalid(refusal.message, param: refusal.param)
            case .success(let (bundle, parts)):
                let flag = parts.first { $0.name == "default" }.map { String(decoding: $0.data, as: UTF8.self).lowercased() }
                guard flag == nil || flag == "true" || flag == "false" else {
                    return invalid("'default' must be true or false.", param: "default")
                }
                guard let version = store(route).addVersion(to: skill.id, bundle, makeDefault: flag == "true") else {
                    return notFound(skill.id)
                }
                return .json(version)
            }
        }
    }

    /// `POST /skills/{id}` with `{"default_version": "N"}`.
    private static func update(_ route: SandboxRouteRequest) -> ResponsePlan {
        withSkill(route) { skill in
            guard let text = route.json["default_version"]?.string else {
                return invalid("'default_version' is a required property", param: "default_version")
            }
            guard let number = Int(text), store(route).setDefault(of: skill.id, to: number) else {
                return invalid("Skill '\(skill.id)' has no version '\(text)'.", param: "default_version")
            }
            return .json(store(route).skill(skill.id)?.json ?? skill.json)
        }
    }

    /// `DELETE /skills/{id}/versions/{n}`; the default version can't go while it is the default.
    private static func deleteVersion(_ route: SandboxRouteRequest) -> ResponsePlan {
        withVersion(route) { skill, version in
            guard version.number != skill.defaultVersion else {
                return invalid(
                    "Version \(version.number) is the default version of skill '\(skill.id)'; make another version the default first, or delete the skill.",
                    param: "version")
            }
            _ = store(route).deleteVersion(version.number, of: skill.id)
            return .json(["id": .string(version.id), "object": "skill.version.deleted", "deleted": true, "version": .string(String(version.number))])
        }
    }

    /// `GET /skills`: newest first unless asked otherwise, at most 100 a page.
    private static func list(_ route: SandboxRouteRequest) -> ResponsePlan {
        page(store(route).skills(), route.request)
    }

    private static func page(_ items: [JSON], _ request: RecordedRequest) -> ResponsePlan {
        if let text = request.queryValue("limit"), Int(text).map({ (0...100).contains($0) }) != true {
            return invalid("'limit' must be an integer between 0 and 100.", param: "limit")
        }
        if let order = request.queryValue("order"), order != "asc", order != "desc" {
            return invalid("'order' must be 'asc' or 'desc'.", param: "order")
        }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
    }
}
