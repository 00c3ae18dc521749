import AIServerKit
import Foundation

/// A session's resources (`/resources`) and threads (`/threads`, with their events and streams).
extension AnthropicSessions {
    static func registerResources(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/sessions/{session_id}/resources") { route in
            answer(route) { state in
                var object = try session(route, state)
                try refuseArchived(object)
                let body = try ManagedRequestBody(route)
                guard body.fields["type"]?.string == "file" else {
                    throw ManagedResourceFailure.invalid("type: Input should be 'file'")
                }
                let resource = try resource(.object(body.fields), key: "body", now: state.now(), &state)
                object["resources"] = .array((object["resources"]?.array ?? []) + [.object(resource)])
                object["updated_at"] = .string(state.now())
                state.put(object, in: kind.type)
                return .object(resource)
            }
        }
        routes.add(.get, "/v1/sessions/{session_id}/resources") { route in
            answer(route) { state in try ManagedResourcePaging.page(try session(route, state)["resources"]?.array ?? [], route) }
        }
        routes.add(.get, "/v1/sessions/{session_id}/resources/{resource_id}") { route in
            answer(route) { state in try findResource(route, state).resource }
        }
        routes.add(.post, "/v1/sessions/{session_id}/resources/{resource_id}") { route in
            answer(route) { state in
                var (object, index, resource) = try findResource(route, state)
                try refuseArchived(object)
                let token = try ManagedRequestBody(route).requiredString("authorization_token")
                guard resource["type"]?.string == "github_repository", !token.isEmpty else {
                    throw ManagedResourceFailure.invalid("Only a github_repository resource has an authorization token to update.")
                }
                resource["updated_at"] = .string(state.now())
                var resources = object["resources"]?.array ?? []
                resources[index] = resource
                object["resources"] = .array(resources)
                state.put(object, in: kind.type)
                return resource
            }
        }
        routes.add(.delete, "/v1/sessions/{session_id}/resources/{resource_id}") { route in
            answer(route) { state in
                var (object, index, _) = try findResource(route, state)
                var resources = object["resources"]?.array ?? []
                resources.remove(at: index)
                object["resources"] = .array(resources)
                object["updated_at"] = .string(state.now())
                state.put(object, in: kind.type)
                return ["id": .string(route.parameter("resource_id")), "type": "session_resource_deleted"]
            }
        }
    }

    /// The session, the index of the resource the path names in its `resources`, and the resource (a memory
    /// store answers to its store's id).
    private static func findResource(
        _ route: SandboxRouteRequest, _ state: State
    ) throws -> (session: [String: JSON], index: Int, resource: JSON) {
        let object = try session(route, state)
        let id = route.parameter("resource_id")
        let resources = object["resources"]?.array ?? []
        guard let index = resources.firstIndex(where: { ($0["id"] ?? $0["memory_store_id"])?.string == id }) else {
            throw ManagedResourceFailure.notFound("Resource \(id) not found in session \(object["id"]?.string ?? "").")
        }
        return (object, index, resources[index])
    }

    static func registerThreads(on routes: inout SandboxRoutes) {
        routes.add(.get, "/v1/sessions/{session_id}/threads") { route in
            answer(route) { state in
                let id = try session(route, state)["id"]?.string ?? ""
                var items = state.all(threads).filter { $0["session_id"]?.string == id }
                let statuses = route.request.query.filter { $0.name == "statuses[]" || $0.name == "statuses" }.map(\.value)
                if !statuses.isEmpty { items = items.filter { statuses.contains($0["status"]?.string ?? "") } }
                return try ManagedResourcePaging.page(items.map(JSON.object), route)
            }
        }
        routes.add(.get, "/v1/sessions/{session_id}/threads/{thread_id}") { route in
            answer(route) { state in .object(try thread(route, state)) }
        }
        routes.add(.post, "/v1/sessions/{session_id}/threads/{thread_id}/archive") { route in
            answer(route) { state in
                var object = try thread(route, state)
                if object["archived_at"]?.isNull != false {
                    let now = state.now()
                    object["archived_at"] = .string(now)
                    object["updated_at"] = .string(now)
                    state.put(object, in: threads)
                }
                return .object(object)
            }
        }
        routes.add(.get, "/v1/sessions/{session_id}/threads/{thread_id}/events") { route in
            answer(route) { state in
                let object = try thread(route, state)
                return try page(log(object["session_id"]?.string ?? "", state), route)
            }
        }
        routes.add(.get, "/v1/sessions/{session_id}/threads/{thread_id}/stream") { route in stream(route, thread: "thread_id") }
    }

    /// The thread the path names, in the session the path names.
    private static func thread(_ route: SandboxRouteRequest, _ state: State) throws -> [String: JSON] {
        let sessionID = try session(route, state)["id"]?.string ?? ""
        let id = route.parameter("thread_id")
        guard let object = state.object(id, in: threads), object["session_id"]?.string == sessionID else {
            throw ManagedResourceFailure.notFound("Thread \(id) not found.")
        }
        return object
    }
}
