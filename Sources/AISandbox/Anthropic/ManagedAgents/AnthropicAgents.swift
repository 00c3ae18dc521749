import AIServerKit
import Foundation

/// Managed Agents' /v1/agents routes: agents with versions (each change makes version n+1, the old versions stay
/// readable with `?version=` and listed at `/versions`), an update refused with 409 when the `version` it sends is
/// stale, archiving, and the definition checked as the API checks it (model, tools, MCP servers, skills).
enum AnthropicAgents {
    static let kind = ManagedResourceKind(type: "agent", idPrefix: "agent", noun: "agent")

    static func register(on routes: inout SandboxRoutes) {
        let resource = ManagedResourceRoutes(
            kind: kind, path: "/v1/agents", idParameter: "agent_id",
            create: { body, state, _ in try AgentDefinition.create(body, state) },
            update: { body, object, state in try AgentDefinition.update(body, &object, state) },
            written: { object, previous, state in recordVersion(&object, previous: previous, &state) },
            retrieve: { object, route, state in try version(of: object, route, state) })
        resource.register(on: &routes)
        routes.add(.get, "/v1/agents/{agent_id}/versions") { route in
            resource.answer(route) { state in
                let object = try resource.find(route, state)
                let versions = state.history[kind.type]?[object["id"]?.string ?? ""] ?? [.object(object)]
                return try ManagedResourcePaging.page(versions.reversed(), route)
            }
        }
    }

    /// Counts a change as the next version and keeps its snapshot; a create is version 1.
    private static func recordVersion(_ object: inout [String: JSON], previous: [String: JSON]?, _ state: inout ManagedResourceStore.State) {
        object["version"] = .int((previous?["version"]?.int ?? 0) + 1)
        let id = object["id"]?.string ?? ""
        state.history[kind.type, default: [:]][id, default: []].append(.object(object))
    }

    /// The agent as it was at `?version=n` (the latest without one).
    private static func version(of object: [String: JSON], _ route: SandboxRouteRequest, _ state: ManagedResourceStore.State) throws -> JSON {
        guard let text = route.request.queryValue("version") else { return .object(object) }
        guard let number = Int(text), number >= 1 else {
            throw ManagedResourceFailure.invalid("version: Input should be greater than or equal to 1")
        }
        let id = object["id"]?.string ?? ""
        guard let snapshot = state.history[kind.type]?[id]?.first(where: { $0["version"]?.int == number }) else {
            throw ManagedResourceFailure.notFound("Agent \(id) has no version \(number).")
        }
        return snapshot
    }
}
