import AIServerKit
import Foundation

/// `/v1/models`: a fixed catalogue.
enum OpenAIModels {
    static let catalogue: [(id: String, owner: String, created: Int)] = [
        ("gpt-4o", "system", 1_715_367_049),
        ("gpt-4o-mini", "system", 1_721_172_741),
        ("gpt-4.1", "system", 1_744_316_542),
        ("o3-mini", "system", 1_737_146_383),
        ("text-embedding-3-small", "system", 1_705_948_997),
        ("omni-moderation-latest", "system", 1_731_689_265),
        ("gpt-4o-mini-tts", "system", 1_742_403_959),
        ("ft:gpt-4o-mini:sandbox::abc123", "user-sandbox", 1_730_000_000),
    ]

    static func object(_ entry: (id: String, owner: String, created: Int)) -> JSON {
        ["id": .string(entry.id), "object": "model", "created": .int(entry.created), "owned_by": .string(entry.owner)]
    }

    static func list() -> ResponsePlan {
        .json(["object": "list", "data": .array(catalogue.map(object))])
    }

    static func retrieve(id: String) -> ResponsePlan {
        let id = id.removingPercentEncoding ?? id
        guard let entry = catalogue.first(where: { $0.id == id }) else {
            return .error(status: 404, message: "The model '\(id)' does not exist", type: "invalid_request_error", code: "model_not_found", param: "model")
        }
        return .json(object(entry))
    }

    static func delete(id: String) -> ResponsePlan {
        let id = id.removingPercentEncoding ?? id
        guard id.hasPrefix("ft:") else {
            return .error(status: 403, message: "You have insufficient permissions for this operation.", type: "invalid_request_error")
        }
        return .json(["id": .string(id), "object": "model", "deleted": true])
    }
}
