import AIServerKit
import Foundation

/// `/v1/fine_tuning/alpha/graders/…` (validate and run a grader), plus the fine-tuning routes added since the first
/// ones: pausing and resuming a job and the checkpoint permissions. `string_check` and `text_similarity` graders
/// are really evaluated; `python`, `score_model` and `label_model` answer a deterministic reward derived from their
/// input (the sandbox runs no code and no model); `multi` combines its graders with its `calculate_output` formula.
enum OpenAIGraders {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/fine_tuning/alpha/graders/validate") { route in validate(route.json) }
        routes.add(.post, "/v1/fine_tuning/alpha/graders/run") { route in run(route.json) }
        routes.add(.post, "/v1/fine_tuning/jobs/{job_id}/pause") { route in route.state.fineTuning.setPaused(route.parameter("job_id"), true) }
        routes.add(.post, "/v1/fine_tuning/jobs/{job_id}/resume") { route in route.state.fineTuning.setPaused(route.parameter("job_id"), false) }
        routes.add(.get, "/v1/fine_tuning/checkpoints/{checkpoint...}") { route in
            permissionRoute(route) { checkpoint, permission in
                permission == nil ? route.state.fineTuning.listPermissions(checkpoint, route.request) : nil
            }
        }
        routes.add(.post, "/v1/fine_tuning/checkpoints/{checkpoint...}") { route in
            permissionRoute(route) { checkpoint, permission in
                permission == nil ? route.state.fineTuning.createPermissions(checkpoint, route.json) : nil
            }
        }
        routes.add(.delete, "/v1/fine_tuning/checkpoints/{checkpoint...}") { route in
            permissionRoute(route) { checkpoint, permission in
                permission.map { route.state.fineTuning.deletePermission(checkpoint, $0) }
            }
        }
    }

    /// Checkpoint names contain `:` and may be sent percent-encoded; the path ends `/permissions` or
    /// `/permissions/{permission_id}`. `handle` gets the decoded checkpoint and the permission id, nil for a 404.
    private static func permissionRoute(
        _ route: SandboxRouteRequest, _ handle: (String, String?) -> ResponsePlan?
    ) -> ResponsePlan {
        let parts = route.parameter("checkpoint").split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        var plan: ResponsePlan?
        if parts.count >= 2, parts.last == "permissions" {
            plan = handle(parts.dropLast().joined(separator: "/"), nil)
        } else if parts.count >= 3, parts[parts.count - 2] == "permissions" {
            plan = handle(parts.dropLast(2).joined(separator: "/"), parts.last)
        }
        return plan ?? .error(status: 404, message: "Invalid URL (\(route.request.method) \(route.request.path))", type: "invalid_request_error")
    }

    static let types: Set<String> = ["string_check", "text_similarity", "python", "score_model", "label_model", "multi"]
    static let operations: Set<String> = ["eq", "ne", "like", "ilike"]
    static let metrics: Set<String> = [
        "cosine", "fuzzy_match", "bleu", "gleu", "meteor", "rouge_1", "rouge_2", "rouge_3", "rouge_4", "rouge_5", "rouge_l",
    ]

    /// `POST /fine_tuning/alpha/graders/validate`: the grader as sent when it is valid.
    static func validate(_ body: JSON) -> ResponsePlan {
        guard let grader = body["grader"] else {
            return .error(status: 400, message: "Missing required parameter: 'grader'.", type: "invalid_request_error", code: "missing_required_parameter", param: "grader")
        }
        if let problem = problem(in: grader, at: "grader") { return problem }
        return .json(["grader": grader])
    }

    /// `POST /fine_tuning/alpha/graders/run`: the grader's reward for `model_sample` (and `item`).
    static func run(_ body: JSON) -> ResponsePlan {
        guard let grader = body["grader"] else {
            return .error(status: 400, message: "Missing required parameter: 'grader'.", type: "invalid_request_error", code: "missing_required_parameter", param: "grader")
        }
        if let problem = problem(in: grader, at: "grader") { return problem }
        guard let sample = body["model_sample"]?.string else {
            return .error(status: 400, message: "Missing required parameter: 'model_sample'.", type: "invalid_request_error", code: "missing_required_parameter", param: "model_sample")
        }
        if let item = body["item"], item.object == nil, !item.isNull {
            return .error(status: 400, message: "Invalid type for 'item': expected an object.", type: "invalid_request_error", param: "item")
        }
        let context = GraderContext(sample: sample, item: body["item"] ?? [:])
        let outcome = evaluate(grader, context)
        var errors: JSON = [:]
        for key in [
            "formula_parse_error", "sample_parse_error", "truncated_observation_error", "unresponsive_reward_error", "invalid_variable_error",
            "other_error", "python_grader_server_error", "python_grader_runtime_error", "model_grader_server_error",
            "model_grader_refusal_error", "model_grader_parse_error",
        ] {
            errors[key] = .bool(outcome.errors.contains(key))
        }
        for key in ["python_grader_server_error_type", "python_grader_runtime_error_details", "model_grader_server_error_details"] {
            errors[key] = .null
        }
        let name = grader["name"] ?? ""
        return .json([
            "reward": .double(outcome.reward),
            "metadata": [
                "name": name, "type": grader["type"] ?? "", "errors": errors, "execution_time": 0.01,
                "scores": .object(outcome.scores.mapValues { .double($0) }), "token_usage": outcome.tokens.map { .int($0) } ?? .null,
                "sampled_model_name": grader["model"] ?? .null,
            ],
            "sub_rewards": .object(outcome.subRewards.mapValues { .double($0) }),
            "model_grader_token_usage_per_model": .object(outcome.tokensPerModel.mapValues {
                ["prompt_tokens": .int($0), "completion_tokens": 1, "total_tokens": .int($0 + 1), "cached_tokens": 0]
            }),
        ])
    }

    /// The 400 a malformed grader gets, naming the field (`param` such as `grader.operation`); nil when valid.
    static func problem(in grader: JSON, at path: String) -> ResponsePlan? {
        func bad(_ field: String, _ message: String) -> ResponsePlan {
            .error(status: 400, message: message, type: "invalid_request_error", param: field.isEmpty ? path : "\(path).\(field)")
        }
        guard grader.object != nil else { return bad("", "Invalid type for '\(path)': expected an object.") }
        guard let type = grader["type"]?.string, types.contains(type) else {
            return bad("type", "Invalid value for '\(path).type': \(grader["type"].quoted()) is not one of \(types.sorted()).")
        }
        func requireString(_ field: String) -> ResponsePlan? {
            grader[field]?.string == nil ? bad(field, "Missing required parameter: '\(path).\(field)'.") : nil
        }
        if let missing = requireString("name") { return missing }
        switch type {
        case "string_check", "text_similarity":
            for field in ["input", "reference"] { if let missing = requireString(field) { return missing } }
            if type == "string_check" {
                guard let operation = grader["operation"]?.string, operations.contains(operation) else {
                    return bad("operation", "Invalid value for '\(path).operation': expected one of eq, ne, like, ilike.")
                }
            } else {
                guard let metric = grader["evaluation_metric"]?.string, metrics.contains(metric) else {
                    return bad("evaluation_metric", "Invalid value for '\(path).evaluation_metric': expected one of \(metrics.sorted().joined(separator: ", ")).")
                }
            }
        case "python":
            guard let source = grader["source"]?.string, !source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return bad("source", "Missing required parameter: '\(path).source'.")
            }
            guard source.contains("def grade") else {
                return bad("source", "The python grader's source must define grade(sample, item).")
            }
        case "score_model", "label_model":
            if let missing = requireString("model") { return missing }
            guard let input = grader["input"]?.objects, !input.isEmpty else {
                return bad("input", "'\(path).input' must be a non-empty array of messages.")
            }
            if type == "score_model", let range = grader["range"] {
                guard let bounds = range.array?.compactMap(\.double), bounds.count == 2, bounds[0] < bounds[1] else {
                    return bad("range", "'\(path).range' must be two increasing numbers.")
                }
            }
            if type == "label_model" {
                guard let labels = grader["labels"]?.array?.compactMap(\.string), !labels.isEmpty else {
                    return bad("labels", "'\(path).labels' must be a non-empty array of strings.")
                }
                guard let passing = grader["passing_labels"]?.array?.compactMap(\.string), !passing.isEmpty else {
                    return bad("passing_labels", "'\(path).passing_labels' must be a non-empty array of strings.")
                }
                if let stray = passing.first(where: { !labels.contains($0) }) {
                    return bad("passing_labels", "Passing label '\(stray)' is not one of the labels.")
                }
            }
        default:  // multi
            guard let formula = grader["calculate_output"]?.string else { return bad("calculate_output", "Missing required parameter: '\(path).calculate_output'.") }
            guard let graders = subGraders(grader), !graders.isEmpty else {
                return bad("graders", "'\(path).graders' must be a grader or an object of named graders.")
            }
            for (name, sub) in graders {
                if sub["type"]?.string == "multi" { return bad("graders", "A multi grader cannot contain another multi grader.") }
                if let problem = problem(in: sub, at: "\(path).graders.\(name)") { return problem }
            }
            do {
                let names = Set(graders.map(\.name))
                _ = try GraderFormula.evaluate(formula, variables: Dictionary(uniqueKeysWithValues: names.map { ($0, 1.0) }))
            } catch {
                return bad("calculate_output", "Invalid calculate_output formula: \(error.message).")
            }
        }
        return nil
    }

    /// A multi grader's graders with the names its formula uses: an object of named graders, or one grader
    /// (named by its `name`).
    static func subGraders(_ grader: JSON) -> [(name: String, grader: JSON)]? {
        guard let graders = grader["graders"]?.object else { return nil }
        if graders["type"]?.string != nil { return [(grader["graders"]?["name"]?.string ?? "grader", grader["graders"]!)] }
        return graders.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
