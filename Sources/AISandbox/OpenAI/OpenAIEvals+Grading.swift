import AIServerKit
import Foundation

/// Grades a run's rows: renders each row's prompt, samples the sandbox's chat answer when the run names a model,
/// applies every testing criterion and counts the results.
struct EvalGrading {
    let eval: JSON
    let run: JSON
    let rows: [JSON]
    let answerer: (any SandboxAnswerer)?

    static let metrics: Set<String> = [
        "cosine", "fuzzy_match", "bleu", "gleu", "meteor", "rouge_1", "rouge_2", "rouge_3", "rouge_4", "rouge_5", "rouge_l",
    ]

    /// The graded rows (without ids), the run's counts, its per-criterion counts and its per-model usage.
    struct Outcome {
        var items: [JSON]
        var counts: JSON
        var perCriterion: JSON
        var usage: JSON
    }

    func outcome() -> Outcome {
        let criteria = eval["testing_criteria"]?.array ?? []
        let dataSource = run["data_source"] ?? [:]
        let samples = dataSource["type"]?.string != "jsonl"
        var items: [JSON] = []
        var passed = 0, failed = 0, errored = 0
        var perCriterion = Array(repeating: (passed: 0, failed: 0), count: criteria.count)
        var usage: [String: (calls: Int, prompt: Int, completion: Int)] = [:]
        for (index, row) in rows.enumerated() {
            let item = row["item"] ?? [:]
            let sample = samples ? self.sample(item, dataSource: dataSource) : Self.given(row["sample"])
            var outputItem: JSON = [
                "object": "eval.run.output_item", "run_id": run["id"] ?? .null, "eval_id": eval["id"] ?? .null,
                "datasource_item_id": .int(index), "datasource_item": item, "sample": sample,
            ]
            if sample["error"].map({ !$0.isNull }) == true {
                errored += 1
                outputItem["status"] = "fail"
                outputItem["results"] = []
                items.append(outputItem)
                continue
            }
            if let model = sample["model"]?.string, samples {
                var entry = usage[model] ?? (0, 0, 0)
                entry.calls += 1
                entry.prompt += sample["usage"]?["prompt_tokens"]?.int ?? 0
                entry.completion += sample["usage"]?["completion_tokens"]?.int ?? 0
                usage[model] = entry
            }
            let context: JSON = ["item": item, "sample": Self.namespace(of: sample)]
            var results: [JSON] = []
            for (number, criterion) in criteria.enumerated() {
                let (score, pass) = Self.grade(criterion, context: context)
                results.append([
                    "name": criterion["name"] ?? "", "type": criterion["type"] ?? "", "score": .double(score), "passed": .bool(pass), "sample": nil,
                ])
                if pass { perCriterion[number].passed += 1 } else { perCriterion[number].failed += 1 }
            }
            let allPassed = results.allSatisfy { $0["passed"]?.bool == true }
            if allPassed { passed += 1 } else { failed += 1 }
            outputItem["status"] = allPassed ? "pass" : "fail"
            outputItem["results"] = .array(results)
            items.append(outputItem)
        }
        return Outcome(
            items: items,
            counts: ["total": .int(rows.count), "errored": .int(errored), "failed": .int(failed), "passed": .int(passed)],
            perCriterion: .array(
                criteria.enumerated().map { number, criterion in
                    ["testing_criteria": criterion["name"] ?? "", "passed": .int(perCriterion[number].passed), "failed": .int(perCriterion[number].failed)]
                }),
            usage: .array(
                usage.keys.sorted().map { model in
                    let entry = usage[model]!
                    return [
                        "model_name": .string(model), "invocation_count": .int(entry.calls), "prompt_tokens": .int(entry.prompt),
                        "completion_tokens": .int(entry.completion), "total_tokens": .int(entry.prompt + entry.completion), "cached_tokens": 0,
                    ]
                }))
    }

    // MARK: Sampling

    /// A sample a JSONL row brought along (`output_text`, or a chat completion's `choices`).
    private static func given(_ sample: JSON?) -> JSON {
        guard let sample = sample?.objectValue else { return ["input": [], "output": [], "error": nil] }
        let text = sample["output_text"]?.string ?? sample["choices"]?[0]?["message"]?["content"]?.string ?? ""
        var given = sample
        given["output"] = [["role": "assistant", "content": .string(text)]]
        if given["input"] == nil { given["input"] = [] }
        if given["error"] == nil { given["error"] = nil }
        return given
    }

    /// What graders read as `sample`: `output_text`, `output_json` when the text is JSON, `model`, `choices`.
    private static func namespace(of sample: JSON) -> JSON {
        let text = sample["output_text"]?.string ?? sample["output"]?[0]?["content"]?.string ?? ""
        var namespace = sample
        namespace["output_text"] = .string(text)
        namespace["output_json"] = (try? JSON(parsing: Data(text.utf8)))?.objectValue ?? [:]
        return namespace
    }

    /// Asks the sandbox's chat answer for the row's rendered prompt.
    private func sample(_ item: JSON, dataSource: JSON) -> JSON {
        let model = dataSource["model"]?.string ?? "gpt-4o-mini"
        let context: JSON = ["item": item]
        var messages: [JSON] = []
        let input = dataSource["input_messages"] ?? [:]
        if input["type"]?.string == "item_reference" {
            messages = (Self.lookup(input["item_reference"]?.string ?? "", in: context)?.objects ?? []).map {
                ["role": $0["role"] ?? "user", "content": .string(Self.text(of: $0["content"], context: context))]
            }
        } else {
            messages = (input["template"]?.objects ?? []).map {
                ["role": $0["role"] ?? "user", "content": .string(Self.text(of: $0["content"], context: context))]
            }
        }
        let params = dataSource["sampling_params"] ?? [:]
        var body: JSON = ["model": .string(model), "messages": .array(messages)]
        if let limit = params["max_completion_tokens"]?.int { body["max_completion_tokens"] = .int(limit) }
        let plan = OpenAIChat.respond(to: body, answerer: answerer)
        var sample: JSON = [
            "input": .array(messages), "model": .string(model), "temperature": params["temperature"] ?? 1.0,
            "max_completion_tokens": params["max_completion_tokens"] ?? 4096, "top_p": params["top_p"] ?? 1.0, "seed": params["seed"] ?? 42,
        ]
        guard case .full(let bytes) = plan.body, let answer = try? JSON(parsing: Data(bytes)) else {
            sample["error"] = ["code": "sampling_failed", "message": "The model gave no answer."]
            return sample
        }
        guard (200..<300).contains(plan.status) else {
            sample["error"] = ["code": answer["error"]?["code"] ?? "sampling_failed", "message": answer["error"]?["message"] ?? "Sampling failed."]
            sample["output"] = []
            return sample
        }
        let choice = answer["choices"]?[0] ?? [:]
        let prompt = answer["usage"]?["prompt_tokens"]?.int ?? 0
        let completion = answer["usage"]?["completion_tokens"]?.int ?? 0
        sample["output"] = [["role": "assistant", "content": choice["message"]?["content"] ?? ""]]
        sample["finish_reason"] = choice["finish_reason"] ?? "stop"
        sample["usage"] = ["prompt_tokens": .int(prompt), "completion_tokens": .int(completion), "total_tokens": .int(prompt + completion), "cached_tokens": 0]
        sample["error"] = nil
        return sample
    }

    // MARK: Templates

    /// `template` with every `{{namespace.path}}` replaced by that value of `context` (text as it is, other JSON as
    /// its text; a missing value as nothing).
    static func render(_ template: String, context: JSON) -> String {
        var output = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let path = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if let value = lookup(path, in: context) { output += value.string ?? value.serializedString() }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// The value at a dotted path such as `item.answer` or `sample.output_json.score`.
    static func lookup(_ path: String, in context: JSON) -> JSON? {
        var value: JSON? = context
        for key in path.split(separator: ".") { value = value?[String(key)] ?? Int(key).flatMap { value?[$0] } }
        return value
    }

    /// A message's content as rendered text: a string, a text part, or the text parts of an array.
    static func text(of content: JSON?, context: JSON) -> String {
        switch content {
        case .string(let text): return render(text, context: context)
        case .array(let parts): return parts.map { text(of: $0, context: context) }.filter { !$0.isEmpty }.joined(separator: "\n")
        case .object: return content?["text"]?.string.map { render($0, context: context) } ?? ""
        default: return ""
        }
    }
}
