import AIServerKit
import Foundation

extension EvalGrading {
    private static let operations: Set<String> = ["eq", "ne", "like", "ilike"]

    /// Why a testing criterion can't be used, as the API answers it (nil: it can).
    static func validate(_ criterion: JSON, param: String) -> EvalError? {
        guard criterion.object != nil else { return EvalError("Each testing criterion must be an object.", param: param) }
        guard criterion["name"]?.string != nil else { return EvalError("A testing criterion needs a name.", param: "\(param).name") }
        func strings(_ keys: String...) -> EvalError? {
            keys.first { criterion[$0]?.string == nil }.map { EvalError("'\($0)' is required and must be a string.", param: "\(param).\($0)") }
        }
        func messages() -> EvalError? {
            criterion["input"]?.objects == nil ? EvalError("'input' must be an array of messages.", param: "\(param).input") : nil
        }
        switch criterion["type"]?.string {
        case "string_check":
            if let error = strings("input", "reference", "operation") { return error }
            guard operations.contains(criterion["operation"]?.string ?? "") else {
                return EvalError("operation must be one of eq, ne, like, ilike.", param: "\(param).operation")
            }
        case "text_similarity":
            if let error = strings("input", "reference", "evaluation_metric") { return error }
            guard metrics.contains(criterion["evaluation_metric"]?.string ?? "") else {
                return EvalError("Invalid evaluation_metric '\(criterion["evaluation_metric"].quoted())'.", param: "\(param).evaluation_metric")
            }
            guard criterion["pass_threshold"]?.double != nil else {
                return EvalError("A text similarity grader needs a pass_threshold.", param: "\(param).pass_threshold")
            }
        case "python":
            if let error = strings("source") { return error }
        case "score_model":
            if let error = strings("model") ?? messages() { return error }
            if let range = criterion["range"], range.array?.compactMap(\.double).count != 2 {
                return EvalError("range must be two numbers.", param: "\(param).range")
            }
        case "label_model":
            if let error = strings("model") ?? messages() { return error }
            guard let labels = criterion["labels"]?.strings, !labels.isEmpty else {
                return EvalError("labels must be a non-empty array of strings.", param: "\(param).labels")
            }
            guard let passing = criterion["passing_labels"]?.strings, !passing.isEmpty, passing.allSatisfy(labels.contains) else {
                return EvalError("passing_labels must be some of the labels.", param: "\(param).passing_labels")
            }
        default:
            return EvalError("Invalid testing criterion type '\(criterion["type"].quoted())'.", param: "\(param).type")
        }
        return nil
    }

    /// The score and verdict of one criterion for one row. String checks and text similarity are computed; the
    /// graders that would run code or ask a model score a stable value derived from what they were given.
    static func grade(_ criterion: JSON, context: JSON) -> (score: Double, passed: Bool) {
        let threshold = criterion["pass_threshold"]?.double
        switch criterion["type"]?.string {
        case "string_check":
            let input = render(criterion["input"]?.string ?? "", context: context)
            let reference = render(criterion["reference"]?.string ?? "", context: context)
            let passed: Bool = switch criterion["operation"]?.string {
            case "eq": input == reference
            case "ne": input != reference
            case "like": input.contains(reference)
            default: input.lowercased().contains(reference.lowercased())
            }
            return (passed ? 1 : 0, passed)
        case "text_similarity":
            let input = render(criterion["input"]?.string ?? "", context: context)
            let reference = render(criterion["reference"]?.string ?? "", context: context)
            let score = TextSimilarity.score(input, reference, metric: criterion["evaluation_metric"]?.string ?? "fuzzy_match")
            return (score, score >= (threshold ?? 1))
        case "python":
            let fraction = stableFraction(criterion["source"]?.string ?? "", context)
            return (fraction, fraction >= (threshold ?? 0.5))
        case "score_model":
            let bounds = criterion["range"]?.array?.compactMap(\.double) ?? [0, 1]
            let low = bounds.first ?? 0, high = bounds.last ?? 1
            let prompt = (criterion["input"]?.objects ?? []).map { text(of: $0["content"], context: context) }.joined(separator: "\n")
            let score = low + (high - low) * stableFraction(prompt, context)
            return (score, score >= (threshold ?? (low + high) / 2))
        case "label_model":
            let labels = criterion["labels"]?.strings ?? []
            let prompt = (criterion["input"]?.objects ?? []).map { text(of: $0["content"], context: context) }.joined(separator: "\n")
            guard !labels.isEmpty else { return (0, false) }
            let label = labels[Int(SandboxText.hash(prompt) % UInt64(labels.count))]
            let passed = criterion["passing_labels"]?.strings?.contains(label) == true
            return (passed ? 1 : 0, passed)
        default:
            return (0, false)
        }
    }

    /// A number in 0…1 that depends only on `text` and the row.
    private static func stableFraction(_ text: String, _ context: JSON) -> Double {
        Double(SandboxText.hash(text + "\u{0}" + context.serializedString()) % 1001) / 1000
    }
}
