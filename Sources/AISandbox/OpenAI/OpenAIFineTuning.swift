import Foundation

/// `/v1/fine_tuning/jobs`: jobs move validating_files → queued → running → succeeded, one step per retrieve,
/// with events, checkpoints and a result file.
/// `@unchecked Sendable`: its dictionaries are touched only inside `locked(_:)` (SandboxStore's lock).
final class OpenAIFineTuning: SandboxStore, @unchecked Sendable {
    private struct Job {
        var object: [String: Any]
        var events: [[String: Any]] = []
        var checkpoints: [[String: Any]] = []
    }

    static let models: Set<String> = [
        "gpt-3.5-turbo-0613", "babbage-002", "davinci-002", "gpt-4o-mini-2024-07-18", "gpt-4o-2024-08-06",
        "gpt-4.1-2025-04-14", "gpt-4.1-mini-2025-04-14", "gpt-4.1-nano-2025-04-14", "o4-mini-2025-04-16",
    ]
    private let files: OpenAIFiles
    private var jobs: [String: Job] = [:]
    private var order: [String] = []

    init(files: OpenAIFiles) {
        self.files = files
    }


    private func notFound(_ id: String) -> ResponsePlan {
        .error(status: 404, message: "Could not find fine-tune job: \(id)", type: "invalid_request_error", param: "fine_tuning_job_id")
    }

    func route(_ request: RecordedRequest, segments: [String]) -> ResponsePlan {
        // segments: v1 fine_tuning jobs [id [cancel|events|checkpoints]]
        switch (request.method, segments.count) {
        case ("POST", 3): return create(request.json ?? [:])
        case ("GET", 3):
            return .json(OpenAIFiles.page(locked { order.compactMap { jobs[$0]?.object } }, request, defaultLimit: 20, defaultOrder: "desc"))
        case ("GET", 4):
            return locked {
                guard jobs[segments[3]] != nil else { return notFound(segments[3]) }
                advance(segments[3])
                return .json(jobs[segments[3]]!.object)
            }
        case ("POST", 5) where segments[4] == "cancel":
            return locked {
                guard var job = jobs[segments[3]] else { return notFound(segments[3]) }
                guard !["succeeded", "failed", "cancelled"].contains(job.object["status"] as? String ?? "") else {
                    return .error(status: 400, message: "Job \(segments[3]) has already \(job.object["status"] ?? "finished").", type: "invalid_request_error")
                }
                job.object["status"] = "cancelled"
                job.object["finished_at"] = 1_700_000_500
                job.events.append(event(job, "Fine-tuning job cancelled"))
                jobs[segments[3]] = job
                return .json(job.object)
            }
        case ("GET", 5) where segments[4] == "events" || segments[4] == "checkpoints":
            return locked {
                guard let job = jobs[segments[3]] else { return notFound(segments[3]) }
                let items = segments[4] == "events" ? job.events : job.checkpoints
                return .json(OpenAIFiles.page(items, request, defaultLimit: segments[4] == "events" ? 20 : 10, defaultOrder: "desc"))
            }
        default:
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error", code: "unknown_url")
        }
    }

    private func create(_ body: [String: Any]) -> ResponsePlan {
        guard let model = body["model"] as? String, Self.models.contains(model) else {
            return .error(status: 400, message: "Model \(body["model"] ?? "") is not available for fine-tuning or does not exist.", type: "invalid_request_error", code: "model_not_available", param: "model")
        }
        guard let training = body["training_file"] as? String, let file = files.file(training) else {
            return .error(status: 400, message: "invalid training_file: \(body["training_file"] ?? "")", type: "invalid_request_error", param: "training_file")
        }
        guard file.metadata["purpose"] as? String == "fine-tune" else {
            return .error(status: 400, message: "File \(training) must have purpose 'fine-tune'.", type: "invalid_request_error", param: "training_file")
        }
        if let validation = body["validation_file"] as? String, files.file(validation) == nil {
            return .error(status: 400, message: "invalid validation_file: \(validation)", type: "invalid_request_error", param: "validation_file")
        }
        if let suffix = body["suffix"] as? String, suffix.count > 64 {
            return .error(status: 400, message: "suffix must be at most 64 characters.", type: "invalid_request_error", param: "suffix")
        }
        return locked {
            let id = nextID("ftjob", separator: "-sandbox")
            var method = body["method"] as? [String: Any] ?? ["type": "supervised"]
            let type = method["type"] as? String ?? "supervised"
            var hyper = ((method[type] as? [String: Any])?["hyperparameters"] as? [String: Any]) ?? (body["hyperparameters"] as? [String: Any]) ?? [:]
            for key in ["n_epochs", "batch_size", "learning_rate_multiplier"] where hyper[key] == nil { hyper[key] = "auto" }
            method[type] = ["hyperparameters": hyper]
            let object: [String: Any] = [
                "id": id, "object": "fine_tuning.job", "created_at": 1_700_000_000 + counter, "model": model,
                "organization_id": "org-sandbox", "status": "validating_files", "training_file": training,
                "validation_file": body["validation_file"] ?? NSNull(), "hyperparameters": hyper, "method": method,
                "fine_tuned_model": NSNull(), "finished_at": NSNull(), "trained_tokens": NSNull(), "result_files": [Any](),
                "error": NSNull(), "seed": body["seed"] ?? 42, "integrations": body["integrations"] ?? [Any](),
                "user_provided_suffix": body["suffix"] ?? NSNull(), "metadata": body["metadata"] ?? NSNull(), "estimated_finish": NSNull(),
            ]
            var job = Job(object: object)
            job.events.append(event(job, "Created fine-tuning job: \(id)"))
            jobs[id] = job
            order.append(id)
            return .json(object)
        }
    }

    private func event(_ job: Job, _ message: String, metrics: [String: Any]? = nil) -> [String: Any] {
        var event: [String: Any] = [
            "id": "ftevent-\(job.object["id"] ?? "")-\(job.events.count + 1)", "object": "fine_tuning.job.event",
            "created_at": 1_700_000_000 + job.events.count, "level": "info", "message": message, "type": metrics == nil ? "message" : "metrics",
        ]
        if let metrics { event["data"] = metrics }
        return event
    }

    /// One step of a job's life (called with the lock held).
    private func advance(_ id: String) {
        guard var job = jobs[id] else { return }
        switch job.object["status"] as? String {
        case "validating_files":
            job.object["status"] = "queued"
            job.events.append(event(job, "Validating training file: \(job.object["training_file"] ?? "")"))
        case "queued":
            job.object["status"] = "running"
            job.object["estimated_finish"] = 1_700_000_400
            job.events.append(event(job, "Fine-tuning job started"))
        case "running":
            let model = job.object["model"] as? String ?? "model"
            let suffix = job.object["user_provided_suffix"] as? String ?? ""
            let name = "ft:\(model):org-sandbox:\(suffix):\(id.suffix(4))"
            for step in 1...3 {
                job.events.append(event(job, "Step \(step)/3: training loss=\(1.0 / Double(step))", metrics: [
                    "step": step, "train_loss": 1.0 / Double(step), "train_mean_token_accuracy": 0.5 + 0.1 * Double(step), "total_steps": 3,
                ]))
                job.checkpoints.append([
                    "id": "ftckpt_\(id.suffix(4))_\(step)", "object": "fine_tuning.job.checkpoint", "created_at": 1_700_000_300 + step,
                    "fine_tuned_model_checkpoint": "\(name):ckpt-step-\(step)", "step_number": step,
                    "metrics": ["step": step, "train_loss": 1.0 / Double(step)], "fine_tuning_job_id": id,
                ])
            }
            let results = files.store(filename: "step_metrics.csv", purpose: "fine-tune-results", data: Data("step,train_loss\n1,1.0\n2,0.5\n3,0.333\n".utf8))
            job.object["status"] = "succeeded"
            job.object["fine_tuned_model"] = name
            job.object["finished_at"] = 1_700_000_400
            job.object["trained_tokens"] = 1234
            job.object["result_files"] = [results["id"] ?? ""]
            job.events.append(event(job, "The job has successfully completed"))
        default:
            break
        }
        jobs[id] = job
    }
}
