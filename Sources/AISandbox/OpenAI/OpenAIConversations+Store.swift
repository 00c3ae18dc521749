import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// The sandbox's conversations: each one's metadata and its items in the order they were added (by
/// `POST /conversations/{id}/items`, or by a response created with `conversation`).
///
/// Items are kept whole; what `include` asks for (`reasoning.encrypted_content`, `file_search_call.results`) is
/// left out of answers that don't ask for it, as the API does.
final class OpenAIConversationStore: Sendable {
    private struct Conversation: Sendable {
        var object: JSON
        var items: [JSON]
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var conversations: [String: Conversation] = [:]
    }

    private let state = NIOLockedValueBox(State())
    /// The most items one request may add.
    static let maxItemsPerRequest = 20
    static let includable: Set<String> = [
        "file_search_call.results", "web_search_call.results", "web_search_call.action.sources", "message.input_image.image_url",
        "computer_call_output.output.image_url", "code_interpreter_call.outputs", "reasoning.encrypted_content",
        "message.output_text.logprobs",
    ]
    private static let roles = ["assistant", "system", "developer", "user"]

    static func notFound(_ id: String, param: String = "conversation_id") -> ResponsePlan {
        .error(status: 404, message: "Conversation with id '\(id)' not found.", type: "invalid_request_error", param: param)
    }

    private static func badRequest(_ message: String, param: String?, code: String? = "invalid_value") -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", code: code, param: param)
    }

    // MARK: Conversations

    /// `POST /conversations`: `metadata` and up to 20 first `items`, both optional (an empty body is a new, empty
    /// conversation).
    func create(_ request: RecordedRequest) -> ResponsePlan {
        let body: JSON
        if request.body.isEmpty {
            body = [:]
        } else if let json = request.jsonBody {
            body = json
        } else {
            return Self.badRequest("We could not parse the JSON body of your request.", param: nil, code: nil)
        }
        if let error = Self.checkMetadata(body["metadata"]) { return error }
        let (items, error) = normalized(body["items"], in: nil)
        if let error { return error }
        let object = state.withLockedValue { state -> JSON in
            let id = state.ids.nextID("conv")
            let object: JSON = [
                "id": .string(id), "object": "conversation", "created_at": .int(1_700_000_000 + state.ids.count),
                "metadata": body["metadata"].flatMap { $0.isNull ? nil : $0 } ?? [:],
            ]
            state.conversations[id] = Conversation(object: object, items: Self.assigningIDs(items, &state.ids))
            return object
        }
        return .json(object)
    }

    /// `GET /conversations/{id}`.
    func retrieve(_ id: String) -> ResponsePlan {
        guard let conversation = state.withLockedValue({ $0.conversations[id] }) else { return Self.notFound(id) }
        return .json(conversation.object)
    }

    /// `POST /conversations/{id}`: replaces the metadata (required).
    func update(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        guard let metadata = request.jsonBody?["metadata"], !metadata.isNull else {
            return Self.badRequest("Missing required parameter: 'metadata'.", param: "metadata", code: "missing_required_parameter")
        }
        if let error = Self.checkMetadata(metadata) { return error }
        let updated = state.withLockedValue { state -> JSON? in
            state.conversations[id]?.object["metadata"] = metadata
            return state.conversations[id]?.object
        }
        return updated.map { .json($0) } ?? Self.notFound(id)
    }

    /// `DELETE /conversations/{id}`.
    func delete(_ id: String) -> ResponsePlan {
        guard state.withLockedValue({ $0.conversations.removeValue(forKey: id) }) != nil else { return Self.notFound(id) }
        return .json(["id": .string(id), "object": "conversation.deleted", "deleted": true])
    }

    // MARK: Items

    /// `POST /conversations/{id}/items`: up to 20 items; answers the list of the items as stored.
    func addItems(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        let (include, includeError) = Self.include(request)
        if let includeError { return includeError }
        guard let body = request.jsonBody else {
            return Self.badRequest("We could not parse the JSON body of your request.", param: nil, code: nil)
        }
        guard let raw = body["items"], !raw.isNull else {
            return Self.badRequest("Missing required parameter: 'items'.", param: "items", code: "missing_required_parameter")
        }
        guard state.withLockedValue({ $0.conversations[id] }) != nil else { return Self.notFound(id) }
        let (items, error) = normalized(raw, in: id)
        if let error { return error }
        let added = state.withLockedValue { state -> [JSON]? in
            guard state.conversations[id] != nil else { return nil }
            let added = Self.assigningIDs(items, &state.ids)
            state.conversations[id]?.items += added
            return added
        }
        guard let added else { return Self.notFound(id) }
        return .json(Self.list(added.map { Self.shown($0, include: include) }, hasMore: false))
    }

    /// `GET /conversations/{id}/items`: newest first unless `order=asc`; `limit` 1…100 (20 by default), `after`.
    func listItems(_ id: String, _ request: RecordedRequest) -> ResponsePlan {
        let (include, includeError) = Self.include(request)
        if let includeError { return includeError }
        var limit = 20
        if let text = request.queryValue("limit") {
            guard let value = Int(text) else {
                return Self.badRequest("Invalid 'limit': expected an integer, but got '\(text)' instead.", param: "limit", code: "invalid_type")
            }
            guard value >= 1 else {
                return Self.badRequest(
                    "Invalid 'limit': integer below minimum value. Expected a value >= 1, but got \(value) instead.", param: "limit",
                    code: "integer_below_min_value")
            }
            guard value <= 100 else {
                return Self.badRequest(
                    "Invalid 'limit': integer above maximum value. Expected a value <= 100, but got \(value) instead.", param: "limit",
                    code: "integer_above_max_value")
            }
            limit = value
        }
        let order = request.queryValue("order") ?? "desc"
        guard order == "asc" || order == "desc" else {
            return Self.badRequest("Invalid value: '\(order)'. Supported values are: 'asc' and 'desc'.", param: "order")
        }
        guard var items = state.withLockedValue({ $0.conversations[id]?.items }) else { return Self.notFound(id) }
        if order == "desc" { items.reverse() }
        if let after = request.queryValue("after") {
            guard let index = items.firstIndex(where: { $0["id"]?.string == after }) else {
                return .error(status: 404, message: "Item with id '\(after)' not found.", type: "invalid_request_error", param: "after")
            }
            items = Array(items[(index + 1)...])
        }
        let page = items.prefix(limit).map { Self.shown($0, include: include) }
        return .json(Self.list(page, hasMore: items.count > limit))
    }

    /// `GET /conversations/{id}/items/{item_id}`.
    func item(_ id: String, _ itemID: String, _ request: RecordedRequest) -> ResponsePlan {
        let (include, includeError) = Self.include(request)
        if let includeError { return includeError }
        guard let items = state.withLockedValue({ $0.conversations[id]?.items }) else { return Self.notFound(id) }
        guard let item = items.first(where: { $0["id"]?.string == itemID }) else { return Self.itemNotFound(itemID) }
        return .json(Self.shown(item, include: include))
    }

    /// `DELETE /conversations/{id}/items/{item_id}`: answers the conversation.
    func deleteItem(_ id: String, _ itemID: String) -> ResponsePlan {
        let result = state.withLockedValue { state -> ResponsePlan in
            guard var conversation = state.conversations[id] else { return Self.notFound(id) }
            guard let index = conversation.items.firstIndex(where: { $0["id"]?.string == itemID }) else { return Self.itemNotFound(itemID) }
            conversation.items.remove(at: index)
            state.conversations[id] = conversation
            return .json(conversation.object)
        }
        return result
    }

    private static func itemNotFound(_ itemID: String) -> ResponsePlan {
        .error(status: 404, message: "Item with id '\(itemID)' not found.", type: "invalid_request_error", param: "item_id")
    }

    // MARK: Responses

    /// The items of conversation `id`, oldest first (nil: no such conversation): the context of a response created
    /// with `conversation`.
    func items(of id: String) -> [JSON]? {
        state.withLockedValue { $0.conversations[id]?.items }
    }

    /// Adds a response's input and output items to conversation `id` (items without an id get one).
    func append(_ items: [JSON], to id: String) {
        state.withLockedValue { state in
            guard state.conversations[id] != nil else { return }
            state.conversations[id]?.items += Self.assigningIDs(items, &state.ids)
        }
    }

    // MARK: Helpers

    /// Items as the Responses API's input normalizes them (a string content becomes one text part), checked; an
    /// `item_reference` becomes a copy of the item it names in conversation `id`.
    private func normalized(_ raw: JSON?, in id: String?) -> (items: [JSON], error: ResponsePlan?) {
        guard let raw, !raw.isNull else { return ([], nil) }
        guard let array = raw.array else { return ([], Self.badRequest("Invalid type for 'items': expected an array.", param: "items", code: "invalid_type")) }
        guard array.count <= Self.maxItemsPerRequest else {
            return ([], Self.badRequest(
                "Invalid 'items': array too long. Expected an array with maximum length \(Self.maxItemsPerRequest), but got an array with length \(array.count) instead.",
                param: "items", code: "array_above_max_length"))
        }
        for (index, item) in array.enumerated() {
            guard item.object != nil else {
                return ([], Self.badRequest("Invalid type for 'items[\(index)]': expected an object.", param: "items[\(index)]", code: "invalid_type"))
            }
        }
        var items = OpenAIResponses.inputItems(raw)
        for index in items.indices {
            let item = items[index]
            switch item["type"]?.string {
            case "message":
                let role = item["role"]?.string ?? ""
                guard Self.roles.contains(role) else {
                    return ([], Self.badRequest(
                        "Invalid value: '\(role)'. Supported values are: 'assistant', 'system', 'developer', and 'user'.", param: "items[\(index)].role"))
                }
                guard item["content"]?.array != nil else {
                    return ([], Self.badRequest(
                        "Missing required parameter: 'items[\(index)].content'.", param: "items[\(index)].content", code: "missing_required_parameter"))
                }
                if item["status"] == nil { items[index]["status"] = "completed" }
            case "function_call_output":
                guard item["call_id"]?.string != nil, item["output"] != nil else {
                    return ([], Self.badRequest(
                        "Missing required parameter: 'items[\(index)].call_id' and 'output'.", param: "items[\(index)]",
                        code: "missing_required_parameter"))
                }
                if item["status"] == nil { items[index]["status"] = "completed" }
            case "item_reference":
                let referenced = item["id"]?.string ?? ""
                guard let id, let found = state.withLockedValue({ $0.conversations[id]?.items.first { $0["id"]?.string == referenced } }) else {
                    return ([], .error(status: 404, message: "Item with id '\(referenced)' not found.", type: "invalid_request_error", param: "items[\(index)].id"))
                }
                var copy = found
                copy["id"] = nil
                items[index] = copy
            case nil:
                return ([], Self.badRequest(
                    "Missing required parameter: 'items[\(index)].type'.", param: "items[\(index)].type", code: "missing_required_parameter"))
            default:
                break
            }
        }
        return (items, nil)
    }

    /// `items`, each with an id (`msg_…` for messages, `item_…` for the rest) if it had none.
    private static func assigningIDs(_ items: [JSON], _ ids: inout SandboxCounter) -> [JSON] {
        items.map { item in
            guard item["id"]?.string == nil else { return item }
            var item = item
            item["id"] = .string(ids.nextID(item["type"]?.string == "message" ? "msg" : "item"))
            return item
        }
    }

    /// The `include` query values (`include` or `include[]`), checked against what the API knows.
    private static func include(_ request: RecordedRequest) -> (Set<String>, ResponsePlan?) {
        let values = request.query.filter { $0.name == "include" || $0.name == "include[]" }.map(\.value)
        if let unknown = values.first(where: { !includable.contains($0) }) {
            return ([], badRequest(
                "Invalid value: '\(unknown)'. Supported values are: \(includable.sorted().map { "'\($0)'" }.joined(separator: ", ")).",
                param: "include"))
        }
        return (Set(values), nil)
    }

    /// An item as an answer shows it: encrypted reasoning and file search results only when `include` asks.
    private static func shown(_ item: JSON, include: Set<String>) -> JSON {
        var item = item
        if item["type"]?.string == "reasoning", !include.contains("reasoning.encrypted_content") { item["encrypted_content"] = nil }
        if item["type"]?.string == "file_search_call", !include.contains("file_search_call.results") { item["results"] = nil }
        return item
    }

    private static func list(_ items: [JSON], hasMore: Bool) -> JSON {
        ["object": "list", "data": .array(items), "first_id": items.first?["id"] ?? .null, "last_id": items.last?["id"] ?? .null, "has_more": .bool(hasMore)]
    }

    /// Metadata: an object of at most 16 string values, keys up to 64 characters, values up to 512.
    private static func checkMetadata(_ metadata: JSON?) -> ResponsePlan? {
        guard let metadata, !metadata.isNull else { return nil }
        guard let object = metadata.object else {
            return badRequest("Invalid type for 'metadata': expected an object.", param: "metadata", code: "invalid_type")
        }
        guard object.count <= 16 else {
            return badRequest("Invalid 'metadata': too many properties. Expected an object with at most 16 properties, but got \(object.count) instead.", param: "metadata", code: "object_above_max_properties")
        }
        for (key, value) in object {
            guard key.count <= 64 else {
                return badRequest("Invalid 'metadata': key '\(key)' is longer than 64 characters.", param: "metadata", code: "invalid_value")
            }
            guard let text = value.string, text.count <= 512 else {
                return badRequest("Invalid 'metadata.\(key)': expected a string of at most 512 characters.", param: "metadata.\(key)", code: "invalid_value")
            }
        }
        return nil
    }
}
