import AIServerKit
import Foundation

/// What a grader's templates read: `{{sample.output_text}}`, `{{sample.output_json.…}}` and `{{item.…}}`.
struct GraderContext {
    let sample: String
    let item: JSON

    /// `text` with every `{{ path }}` replaced; the paths that name nothing are returned too.
    func render(_ text: String) -> (text: String, unknown: [String]) {
        var output = ""
        var unknown: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            output += rest[..<open.lowerBound]
            let path = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if let value = lookup(path) {
                output += value.string ?? value.serializedString()
            } else {
                unknown.append(path)
            }
            rest = rest[close.upperBound...]
        }
        return (output + rest, unknown)
    }

    private func lookup(_ path: String) -> JSON? {
        var parts = path.split(separator: ".").map(String.init)
        guard !parts.isEmpty else { return nil }
        var value: JSON?
        switch parts.removeFirst() {
        case "item": value = item
        case "sample":
            guard !parts.isEmpty else { return nil }
            switch parts.removeFirst() {
            case "output_text": value = .string(sample)
            case "output_json": value = try? JSON(parsing: Data(sample.utf8))
            default: return nil
            }
        default: return nil
        }
        for part in parts {
            if let index = Int(part) { value = value?[index] } else { value = value?[part] }
        }
        return value
    }
}

/// A grader's result: its reward, its named scores and what went wrong (the `metadata.errors` flags set).
struct GraderOutcome {
    var reward = 0.0
    var scores: [String: Double] = [:]
    var subRewards: [String: Double] = [:]
    var errors: Set<String> = []
    var tokens: Int?
    var tokensPerModel: [String: Int] = [:]
}

extension OpenAIGraders {
    /// Evaluates a validated grader.
    static func evaluate(_ grader: JSON, _ context: GraderContext) -> GraderOutcome {
        var outcome = GraderOutcome()
        let name = grader["name"]?.string ?? ""
        func rendered(_ field: String) -> String {
            let result = context.render(grader[field]?.string ?? "")
            if !result.unknown.isEmpty { outcome.errors.insert("invalid_variable_error") }
            return result.text
        }
        switch grader["type"]?.string {
        case "string_check":
            let input = rendered("input")
            let reference = rendered("reference")
            switch grader["operation"]?.string {
            case "eq": outcome.reward = input == reference ? 1 : 0
            case "ne": outcome.reward = input != reference ? 1 : 0
            case "like": outcome.reward = input.contains(reference) ? 1 : 0
            default: outcome.reward = input.lowercased().contains(reference.lowercased()) ? 1 : 0
            }
        case "text_similarity":
            outcome.reward = TextSimilarity.score(rendered("input"), rendered("reference"), metric: grader["evaluation_metric"]?.string ?? "")
        case "python":
            // No code runs here: a stable fraction of the source and the sample stands in for `grade`'s result.
            outcome.reward = fraction(of: (grader["source"]?.string ?? "") + "\n" + context.sample)
        case "score_model", "label_model":
            let prompt = (grader["input"]?.objects ?? []).map { message in
                let content = message["content"]
                let text = content?.string ?? content?["text"]?.string ?? SandboxText.text(ofContent: content)
                let result = context.render(text)
                if !result.unknown.isEmpty { outcome.errors.insert("invalid_variable_error") }
                return result.text
            }.joined(separator: "\n")
            let model = grader["model"]?.string ?? ""
            let tokens = SandboxText.countTokens(prompt)
            outcome.tokens = tokens + 1
            outcome.tokensPerModel[model] = tokens
            if grader["type"]?.string == "score_model" {
                let bounds = grader["range"]?.array?.compactMap(\.double) ?? [0, 1]
                outcome.reward = bounds[0] + fraction(of: prompt + "\n" + context.sample) * (bounds[1] - bounds[0])
            } else {
                // The label the sample names (or the first label), passing or not.
                let labels = grader["labels"]?.array?.compactMap(\.string) ?? []
                let label = labels.first { context.sample.lowercased().contains($0.lowercased()) } ?? labels.first ?? ""
                let passing = grader["passing_labels"]?.array?.compactMap(\.string) ?? []
                outcome.reward = passing.contains(label) ? 1 : 0
            }
        default:  // multi
            var values: [String: Double] = [:]
            for (subName, sub) in subGraders(grader) ?? [] {
                let result = evaluate(sub, context)
                values[subName] = result.reward
                outcome.errors.formUnion(result.errors)
                outcome.tokensPerModel.merge(result.tokensPerModel, uniquingKeysWith: +)
            }
            outcome.subRewards = values
            do {
                outcome.reward = try GraderFormula.evaluate(grader["calculate_output"]?.string ?? "", variables: values)
            } catch {
                outcome.errors.insert("formula_parse_error")
            }
        }
        if !outcome.errors.isEmpty, grader["type"]?.string != "multi" { outcome.reward = 0 }
        outcome.scores[name] = outcome.reward
        return outcome
    }

    /// A number in 0…1 that depends only on `text`.
    private static func fraction(of text: String) -> Double {
        Double(SandboxText.hash(text) % 1001) / 1000
    }
}
