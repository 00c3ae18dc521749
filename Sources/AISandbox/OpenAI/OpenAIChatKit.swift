import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/chatkit/…` (beta; every request needs `OpenAI-Beta: chatkit_beta=v1`): sessions and threads.
///
/// Creating a session opens a new, empty thread for its user, as the ChatKit UI does when it starts; a thread
/// with messages is made with ``Sandbox/addChatKitThread(user:title:messages:)``. Cancelling a session makes it
/// `cancelled` (again: no change); deleting a thread deletes its items.
final class OpenAIChatKit: Sendable {
    private struct State: Sendable {
        var sessionIDs = SandboxCounter()
        var threadIDs = SandboxCounter()
        var itemIDs = SandboxCounter()
        var sessions: [String: JSON] = [:]
        var threads: [String: JSON] = [:]
        var threadOrder: [String] = []
        var items: [String: [JSON]] = [:]
        var clock = 1_760_000_000

        mutating func tick() -> Int {
            clock += 1
            return clock
        }

        mutating func addThread(user: String, title: String?) -> String {
            let id = threadIDs.nextID("cthr", separator: "_sandbox")
            threads[id] = [
                "id": .string(id), "object": "chatkit.thread", "created_at": .int(tick()), "title": JSON(title),
                "status": ["type": "active"], "user": .string(user),
            ]
            threadOrder.append(id)
            items[id] = []
            return id
        }
    }

    private let state = NIOLockedValueBox(State())

    static func store(_ state: SandboxState) -> OpenAIChatKit {
        state.store(OpenAIChatKit.self) { OpenAIChatKit() }
    }

    static func register(on routes: inout SandboxRoutes) {
        func beta(_ handler: @escaping @Sendable (SandboxRouteRequest) -> ResponsePlan) -> SandboxRoutes.Handler {
            { route in
                guard let header = route.request.header("openai-beta"), header.split(separator: ",").contains(where: {
                    $0.trimmingCharacters(in: .whitespaces) == "chatkit_beta=v1"
                }) else {
                    return .error(
                        status: 400, message: "You must provide the 'OpenAI-Beta' header to access the ChatKit API: 'OpenAI-Beta: chatkit_beta=v1'.",
                        type: "invalid_request_error")
                }
                return handler(route)
            }
        }
        routes.add(.post, "/v1/chatkit/sessions", beta { route in store(route.state).createSession(route.json) })
        routes.add(.post, "/v1/chatkit/sessions/{session_id}/cancel", beta { route in store(route.state).cancel(route.parameter("session_id")) })
        routes.add(.get, "/v1/chatkit/threads", beta { route in store(route.state).listThreads(route.request) })
        routes.add(.get, "/v1/chatkit/threads/{thread_id}", beta { route in store(route.state).thread(route.parameter("thread_id")) })
        routes.add(.delete, "/v1/chatkit/threads/{thread_id}", beta { route in store(route.state).deleteThread(route.parameter("thread_id")) })
        routes.add(.get, "/v1/chatkit/threads/{thread_id}/items", beta { route in
            store(route.state).listItems(route.parameter("thread_id"), route.request)
        })
    }

    private static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    private static func threadNotFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "No thread found with id '\(id)'.", type: "invalid_request_error", param: "thread_id")
    }

    // MARK: Sessions

    /// `POST /chatkit/sessions`.
    func createSession(_ body: JSON) -> ResponsePlan {
        guard let workflowID = body["workflow"]?["id"]?.string, !workflowID.isEmpty else {
            return Self.invalid("Missing required parameter: 'workflow.id'.", param: "workflow.id")
        }
        guard let user = body["user"]?.string, !user.isEmpty else { return Self.invalid("Missing required parameter: 'user'.", param: "user") }
        let seconds = body["expires_after"]?["seconds"]?.int ?? 600
        guard (1...600).contains(seconds) else {
            return Self.invalid("'expires_after.seconds' must be between 1 and 600.", param: "expires_after.seconds")
        }
        let perMinute = body["rate_limits"]?["max_requests_per_1_minute"]?.int ?? 10
        guard perMinute >= 1 else {
            return Self.invalid("'rate_limits.max_requests_per_1_minute' must be at least 1.", param: "rate_limits.max_requests_per_1_minute")
        }
        let configuration = body["chatkit_configuration"]
        let upload = configuration?["file_upload"]
        let uploadEnabled = upload?["enabled"]?.bool ?? false
        let history = configuration?["history"]
        let resolved: JSON = [
            "automatic_thread_titling": ["enabled": .bool(configuration?["automatic_thread_titling"]?["enabled"]?.bool ?? true)],
            "file_upload": [
                "enabled": .bool(uploadEnabled), "max_file_size": uploadEnabled ? .int(upload?["max_file_size"]?.int ?? 512) : .null,
                "max_files": uploadEnabled ? .int(upload?["max_files"]?.int ?? 10) : .null,
            ],
            "history": ["enabled": .bool(history?["enabled"]?.bool ?? true), "recent_threads": history?["recent_threads"] ?? .null],
        ]
        let workflow: JSON = [
            "id": .string(workflowID), "version": body["workflow"]?["version"] ?? .null,
            "state_variables": body["workflow"]?["state_variables"] ?? .null,
            "tracing": ["enabled": .bool(body["workflow"]?["tracing"]?["enabled"]?.bool ?? true)],
        ]
        let now = Int(Date().timeIntervalSince1970)
        return state.withLockedValue { state in
            let id = state.sessionIDs.nextID("cksess", separator: "_sandbox")
            let session: JSON = [
                "id": .string(id), "object": "chatkit.session", "expires_at": .int(now + seconds),
                "client_secret": .string("ek_sandbox_chatkit_\(id)"), "workflow": workflow, "user": .string(user),
                "rate_limits": ["max_requests_per_1_minute": .int(perMinute)], "max_requests_per_1_minute": .int(perMinute),
                "status": "active", "chatkit_configuration": resolved,
            ]
            state.sessions[id] = session
            _ = state.addThread(user: user, title: nil)
            return .json(session)
        }
    }

    /// `POST /chatkit/sessions/{id}/cancel`.
    func cancel(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard var session = state.sessions[id] else {
                return .error(status: 404, message: "No session found with id '\(id)'.", type: "invalid_request_error", param: "session_id")
            }
            session["status"] = "cancelled"
            state.sessions[id] = session
            return .json(session)
        }
    }

    // MARK: Threads

    /// `GET /chatkit/threads`: newest first unless `order=asc`; `user` filters.
    func listThreads(_ request: RecordedRequest) -> ResponsePlan {
        if let problem = Self.listProblem(request) { return problem }
        let user = request.queryValue("user")
        let items = state.withLockedValue { state in
            state.threadOrder.compactMap { state.threads[$0] }.filter { user == nil || $0["user"]?.string == user }
        }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
    }

    /// `GET /chatkit/threads/{id}`.
    func thread(_ id: String) -> ResponsePlan {
        state.withLockedValue { $0.threads[id] }.map { .json($0) } ?? Self.threadNotFound(id)
    }

    /// `DELETE /chatkit/threads/{id}`: with its items.
    func deleteThread(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard state.threads.removeValue(forKey: id) != nil else { return Self.threadNotFound(id) }
            state.threadOrder.removeAll { $0 == id }
            state.items[id] = nil
            return .json(["id": .string(id), "object": "chatkit.thread.deleted", "deleted": true] as JSON)
        }
    }

    /// `GET /chatkit/threads/{id}/items`: newest first unless `order=asc`.
    func listItems(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        if let problem = Self.listProblem(request) { return problem }
        guard let items = state.withLockedValue({ $0.items[id] }) else { return Self.threadNotFound(id) }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "desc"))
    }

    private static func listProblem(_ request: RecordedRequest) -> ResponsePlan? {
        if let limit = request.queryValue("limit"), Int(limit).map({ (0...100).contains($0) }) != true {
            return invalid("'limit' must be an integer between 0 and 100.", param: "limit")
        }
        if let order = request.queryValue("order"), !["asc", "desc"].contains(order) {
            return invalid("Invalid value for 'order': '\(order)'; use 'asc' or 'desc'.", param: "order")
        }
        return nil
    }

    /// A thread of `user` with `messages`, alternately the user's and the assistant's; its id.
    func addThread(user: String, title: String?, messages: [String]) -> String {
        state.withLockedValue { state in
            let threadID = state.addThread(user: user, title: title)
            for (index, text) in messages.enumerated() {
                let id = state.itemIDs.nextID("cthi", separator: "_sandbox")
                var item: JSON = ["id": .string(id), "object": "chatkit.thread_item", "created_at": .int(state.tick()), "thread_id": .string(threadID)]
                if index.isMultiple(of: 2) {
                    item["type"] = "chatkit.user_message"
                    item["content"] = [["type": "input_text", "text": .string(text)]]
                    item["attachments"] = []
                    item["inference_options"] = .null
                } else {
                    item["type"] = "chatkit.assistant_message"
                    item["content"] = [["type": "output_text", "text": .string(text), "annotations": []]]
                }
                state.items[threadID, default: []].append(item)
            }
            return threadID
        }
    }
}

extension Sandbox {
    /// Adds a ChatKit thread of `user`, as if they had chatted in a ChatKit UI: `messages` are alternately the
    /// user's and the assistant's, oldest first. Returns the thread's id (`cthr_…`).
    public func addChatKitThread(user: String, title: String? = nil, messages: [String] = []) -> String {
        OpenAIChatKit.store(state).addThread(user: user, title: title, messages: messages)
    }
}
