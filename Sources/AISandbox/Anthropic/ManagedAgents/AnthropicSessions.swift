import AIServerKit
import Foundation

/// Managed Agents' /v1/sessions routes: sessions of a stored agent in a stored environment, with their event log,
/// live event streams, mounted resources and threads. A `user.message` sets the sandbox agent to work at once (see
/// ``AnthropicSessions/playTurn(_:in:state:)``); its events are appended to the log and reach open streams.
enum AnthropicSessions {
    typealias State = ManagedResourceStore.State

    static let kind = ManagedResourceKind(type: "session", idPrefix: "sesn", noun: "session")
    /// The store's collection of threads.
    static let threads = "session_thread"
    /// The `history` key of each session's event log, by session id.
    static let eventLog = "session_events"
    /// The `history` key of each session's tool uses waiting for a confirmation or a result, by session id.
    static let pending = "session_pending"

    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/sessions") { route in answer(route) { state in try create(route, &state) } }
        routes.add(.get, "/v1/sessions") { route in answer(route) { state in try list(route, state) } }
        routes.add(.get, "/v1/sessions/{session_id}") { route in answer(route) { state in .object(try session(route, state)) } }
        routes.add(.post, "/v1/sessions/{session_id}") { route in answer(route) { state in try update(route, &state) } }
        routes.add(.post, "/v1/sessions/{session_id}/archive") { route in answer(route) { state in try archive(route, &state) } }
        routes.add(.delete, "/v1/sessions/{session_id}") { route in answer(route) { state in try delete(route, &state) } }
        registerEvents(on: &routes)
        registerResources(on: &routes)
        registerThreads(on: &routes)
    }

    /// Runs `body` in one transaction of the Managed Agents store; a thrown failure is the answer.
    static func answer(_ route: SandboxRouteRequest, _ body: (inout State) throws -> JSON) -> ResponsePlan {
        ManagedResourceFailure.answer { try ManagedResourceStore.shared(route).transaction(body) }
    }

    /// The session the path names.
    static func session(_ route: SandboxRouteRequest, _ state: State) throws -> [String: JSON] {
        let id = route.parameter("session_id")
        guard let object = state.object(id, in: kind.type) else { throw ManagedResourceFailure.notFound("Session \(id) not found.") }
        return object
    }

    /// The 400 for changing an archived session or sending it events.
    static func refuseArchived(_ session: [String: JSON]) throws {
        guard session["archived_at"]?.isNull == false else { return }
        throw ManagedResourceFailure.invalid(
            "Session \(session["id"]?.string ?? "") is archived and cannot be modified.", code: "session_archived")
    }

    private static func list(_ route: SandboxRouteRequest, _ state: State) throws -> JSON {
        let request = route.request
        var items = state.all(kind.type)
        if request.queryValue("order") == "desc" || request.queryValue("order") == nil {
            items.reverse()
        } else if request.queryValue("order") != "asc" {
            throw ManagedResourceFailure.invalid("order: Input should be 'asc' or 'desc'")
        }
        items = try ManagedResourcePaging.filterArchived(items, route)
        items = try filterCreated(items, route, field: "created_at")
        if let agentID = request.queryValue("agent_id") {
            let version = try request.queryValue("agent_version").map { text in
                guard let number = Int(text) else { throw ManagedResourceFailure.invalid("agent_version: Input should be a valid integer") }
                return number
            }
            items = items.filter { $0["agent"]?["id"]?.string == agentID && (version == nil || $0["agent"]?["version"]?.int == version) }
        }
        let statuses = request.query.filter { $0.name == "statuses[]" || $0.name == "statuses" }.map(\.value)
        if !statuses.isEmpty { items = items.filter { statuses.contains($0["status"]?.string ?? "") } }
        if let store = request.queryValue("memory_store_id") {
            items = items.filter { ($0["resources"]?.array ?? []).contains { $0["memory_store_id"]?.string == store } }
        }
        if let deployment = request.queryValue("deployment_id") {
            items = items.filter { $0["deployment_id"]?.string == deployment }
        }
        return try ManagedResourcePaging.page(items.map(JSON.object), route)
    }

    /// Keeps the objects whose `field` lies within `created_at[gt|gte|lt|lte]` (each bound optional).
    static func filterCreated(_ items: [[String: JSON]], _ route: SandboxRouteRequest, field: String) throws -> [[String: JSON]] {
        let bounds: [(String, (Date, Date) -> Bool)] = [
            ("created_at[gt]", { $0 > $1 }), ("created_at[gte]", { $0 >= $1 }),
            ("created_at[lt]", { $0 < $1 }), ("created_at[lte]", { $0 <= $1 }),
        ]
        var items = items
        for (name, holds) in bounds {
            guard let bound = try ManagedResourcePaging.date(name, route) else { continue }
            items = items.filter { item in
                guard let date = item[field]?.string.flatMap(ManagedResourceClock.parse) else { return false }
                return holds(date, bound)
            }
        }
        return items
    }

    private static func archive(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        var object = try session(route, state)
        if object["archived_at"]?.isNull != false {
            let now = state.now()
            object["archived_at"] = .string(now)
            object["updated_at"] = .string(now)
            state.put(object, in: kind.type)
        }
        return .object(object)
    }

    private static func delete(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        let object = try session(route, state)
        let id = object["id"]?.string ?? ""
        // Open streams read the log to its end, this last event included, then end.
        append(event("session.deleted", [:], &state), to: id, &state)
        state.remove(id, from: kind.type)
        for thread in state.all(threads) where thread["session_id"]?.string == id {
            state.remove(thread["id"]?.string ?? "", from: threads)
        }
        state.history[pending]?[id] = nil
        return ["id": .string(id), "type": "session_deleted"]
    }

    // MARK: Events in the log

    /// A new event of `type` with an id and `processed_at`, and `fields`.
    static func event(_ type: String, _ fields: [String: JSON], _ state: inout State) -> [String: JSON] {
        var event = fields
        event["id"] = .string(state.newID("sevt"))
        event["type"] = .string(type)
        event["processed_at"] = .string(state.now())
        return event
    }

    /// Appends `event` to session `id`'s log, where open streams pick it up.
    static func append(_ event: [String: JSON], to id: String, _ state: inout State) {
        state.history[eventLog, default: [:]][id, default: []].append(.object(event))
    }

    /// Session `id`'s log, oldest first.
    static func log(_ id: String, _ state: State) -> [JSON] {
        state.history[eventLog]?[id] ?? []
    }
}
