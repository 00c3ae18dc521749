import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/fine_tuning/jobs`: jobs move validating_files → queued → running → succeeded, one step per retrieve,
/// with events, checkpoints and a result file.
final class OpenAIFineTuning: Sendable {
    private struct Job: Sendable {
        var object: JSON
        var events: [JSON] = []
        var checkpoints: [JSON] = []
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var jobs: [String: Job] = [:]
        var order: [String] = []
        /// Checkpoint permissions by checkpoint name, oldest first.
        var permissions: [String: [JSON]] = [:]
        var permissionIDs = SandboxCounter()
    }

    static let models: Set<String> = [
        "gpt-3.5-turbo-0613", "babbage-002", "davinci-002", "gpt-4o-mini-2024-07-18", "gpt-4o-2024-08-06",
        "gpt-4.1-2025-04-14", "gpt-4.1-mini-2025-04-14", "gpt-4.1-nano-2025-04-14", "o4-mini-2025-04-16",
    ]
    private let files: OpenAIFiles
    private let state = NIOLockedValueBox(State())

    init(files: OpenAIFiles) {
        self.files = files
    }

    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Could not find fine-tune job: \(id)", type: "invalid_request_error", param: "fine_tuning_job_id")
    }

    /// `GET /fine_tuning/jobs`.
    func list(_ request: RecordedRequest) -> ResponsePlan {
        .json(OpenAIFiles.page(state.withLockedValue { state in state.order.compactMap { state.jobs[$0]?.object } }, request, defaultLimit: 20, defaultOrder: "desc"))
    }

    /// `GET /fine_tuning/jobs/{id}`: moves the job one step.
    func retrieve(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard state.jobs[id] != nil else { return notFound(id) }
            advance(id, in: &state)
            return .json(state.jobs[id]!.object)
        }
    }

    /// `POST /fine_tuning/jobs/{id}/cancel`.
    func cancel(_ id: String) -> ResponsePlan {
        state.withLockedValue { state in
            guard var job = state.jobs[id] else { return notFound(id) }
            guard !["succeeded", "failed", "cancelled"].contains(job.object["status"]?.string ?? "") else {
                return .error(status: 400, message: "Job \(id) has already \(job.object["status"].quoted(or: "finished")).", type: "invalid_request_error")
            }
            job.object["status"] = "cancelled"
            job.object["finished_at"] = 1_700_000_500
            job.events.append(Self.event(job, "Fine-tuning job cancelled"))
            state.jobs[id] = job
            return .json(job.object)
        }
    }

    /// `POST /fine_tuning/jobs/{id}/pause` (`pause: true`) or `…/resume`: only a running job can be paused and only a
    /// paused one resumed; a paused job stays where it is until resumed.
    func setPaused(_ id: String, _ pause: Bool) -> ResponsePlan {
        state.withLockedValue { state in
            guard var job = state.jobs[id] else { return notFound(id) }
            let status = job.object["status"]?.string ?? ""
            guard status == (pause ? "running" : "paused") else {
                let verb = pause ? "paused" : "resumed"
                return .error(
                    status: 400, message: "Job \(id) cannot be \(verb) because its status is '\(status)'.", type: "invalid_request_error",
                    param: "fine_tuning_job_id")
            }
            job.object["status"] = pause ? "paused" : "running"
            job.events.append(Self.event(job, pause ? "Fine-tuning job paused" : "Fine-tuning job resumed"))
            state.jobs[id] = job
            return .json(job.object)
        }
    }

    /// What `GET /fine_tuning/jobs/{id}/events|checkpoints` lists.
    enum Listing: String, Sendable {
        case events, checkpoints
    }

    /// `GET /fine_tuning/jobs/{id}/events` or `…/checkpoints`.
    func list(_ listing: Listing, of id: String, _ request: RecordedRequest) -> ResponsePlan {
        state.withLockedValue { state in
            guard let job = state.jobs[id] else { return notFound(id) }
            let items = listing == .events ? job.events : job.checkpoints
            return .json(OpenAIFiles.page(items, request, defaultLimit: listing == .events ? 20 : 10, defaultOrder: "desc"))
        }
    }

    /// `POST /fine_tuning/jobs`.
    func create(_ body: JSON) -> ResponsePlan {
        guard let model = body["model"]?.string, Self.models.contains(model) else {
            return .error(status: 400, message: "Model \(body["model"].quoted()) is not available for fine-tuning or does not exist.", type: "invalid_request_error", code: "model_not_available", param: "model")
        }
        guard let training = body["training_file"]?.string, let file = files.file(training) else {
            return .error(status: 400, message: "invalid training_file: \(body["training_file"].quoted())", type: "invalid_request_error", param: "training_file")
        }
        guard file.metadata["purpose"]?.string == "fine-tune" else {
            return .error(status: 400, message: "File \(training) must have purpose 'fine-tune'.", type: "invalid_request_error", param: "training_file")
        }
        if let validation = body["validation_file"]?.string, files.file(validation) == nil {
            return .error(status: 400, message: "invalid validation_file: \(validation)", type: "invalid_request_error", param: "validation_file")
        }
        if let suffix = body["suffix"]?.string, suffix.count > 64 {
            return .error(status: 400, message: "suffix must be at most 64 characters.", type: "invalid_request_error", param: "suffix")
        }
        if let method = body["method"]?.objectValue, method["type"]?.string == "reinforcement" {
            guard let grader = method["reinforcement"]?["grader"] else {
                return .error(
                    status: 400, message: "Missing required parameter: 'method.reinforcement.grader'.", type: "invalid_request_error",
                    code: "missing_required_parameter", param: "method.reinforcement.grader")
            }
            if let problem = OpenAIGraders.problem(in: grader, at: "method.reinforcement.grader") { return problem }
        }
        return state.withLockedValue { state in
            let id = state.ids.nextID("ftjob", separator: "-sandbox")
            var method = body["method"]?.objectValue ?? ["type": "supervised"]
            let type = method["type"]?.string ?? "supervised"
            var hyper = method[type]?["hyperparameters"]?.objectValue ?? body["hyperparameters"]?.objectValue ?? [:]
            for key in ["n_epochs", "batch_size", "learning_rate_multiplier"] where hyper[key] == nil { hyper[key] = "auto" }
            var details = method[type]?.objectValue ?? [:]
            details["hyperparameters"] = hyper
            method[type] = details
            let object: JSON = [
                "id": .string(id), "object": "fine_tuning.job", "created_at": .int(1_700_000_000 + state.ids.count), "model": .string(model),
                "organization_id": "org-sandbox", "status": "validating_files", "training_file": .string(training),
                "validation_file": body["validation_file"] ?? .null, "hyperparameters": hyper, "method": method,
                "fine_tuned_model": nil, "finished_at": nil, "trained_tokens": nil, "result_files": [],
                "error": nil, "seed": body["seed"] ?? 42, "integrations": body["integrations"] ?? [],
                "user_provided_suffix": body["suffix"] ?? .null, "metadata": body["metadata"] ?? .null, "estimated_finish": nil,
            ]
            var job = Job(object: object)
            job.events.append(Self.event(job, "Created fine-tuning job: \(id)"))
            state.jobs[id] = job
            state.order.append(id)
            return .json(object)
        }
    }

    /// Whether `name` is a checkpoint of a job or the model a finished job made.
    func hasCheckpoint(_ name: String) -> Bool {
        state.withLockedValue { state in
            state.jobs.values.contains { job in
                job.object["fine_tuned_model"]?.string == name
                    || job.checkpoints.contains { $0["fine_tuned_model_checkpoint"]?.string == name }
            }
        }
    }

    /// Runs `body` on the checkpoint permissions and their id counter, with the lock held.
    func withPermissions<T>(_ body: (inout [String: [JSON]], inout SandboxCounter) -> T) -> T {
        state.withLockedValue { body(&$0.permissions, &$0.permissionIDs) }
    }

    private static func event(_ job: Job, _ message: String, metrics: JSON? = nil) -> JSON {
        var event: JSON = [
            "id": .string("ftevent-\(job.object["id"].quoted())-\(job.events.count + 1)"), "object": "fine_tuning.job.event",
            "created_at": .int(1_700_000_000 + job.events.count), "level": "info", "message": .string(message),
            "type": metrics == nil ? "message" : "metrics",
        ]
        if let metrics { event["data"] = metrics }
        return event
    }

    /// One step of a job's life (called with the lock held).
    private func advance(_ id: String, in state: inout State) {
        guard var job = state.jobs[id] else { return }
        switch job.object["status"]?.string {
        case "validating_files":
            job.object["status"] = "queued"
            job.events.append(Self.event(job, "Validating training file: \(job.object["training_file"].quoted())"))
        case "queued":
            job.object["status"] = "running"
            job.object["estimated_finish"] = 1_700_000_400
            job.events.append(Self.event(job, "Fine-tuning job started"))
        case "running":
            let model = job.object["model"]?.string ?? "model"
            let suffix = job.object["user_provided_suffix"]?.string ?? ""
            let name = "ft:\(model):org-sandbox:\(suffix):\(id.suffix(4))"
            for step in 1...3 {
                job.events.append(Self.event(job, "Step \(step)/3: training loss=\(1.0 / Double(step))", metrics: [
                    "step": .int(step), "train_loss": .double(1.0 / Double(step)), "train_mean_token_accuracy": .double(0.5 + 0.1 * Double(step)),
                    "total_steps": 3,
                ]))
                job.checkpoints.append([
                    "id": .string("ftckpt_\(id.suffix(4))_\(step)"), "object": "fine_tuning.job.checkpoint", "created_at": .int(1_700_000_300 + step),
                    "fine_tuned_model_checkpoint": .string("\(name):ckpt-step-\(step)"), "step_number": .int(step),
                    "metrics": ["step": .int(step), "train_loss": .double(1.0 / Double(step))], "fine_tuning_job_id": .string(id),
                ])
            }
            let results = files.store(filename: "step_metrics.csv", purpose: "fine-tune-results", data: Data("step,train_loss\n1,1.0\n2,0.5\n3,0.333\n".utf8))
            job.object["status"] = "succeeded"
            job.object["fine_tuned_model"] = .string(name)
            job.object["finished_at"] = 1_700_000_400
            job.object["trained_tokens"] = 1234
            job.object["result_files"] = [results["id"] ?? ""]
            job.events.append(Self.event(job, "The job has successfully completed"))
        default:
            break
        }
        state.jobs[id] = job
    }
}
