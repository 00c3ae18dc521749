import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/chat/completions/{completion_id}…`: the chat completions created with `store: true` (streamed or not),
/// kept with their request messages and metadata, listed, updated and deleted as the API does.
final class OpenAIStoredChat: Sendable {
    private struct Stored: Sendable {
        var completion: JSON
        var messages: [JSON]
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var completions: [String: Stored] = [:]
        var order: [String] = []
    }

    private let state = NIOLockedValueBox(State())

    static func register(on routes: inout SandboxRoutes) {
        routes.add(.get, "/v1/chat/completions") { route in store(route).list(route.request) }
        routes.add(.get, "/v1/chat/completions/{completion_id}") { route in store(route).retrieve(route.parameter("completion_id")) }
        routes.add(.post, "/v1/chat/completions/{completion_id}") { route in
            store(route).update(route.parameter("completion_id"), route.request.jsonBody)
        }
        routes.add(.delete, "/v1/chat/completions/{completion_id}") { route in store(route).delete(route.parameter("completion_id")) }
        routes.add(.get, "/v1/chat/completions/{completion_id}/messages") { route in
            store(route).messages(route.parameter("completion_id"), route.request)
        }
    }

    /// The sandbox's stored chat completions.
    static func store(_ route: SandboxRouteRequest) -> OpenAIStoredChat { store(route.state) }

    static func store(_ state: SandboxState) -> OpenAIStoredChat { state.store(OpenAIStoredChat.self) { OpenAIStoredChat() } }

    /// A new id for a completion about to be stored (stored ones need distinct ids; others keep the usual one).
    func nextID() -> String {
        state.withLockedValue { $0.ids.nextID("chatcmpl", separator: "-stored") }
    }

    /// Keeps `completion` (the non-streamed object, whichever form was sent) with the request's messages and metadata.
    func keep(_ completion: JSON, request body: JSON) {
        guard let id = completion["id"]?.string else { return }
        var completion = completion
        completion["metadata"] = body["metadata"]?.objectValue ?? [:]
        completion["request_id"] = .string("req_\(id)")
        completion["seed"] = body["seed"] ?? .null
        completion["temperature"] = body["temperature"] ?? 1.0
        completion["top_p"] = body["top_p"] ?? 1.0
        completion["tool_choice"] = body["tool_choice"] ?? .null
        let messages = (body["messages"]?.objects ?? []).enumerated().map { index, message in
            var stored: JSON = [
                "id": .string("\(id)-\(index)"), "role": message["role"] ?? "user", "content": .null, "content_parts": .null,
                "refusal": .null, "annotations": [],
            ]
            if let text = message["content"]?.string {
                stored["content"] = .string(text)
            } else if let parts = message["content"]?.array {
                stored["content_parts"] = .array(parts)
            }
            for key in ["name", "tool_calls", "tool_call_id"] where message[key] != nil { stored[key] = message[key] }
            return stored
        }
        state.withLockedValue { state in
            state.completions[id] = Stored(completion: completion, messages: messages)
            state.order.append(id)
        }
    }

    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Chat completion with id '\(id)' not found.", type: "invalid_request_error", param: "completion_id")
    }

    /// `GET /chat/completions`: filtered by `model` and `metadata[key]=value`, oldest first unless `order=desc`.
    func list(_ request: RecordedRequest) -> ResponsePlan {
        if let limit = request.queryValue("limit"), Int(limit).map({ (1...100).contains($0) }) != true {
            return .error(status: 400, message: "limit must be between 1 and 100.", type: "invalid_request_error", param: "limit")
        }
        var filters: [(String, String)] = []
        for item in request.query where item.name.hasPrefix("metadata[") && item.name.hasSuffix("]") {
            filters.append((String(item.name.dropFirst("metadata[".count).dropLast()), item.value))
        }
        let model = request.queryValue("model")
        let items: [JSON] = state.withLockedValue { state in
            state.order.compactMap { state.completions[$0]?.completion }.filter { completion in
                if let model, completion["model"]?.string != model { return false }
                return filters.allSatisfy { completion["metadata"]?[$0.0]?.string == $0.1 }
            }
        }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "asc"))
    }

    /// `GET /chat/completions/{id}`.
    func retrieve(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard let stored = state.completions[id] else { return notFound(id) }
            return .json(stored.completion)
        }
    }

    /// `POST /chat/completions/{id}`: replaces the metadata (the only field that can change).
    func update(_ id: String, _ body: JSON?) -> ResponsePlan {
        guard let metadata = body?["metadata"], metadata.object != nil || metadata.isNull else {
            return .error(status: 400, message: "Missing required parameter: 'metadata'.", type: "invalid_request_error", code: "missing_required_parameter", param: "metadata")
        }
        if let members = metadata.object {
            if members.count > 16 {
                return .error(status: 400, message: "Invalid 'metadata': too many properties. Expected at most 16.", type: "invalid_request_error", param: "metadata")
            }
            if let bad = members.first(where: { $0.value.string == nil }) {
                return .error(status: 400, message: "Invalid type for 'metadata.\(bad.key)': expected a string.", type: "invalid_request_error", param: "metadata.\(bad.key)")
            }
        }
        return state.withLockedValue { state in
            guard var stored = state.completions[id] else { return notFound(id) }
            stored.completion["metadata"] = metadata.object == nil ? [:] : metadata
            state.completions[id] = stored
            return .json(stored.completion)
        }
    }

    /// `DELETE /chat/completions/{id}`.
    func delete(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard state.completions.removeValue(forKey: id) != nil else { return notFound(id) }
            state.order.removeAll { $0 == id }
            return .json(["object": "chat.completion.deleted", "id": .string(id), "deleted": true])
        }
    }

    /// `GET /chat/completions/{id}/messages`: the request's messages, oldest first unless `order=desc`.
    func messages(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        state.withLockedValue { state in
            guard let stored = state.completions[id] else { return notFound(id) }
            return .json(OpenAIFiles.page(stored.messages, request, defaultLimit: 20, defaultOrder: "asc"))
        }
    }
}
