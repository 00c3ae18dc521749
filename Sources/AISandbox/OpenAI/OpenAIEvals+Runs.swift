import AIServerKit
import Foundation

extension OpenAIEvals {
    private static let runStatuses: Set<String> = ["queued", "in_progress", "completed", "canceled", "failed"]

    /// Runs `body` on eval `id` under the lock, keeping its changes.
    private func withEval(_ id: String, _ body: (inout Eval, inout State) -> ResponsePlan) -> ResponsePlan {
        state.withLockedValue { state in
            guard var eval = state.evals[id] else { return Self.notFound("eval", id, param: "eval_id") }
            let plan = body(&eval, &state)
            state.evals[id] = eval
            return plan
        }
    }

    /// `GET /evals/{eval_id}/runs`, optionally by status.
    func listRuns(_ evalID: String, _ request: RecordedRequest) -> ResponsePlan {
        let status = request.queryValue("status")
        if let status, !Self.runStatuses.contains(status) {
            return Self.badRequest("Invalid status '\(status)'.", param: "status")
        }
        return withEval(evalID) { eval, _ in
            let runs = eval.runOrder.compactMap { eval.runs[$0]?.object }.filter { status == nil || $0["status"]?.string == status }
            return Self.page(runs, request)
        }
    }

    /// `POST /evals/{eval_id}/runs`: a queued run.
    func createRun(_ evalID: String, _ body: JSON) -> ResponsePlan {
        guard let dataSource = body["data_source"]?.objectValue else {
            return Self.badRequest("data_source is required.", param: "data_source")
        }
        if let error = validate(dataSource) { return error.plan }
        if let name = body["name"], name.string == nil { return Self.badRequest("name must be a string.", param: "name") }
        return withEval(evalID) { eval, state in
            let id = state.ids.nextID("evalrun")
            let run: JSON = [
                "object": "eval.run", "id": .string(id), "eval_id": .string(evalID), "status": "queued",
                "model": dataSource["model"] ?? .null, "name": body["name"] ?? .string("run \(eval.runOrder.count + 1)"),
                "created_at": .int(state.tick()), "report_url": .string("https://platform.openai.com/evaluation/evals/\(evalID)?run_id=\(id)"),
                "result_counts": ["total": 0, "errored": 0, "failed": 0, "passed": 0], "per_model_usage": [],
                "per_testing_criteria_results": [], "data_source": dataSource, "metadata": body["metadata"]?.objectValue ?? [:], "error": nil,
            ]
            eval.runs[id] = Run(object: run)
            eval.runOrder.append(id)
            return .json(run)
        }
    }

    /// Checks a run's data source as the API does, before the run is queued.
    private func validate(_ dataSource: JSON) -> EvalError? {
        let type = dataSource["type"]?.string ?? ""
        guard ["jsonl", "completions", "responses"].contains(type) else {
            return EvalError("Invalid data_source type '\(dataSource["type"].quoted())'.", param: "data_source.type")
        }
        guard let source = dataSource["source"]?.objectValue, let sourceType = source["type"]?.string else {
            return EvalError("data_source.source with a type is required.", param: "data_source.source")
        }
        let allowed: Set<String> = switch type {
        case "completions": ["file_content", "file_id", "stored_completions"]
        case "responses": ["file_content", "file_id", "responses"]
        default: ["file_content", "file_id"]
        }
        guard allowed.contains(sourceType) else {
            return EvalError("A \(type) data source can't read a '\(sourceType)' source.", param: "data_source.source.type")
        }
        switch sourceType {
        case "file_content":
            guard let rows = source["content"]?.objects else {
                return EvalError("data_source.source.content must be an array of objects.", param: "data_source.source.content")
            }
            if let index = rows.firstIndex(where: { $0["item"]?.objectValue == nil }) {
                return EvalError("Every row needs an 'item' object.", param: "data_source.source.content[\(index)].item")
            }
        case "file_id":
            guard let fileID = source["id"]?.string else { return EvalError("data_source.source.id is required.", param: "data_source.source.id") }
            guard files.file(fileID) != nil else { return EvalError("No file found with id '\(fileID)'.", param: "data_source.source.id") }
        default: break
        }
        if type != "jsonl", sourceType == "file_content" || sourceType == "file_id" {
            guard dataSource["model"]?.string != nil else {
                return EvalError("A \(type) data source needs a model to sample.", param: "data_source.model")
            }
            guard let input = dataSource["input_messages"]?.objectValue,
                (input["type"]?.string == "template" && input["template"]?.objects != nil)
                    || (input["type"]?.string == "item_reference" && input["item_reference"]?.string != nil)
            else {
                return EvalError(
                    "input_messages must be a template (an array of messages) or an item_reference.", param: "data_source.input_messages")
            }
        }
        return nil
    }

    /// `GET /evals/{eval_id}/runs/{run_id}`: moves the run one step (queued → in_progress → graded and completed).
    func retrieveRun(_ evalID: String, _ runID: String) -> ResponsePlan {
        let (found, status) = state.withLockedValue { state in
            (state.evals[evalID] != nil, state.evals[evalID]?.runs[runID]?.object["status"]?.string)
        }
        guard found else { return Self.notFound("eval", evalID, param: "eval_id") }
        guard let status else { return Self.notFound("eval run", runID, param: "run_id") }
        switch status {
        case "queued": return setStatus(evalID, runID, from: "queued", to: "in_progress")
        case "in_progress": return complete(evalID, runID)
        default: return withRun(evalID, runID) { run in .json(run.object) }
        }
    }

    /// Runs `body` on a run under the lock, keeping its changes.
    private func withRun(_ evalID: String, _ runID: String, _ body: (inout Run) -> ResponsePlan) -> ResponsePlan {
        withEval(evalID) { eval, _ in
            guard var run = eval.runs[runID] else { return Self.notFound("eval run", runID, param: "run_id") }
            let plan = body(&run)
            eval.runs[runID] = run
            return plan
        }
    }

    private func setStatus(_ evalID: String, _ runID: String, from: String, to: String) -> ResponsePlan {
        withRun(evalID, runID) { run in
            if run.object["status"]?.string == from { run.object["status"] = .string(to) }
            return .json(run.object)
        }
    }

    /// Grades the run's rows (outside the lock: sampling asks the app's answerer) and completes it, unless it was
    /// canceled meanwhile.
    private func complete(_ evalID: String, _ runID: String) -> ResponsePlan {
        guard let (eval, run) = state.withLockedValue({ state -> (JSON, JSON)? in
            guard let eval = state.evals[evalID], let run = eval.runs[runID] else { return nil }
            return (eval.object, run.object)
        }) else { return Self.notFound("eval run", runID, param: "run_id") }
        let grading = EvalGrading(eval: eval, run: run, rows: rows(of: run["data_source"] ?? [:]), answerer: answerer)
        let graded = grading.outcome()
        return withEval(evalID) { evalState, state in
            guard var run = evalState.runs[runID] else { return Self.notFound("eval run", runID, param: "run_id") }
            guard run.object["status"]?.string == "in_progress" else { return .json(run.object) }
            let created = state.tick()
            run.items = graded.items.map { item in
                var item = item
                item["id"] = .string(state.ids.nextID("outputitem"))
                item["created_at"] = .int(created)
                return item
            }
            run.object["status"] = "completed"
            run.object["result_counts"] = graded.counts
            run.object["per_testing_criteria_results"] = graded.perCriterion
            run.object["per_model_usage"] = graded.usage
            evalState.runs[runID] = run
            return .json(run.object)
        }
    }

    /// The rows of a run's source: inline, or the `{"item": …}` lines of an uploaded JSONL file. Stored
    /// completions and responses sources read nothing here: the sandbox keeps no logs to sample from.
    private func rows(of dataSource: JSON) -> [JSON] {
        let source = dataSource["source"] ?? [:]
        switch source["type"]?.string {
        case "file_content": return source["content"]?.objects ?? []
        case "file_id":
            guard let file = files.file(source["id"]?.string ?? "") else { return [] }
            return file.data.split(separator: UInt8(ascii: "\n")).compactMap { line in
                guard let row = (try? JSON(parsing: Data(line)))?.objectValue else { return nil }
                return row["item"]?.objectValue != nil ? row : ["item": row]
            }
        default: return []
        }
    }

    /// `POST /evals/{eval_id}/runs/{run_id}`: cancels a run that has not finished.
    func cancelRun(_ evalID: String, _ runID: String) -> ResponsePlan {
        withRun(evalID, runID) { run in
            let status = run.object["status"]?.string ?? ""
            guard status == "queued" || status == "in_progress" else {
                return .error(status: 409, message: "Cannot cancel a run with status '\(status)'.", type: "invalid_request_error", param: "run_id")
            }
            run.object["status"] = "canceled"
            return .json(run.object)
        }
    }

    /// `DELETE /evals/{eval_id}/runs/{run_id}`.
    func deleteRun(_ evalID: String, _ runID: String) -> ResponsePlan {
        withEval(evalID) { eval, _ in
            guard eval.runs.removeValue(forKey: runID) != nil else { return Self.notFound("eval run", runID, param: "run_id") }
            eval.runOrder.removeAll { $0 == runID }
            return .json(["object": "eval.run.deleted", "deleted": true, "run_id": .string(runID)])
        }
    }

    /// `GET …/runs/{run_id}/output_items`, optionally only `pass` or `fail`.
    func listOutputItems(_ evalID: String, _ runID: String, _ request: RecordedRequest) -> ResponsePlan {
        let status = request.queryValue("status")
        if let status, status != "pass", status != "fail" {
            return Self.badRequest("status must be 'pass' or 'fail'.", param: "status")
        }
        return withRun(evalID, runID) { run in
            Self.page(run.items.filter { status == nil || $0["status"]?.string == status }, request)
        }
    }

    /// `GET …/runs/{run_id}/output_items/{output_item_id}`.
    func retrieveOutputItem(_ evalID: String, _ runID: String, _ itemID: String) -> ResponsePlan {
        withRun(evalID, runID) { run in
            run.items.first { $0["id"]?.string == itemID }.map { .json($0) } ?? Self.notFound("output item", itemID, param: "output_item_id")
        }
    }
}
