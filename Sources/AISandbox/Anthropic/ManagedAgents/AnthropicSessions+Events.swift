import AIServerKit
import Foundation
import NIOConcurrencyHelpers

extension AnthropicSessions {
    /// The events a client can send, as the API lists them.
    static let sendable = [
        "user.message", "user.interrupt", "user.tool_confirmation", "user.custom_tool_result", "user.define_outcome",
        "user.tool_result", "system.message",
    ]

    static func registerEvents(on routes: inout SandboxRoutes) {
        routes.add(.get, "/v1/sessions/{session_id}/events") { route in
            answer(route) { state in
                let id = try session(route, state)["id"]?.string ?? ""
                return try page(log(id, state), route)
            }
        }
        routes.add(.post, "/v1/sessions/{session_id}/events") { route in answer(route) { state in try send(route, &state) } }
        routes.add(.get, "/v1/sessions/{session_id}/events/stream") { route in stream(route, thread: nil) }
    }

    /// A page of `events` (oldest first unless `order=desc`), filtered by `types[]` and `created_at[…]` (which the
    /// sandbox reads as the events' `processed_at`).
    static func page(_ events: [JSON], _ route: SandboxRouteRequest) throws -> JSON {
        let request = route.request
        var items = events.compactMap(\.object)
        switch request.queryValue("order") {
        case "desc"?: items.reverse()
        case "asc"?, nil: break
        default: throw ManagedResourceFailure.invalid("order: Input should be 'asc' or 'desc'")
        }
        let types = request.query.filter { $0.name == "types[]" || $0.name == "types" }.map(\.value)
        if !types.isEmpty { items = items.filter { types.contains($0["type"]?.string ?? "") } }
        items = try filterCreated(items, route, field: "processed_at")
        return try ManagedResourcePaging.page(items.map(JSON.object), route, maxLimit: 1000)
    }

    /// `POST /v1/sessions/{id}/events`: checks every event first, then records them and lets the agent answer.
    private static func send(_ route: SandboxRouteRequest, _ state: inout State) throws -> JSON {
        let object = try session(route, state)
        try refuseArchived(object)
        let body = try ManagedRequestBody(route)
        guard let events = try body.array("events"), !events.isEmpty else {
            throw ManagedResourceFailure.invalid("events: List should have at least 1 item after validation, not 0")
        }
        let id = object["id"]?.string ?? ""
        let waiting = Set((state.history[pending]?[id] ?? []).compactMap { $0["id"]?.string })
        try validate(events, key: "events", pending: waiting)
        return ["data": .array(try receive(events, in: id, &state))]
    }

    /// Checks events as the API does: a known type, the fields it requires, and answers only to tool uses that
    /// wait for one.
    static func validate(_ events: [JSON], key: String, pending: Set<String>) throws {
        for (index, event) in events.enumerated() {
            let path = "\(key).\(index)"
            guard let object = event.object else { throw ManagedResourceFailure.invalid("\(path): Input should be a valid dictionary or object") }
            let type = object["type"]?.string ?? ""
            guard sendable.contains(type) else {
                let expected = sendable.map { "'\($0)'" }.joined(separator: ", ")
                throw ManagedResourceFailure.invalid(
                    "\(path).type: Input tag '\(type)' found using 'type' does not match any of the expected tags: \(expected)")
            }
            switch type {
            case "user.message", "system.message":
                guard let content = object["content"]?.array, !content.isEmpty else {
                    throw ManagedResourceFailure.invalid("\(path).content: List should have at least 1 item after validation, not 0")
                }
                for (number, block) in content.enumerated() where block["type"]?.string == "text" && block["text"]?.string == nil {
                    throw ManagedResourceFailure.invalid("\(path).content.\(number).text: Field required")
                }
            case "user.tool_confirmation":
                guard let result = object["result"]?.string, result == "allow" || result == "deny" else {
                    throw ManagedResourceFailure.invalid("\(path).result: Input should be 'allow' or 'deny'")
                }
                try requireWaiting(object, field: "tool_use_id", path: path, pending: pending)
            case "user.custom_tool_result":
                try requireWaiting(object, field: "custom_tool_use_id", path: path, pending: pending)
            case "user.tool_result":
                try requireWaiting(object, field: "tool_use_id", path: path, pending: pending)
            case "user.define_outcome":
                guard object["description"]?.string?.isEmpty == false else { throw ManagedResourceFailure.invalid("\(path).description: Field required") }
                guard object["rubric"]?.object != nil else { throw ManagedResourceFailure.invalid("\(path).rubric: Field required") }
            default:
                break
            }
        }
    }

    private static func requireWaiting(_ event: [String: JSON], field: String, path: String, pending: Set<String>) throws {
        guard let id = event[field]?.string, !id.isEmpty else { throw ManagedResourceFailure.invalid("\(path).\(field): Field required") }
        guard pending.contains(id) else {
            throw ManagedResourceFailure.invalid("\(path).\(field): event \(id) is not waiting for an answer.")
        }
    }

    /// Records the client's events in session `id`'s log and plays what the agent does in answer; returns the
    /// recorded events.
    static func receive(_ events: [JSON], in id: String, _ state: inout State) throws -> [JSON] {
        var recorded: [JSON] = []
        for sent in events.compactMap(\.object) {
            var fields = sent
            fields["type"] = nil
            let type = sent["type"]?.string ?? ""
            if type == "user.define_outcome" { fields["outcome_id"] = .string(state.newID("outc")) }
            let event = event(type, fields, &state)
            append(event, to: id, &state)
            recorded.append(.object(event))
            react(to: event, in: id, &state)
        }
        return recorded
    }

    // MARK: Streams

    /// `…/events/stream` (or a thread's `…/stream`): the events logged from now on, as server-sent events named by
    /// their type, with `event_start`/`event_delta` before each `agent.message` when `event_deltas[]` asks. The
    /// stream stays open until the client leaves or the session is deleted.
    static func stream(_ route: SandboxRouteRequest, thread threadParameter: String?) -> ResponsePlan {
        let store = ManagedResourceStore.shared(route)
        let start: Result<(id: String, count: Int), ManagedResourceFailure> = store.transaction { state in
            do {
                let id = try session(route, state)["id"]?.string ?? ""
                if let threadParameter {
                    let threadID = route.parameter(threadParameter)
                    guard let thread = state.object(threadID, in: threads), thread["session_id"]?.string == id else {
                        throw ManagedResourceFailure.notFound("Thread \(threadID) not found.")
                    }
                }
                return .success((id, log(id, state).count))
            } catch let failure as ManagedResourceFailure {
                return .failure(failure)
            } catch {
                return .failure(.invalid("\(error)"))
            }
        }
        guard case .success(let (id, count)) = start else {
            if case .failure(let failure) = start { return failure.plan }
            return .json([:])
        }
        let deltas = Set(route.request.query.filter { $0.name == "event_deltas[]" || $0.name == "event_deltas" }.map(\.value))
        let cursor = NIOLockedValueBox(count)
        let live = SandboxLiveStream {
            let (events, open) = store.transaction { state in
                (Array(log(id, state).dropFirst(cursor.withLockedValue { $0 })), state.object(id, in: kind.type) != nil)
            }
            cursor.withLockedValue { $0 += events.count }
            if events.isEmpty, !open { return nil }
            return events.flatMap { sseEvents(for: $0, deltas: deltas) }
        }
        return ResponsePlan(status: 200, headers: ResponsePlan.eventStreamHeaders, body: .live(live))
    }

    /// One logged event as server-sent events: preceded by its start and text pieces when its type is in `deltas`.
    private static func sseEvents(for event: JSON, deltas: Set<String>) -> [[UInt8]] {
        let type = event["type"]?.string ?? ""
        var events: [[UInt8]] = []
        if deltas.contains(type), let id = event["id"] {
            events.append(JSONText.sseEvent(["type": "event_start", "event": ["id": id, "type": .string(type)]], event: "event_start"))
            for (index, block) in (event["content"]?.array ?? []).enumerated() {
                for piece in SandboxText.tokens(block["text"]?.string ?? "") {
                    let delta: JSON = [
                        "type": "event_delta", "event_id": id,
                        "delta": ["type": "content_delta", "index": .int(index), "content": ["type": "text", "text": .string(piece)]],
                    ]
                    events.append(JSONText.sseEvent(delta, event: "event_delta"))
                }
            }
        }
        events.append(JSONText.sseEvent(event, event: type))
        return events
    }
}
