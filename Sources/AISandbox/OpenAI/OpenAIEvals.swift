import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/evals`: evals, their runs and the runs' graded rows.
///
/// A run really runs: it is `queued`, moves to `in_progress` on its first retrieve and, on the next, grades every
/// row (sampling the sandbox's chat answer for completions and responses runs) and is `completed` with its counts.
/// String checks and text similarity are computed; Python, score-model and label-model graders, which would need
/// code or a model, give a deterministic score derived from their input.
final class OpenAIEvals: Sendable {
    struct Run: Sendable {
        var object: JSON
        var items: [JSON] = []
    }

    struct Eval: Sendable {
        var object: JSON
        var updated: Int
        var runs: [String: Run] = [:]
        var runOrder: [String] = []
    }

    struct State: Sendable {
        var ids = SandboxCounter()
        var clock = 1_700_000_000
        var evals: [String: Eval] = [:]
        var order: [String] = []

        mutating func tick() -> Int {
            clock += 1
            return clock
        }
    }

    let files: OpenAIFiles
    /// The app's answerer, asked for each sampled row as for direct chat requests.
    let answerer: (any SandboxAnswerer)?
    let state = NIOLockedValueBox(State())

    init(files: OpenAIFiles, answerer: (any SandboxAnswerer)?) {
        self.files = files
        self.answerer = answerer
    }

    static func register(on routes: inout SandboxRoutes) {
        @Sendable func evals(_ route: SandboxRouteRequest) -> OpenAIEvals {
            route.state.store(OpenAIEvals.self) { OpenAIEvals(files: route.state.files, answerer: route.state.answerer) }
        }
        routes.add(.get, "/v1/evals") { evals($0).list($0.request) }
        routes.add(.post, "/v1/evals") { evals($0).create($0.json) }
        routes.add(.get, "/v1/evals/{eval_id}") { evals($0).retrieve($0.parameter("eval_id")) }
        routes.add(.post, "/v1/evals/{eval_id}") { evals($0).update($0.parameter("eval_id"), $0.json) }
        routes.add(.delete, "/v1/evals/{eval_id}") { evals($0).delete($0.parameter("eval_id")) }
        routes.add(.get, "/v1/evals/{eval_id}/runs") { evals($0).listRuns($0.parameter("eval_id"), $0.request) }
        routes.add(.post, "/v1/evals/{eval_id}/runs") { evals($0).createRun($0.parameter("eval_id"), $0.json) }
        routes.add(.get, "/v1/evals/{eval_id}/runs/{run_id}") { evals($0).retrieveRun($0.parameter("eval_id"), $0.parameter("run_id")) }
        // The spec names the run's own path; the official SDKs and the API reference's curl send `…/cancel`: both cancel.
        routes.add(.post, "/v1/evals/{eval_id}/runs/{run_id}") { evals($0).cancelRun($0.parameter("eval_id"), $0.parameter("run_id")) }
        routes.add(.post, "/v1/evals/{eval_id}/runs/{run_id}/cancel") { evals($0).cancelRun($0.parameter("eval_id"), $0.parameter("run_id")) }
        routes.add(.delete, "/v1/evals/{eval_id}/runs/{run_id}") { evals($0).deleteRun($0.parameter("eval_id"), $0.parameter("run_id")) }
        routes.add(.get, "/v1/evals/{eval_id}/runs/{run_id}/output_items") {
            evals($0).listOutputItems($0.parameter("eval_id"), $0.parameter("run_id"), $0.request)
        }
        routes.add(.get, "/v1/evals/{eval_id}/runs/{run_id}/output_items/{output_item_id}") {
            evals($0).retrieveOutputItem($0.parameter("eval_id"), $0.parameter("run_id"), $0.parameter("output_item_id"))
        }
    }

    static func notFound(_ what: String, _ id: String, param: String) -> ResponsePlan {
        .error(status: 404, message: "No \(what) found with id '\(id)'.", type: "invalid_request_error", param: param)
    }

    static func badRequest(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    /// A list page with the spec's default order (`asc`) and limit (20); a bad `limit` or `order` is a 400.
    static func page(_ items: [JSON], _ request: RecordedRequest) -> ResponsePlan {
        if let limit = request.queryValue("limit"), Int(limit).map({ !(1...100).contains($0) }) ?? true {
            return badRequest("limit must be an integer from 1 to 100.", param: "limit")
        }
        if let order = request.queryValue("order"), !["asc", "desc"].contains(order) {
            return badRequest("order must be 'asc' or 'desc'.", param: "order")
        }
        return .json(OpenAIFiles.page(items, request, defaultLimit: 20, defaultOrder: "asc"))
    }

    // MARK: Evals

    /// `GET /evals`: by `created_at` or, with `order_by=updated_at`, by when each eval last changed.
    func list(_ request: RecordedRequest) -> ResponsePlan {
        let orderBy = request.queryValue("order_by") ?? "created_at"
        guard ["created_at", "updated_at"].contains(orderBy) else {
            return Self.badRequest("order_by must be 'created_at' or 'updated_at'.", param: "order_by")
        }
        let items = state.withLockedValue { state -> [JSON] in
            let evals = state.order.compactMap { state.evals[$0] }
            return (orderBy == "updated_at" ? evals.sorted { $0.updated < $1.updated } : evals).map(\.object)
        }
        return Self.page(items, request)
    }

    /// `POST /evals`.
    func create(_ body: JSON) -> ResponsePlan {
        let config: JSON
        switch Self.dataSourceConfig(body["data_source_config"]) {
        case .success(let made): config = made
        case .failure(let error): return error.plan
        }
        guard let criteria = body["testing_criteria"]?.array else {
            return Self.badRequest("testing_criteria is required and must be an array.", param: "testing_criteria")
        }
        for (index, criterion) in criteria.enumerated() {
            if let error = EvalGrading.validate(criterion, param: "testing_criteria[\(index)]") { return error.plan }
        }
        if let name = body["name"], name.string == nil {
            return Self.badRequest("name must be a string.", param: "name")
        }
        return state.withLockedValue { state in
            let id = state.ids.nextID("eval")
            let now = state.tick()
            let object: JSON = [
                "object": "eval", "id": .string(id), "name": body["name"] ?? .string("eval \(state.ids.count)"),
                "data_source_config": config, "testing_criteria": .array(criteria), "created_at": .int(now),
                "metadata": body["metadata"]?.objectValue ?? [:],
            ]
            state.evals[id] = Eval(object: object, updated: now)
            state.order.append(id)
            return .json(object)
        }
    }

    /// The eval's `data_source_config` as the API reports it: the request's, with the JSON schema of what graders see.
    private static func dataSourceConfig(_ config: JSON?) -> Result<JSON, EvalError> {
        guard let config = config?.objectValue, let type = config["type"]?.string else {
            return .failure(EvalError("data_source_config with a type is required.", param: "data_source_config"))
        }
        let sampleSchema: JSON = [
            "type": "object",
            "properties": [
                "model": ["type": "string"], "choices": ["type": "array"], "tools": ["type": "array"],
                "output_text": ["type": "string"], "output_json": ["type": "object"],
            ],
            "required": ["model", "choices"],
        ]
        switch type {
        case "custom":
            guard let itemSchema = config["item_schema"]?.objectValue else {
                return .failure(EvalError("A custom data source needs an item_schema object.", param: "data_source_config.item_schema"))
            }
            var properties: JSON = ["item": itemSchema]
            var required: [JSON] = ["item"]
            if config["include_sample_schema"]?.bool == true {
                properties["sample"] = sampleSchema
                required.append("sample")
            }
            return .success(["type": "custom", "schema": ["type": "object", "properties": properties, "required": .array(required)]])
        case "logs", "stored_completions":
            let schema: JSON = ["type": "object", "properties": ["item": ["type": "object"], "sample": sampleSchema], "required": ["item", "sample"]]
            return .success(["type": .string(type), "schema": schema, "metadata": config["metadata"]?.objectValue ?? [:]])
        default:
            return .failure(EvalError("Invalid data_source_config type '\(type)'.", param: "data_source_config.type"))
        }
    }

    /// `GET /evals/{eval_id}`.
    func retrieve(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            state.evals[id].map { .json($0.object) } ?? Self.notFound("eval", id, param: "eval_id")
        }
    }

    /// `POST /evals/{eval_id}`: a new name, new metadata.
    func update(_ id: String, _ body: JSON) -> ResponsePlan {
        if let name = body["name"], name.string == nil { return Self.badRequest("name must be a string.", param: "name") }
        if let metadata = body["metadata"], !metadata.isNull, metadata.object == nil {
            return Self.badRequest("metadata must be an object.", param: "metadata")
        }
        return state.withLockedValue { state in
            guard var eval = state.evals[id] else { return Self.notFound("eval", id, param: "eval_id") }
            if let name = body["name"] { eval.object["name"] = name }
            if let metadata = body["metadata"] { eval.object["metadata"] = metadata.isNull ? [:] : metadata }
            eval.updated = state.tick()
            state.evals[id] = eval
            return .json(eval.object)
        }
    }

    /// `DELETE /evals/{eval_id}`: the eval and its runs.
    func delete(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard state.evals.removeValue(forKey: id) != nil else { return Self.notFound("eval", id, param: "eval_id") }
            state.order.removeAll { $0 == id }
            return .json(["object": "eval.deleted", "deleted": true, "eval_id": .string(id)])
        }
    }
}

/// A 400 found while reading a request, with the parameter at fault.
struct EvalError: Error {
    let message: String
    let param: String?

    init(_ message: String, param: String?) {
        self.message = message
        self.param = param
    }

    var plan: ResponsePlan { OpenAIEvals.badRequest(message, param: param) }
}
