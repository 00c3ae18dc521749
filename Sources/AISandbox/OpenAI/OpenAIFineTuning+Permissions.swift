import AIServerKit
import Foundation

/// `/v1/fine_tuning/checkpoints/{checkpoint}/permissions`: which projects may use a fine-tuned model checkpoint
/// (a checkpoint's name or a finished job's model).
extension OpenAIFineTuning {
    private func checkpointNotFound(_ checkpoint: String) -> ResponsePlan {
        .error(
            status: 404, message: "Fine-tuned model checkpoint '\(checkpoint)' not found.", type: "invalid_request_error",
            param: "fine_tuned_model_checkpoint")
    }

    /// `POST …/permissions`: one permission per project id.
    func createPermissions(_ checkpoint: String, _ body: JSON) -> ResponsePlan {
        guard let ids = body["project_ids"]?.array, !ids.isEmpty, ids.allSatisfy({ $0.string?.isEmpty == false }) else {
            return .error(status: 400, message: "project_ids must be a non-empty array of project ids.", type: "invalid_request_error", param: "project_ids")
        }
        guard hasCheckpoint(checkpoint) else { return checkpointNotFound(checkpoint) }
        let created = withPermissions { permissions, counter in
            ids.compactMap(\.string).map { project -> JSON in
                let id = counter.nextID("cp", separator: "_sandbox")
                let permission: JSON = [
                    "object": "checkpoint.permission", "id": .string(id), "created_at": .int(1_700_001_000 + counter.count),
                    "project_id": .string(project),
                ]
                permissions[checkpoint, default: []].append(permission)
                return permission
            }
        }
        return .json([
            "object": "list", "data": .array(created), "first_id": created.first?["id"] ?? .null, "last_id": created.last?["id"] ?? .null,
            "has_more": false,
        ])
    }

    /// `GET …/permissions`: newest first unless `order=ascending`, filtered by `project_id`.
    func listPermissions(_ checkpoint: String, _ request: RecordedRequest) -> ResponsePlan {
        let order = request.queryValue("order") ?? "descending"
        guard order == "ascending" || order == "descending" else {
            return .error(status: 400, message: "order must be 'ascending' or 'descending'.", type: "invalid_request_error", param: "order")
        }
        guard hasCheckpoint(checkpoint) else { return checkpointNotFound(checkpoint) }
        var items = withPermissions { permissions, _ in permissions[checkpoint] ?? [] }
        if let project = request.queryValue("project_id") { items = items.filter { $0["project_id"]?.string == project } }
        if order == "descending" { items.reverse() }
        if let after = request.queryValue("after"), let index = items.firstIndex(where: { $0["id"]?.string == after }) {
            items = Array(items[(index + 1)...])
        }
        let limit = max(1, request.queryValue("limit").flatMap(Int.init) ?? 10)
        let page = Array(items.prefix(limit))
        return .json([
            "object": "list", "data": .array(page), "first_id": page.first?["id"] ?? .null, "last_id": page.last?["id"] ?? .null,
            "has_more": .bool(items.count > limit),
        ])
    }

    /// `DELETE …/permissions/{permission_id}`.
    func deletePermission(_ checkpoint: String, _ permissionID: String) -> ResponsePlan {
        guard hasCheckpoint(checkpoint) else { return checkpointNotFound(checkpoint) }
        let removed = withPermissions { permissions, _ in
            guard let index = permissions[checkpoint]?.firstIndex(where: { $0["id"]?.string == permissionID }) else { return false }
            permissions[checkpoint]?.remove(at: index)
            return true
        }
        guard removed else {
            return .error(
                status: 404, message: "Permission '\(permissionID)' not found for checkpoint '\(checkpoint)'.", type: "invalid_request_error",
                param: "permission_id")
        }
        return .json(["object": "checkpoint.permission", "id": .string(permissionID), "deleted": true])
    }
}
