import AICore
import Foundation

/// One of an eval's testing criteria: a ``Grader`` and, for graders that score, the lowest passing score.
///
/// Graders read the row with `{{item.field}}` and the model's answer with `{{sample.output_text}}`.
/// String checks and label models pass or fail by themselves; text similarity needs a `passThreshold`.
///
/// ```swift
/// let exact = EvalTestingCriterion.stringCheck(name: "exact", input: "{{sample.output_text}}", reference: "{{item.answer}}", operation: .equal)
/// ```
public struct EvalTestingCriterion: Codable, Sendable {
    public var grader: Grader
    /// The lowest score that passes (text similarity, Python and score-model graders).
    public var passThreshold: Double?

    public init(_ grader: Grader, passThreshold: Double? = nil) {
        self.grader = grader
        self.passThreshold = passThreshold
    }

    /// The grader's name, which results are reported under.
    public var name: String { grader.name ?? "" }

    /// Compares two strings; a pass scores 1.
    public static func stringCheck(name: String, input: String, reference: String, operation: StringCheckGrader.Operation) -> Self {
        Self(.stringCheck(StringCheckGrader(name: name, input: input, reference: reference, operation: operation)))
    }

    /// Scores the similarity of two texts from 0 to 1; passes from `passThreshold` on.
    public static func textSimilarity(
        name: String, input: String, reference: String, metric: TextSimilarityGrader.Metric, passThreshold: Double
    ) -> Self {
        Self(.textSimilarity(TextSimilarityGrader(name: name, input: input, reference: reference, evaluationMetric: metric)), passThreshold: passThreshold)
    }

    /// Runs `source`'s `grade(sample, item)`; passes from `passThreshold` on.
    public static func python(name: String, source: String, imageTag: String? = nil, passThreshold: Double? = nil) -> Self {
        Self(.python(PythonGrader(name: name, source: source, imageTag: imageTag)), passThreshold: passThreshold)
    }

    /// Asks `model` for a score within `range`; passes from `passThreshold` on.
    public static func scoreModel(
        name: String, model: String, input: [GraderMessage], range: [Double]? = nil, passThreshold: Double? = nil
    ) -> Self {
        Self(.scoreModel(ScoreModelGrader(name: name, model: model, input: input, range: range)), passThreshold: passThreshold)
    }

    /// Asks `model` to pick one of `labels`; passes when it picks one of `passingLabels`.
    public static func labelModel(name: String, model: String, input: [GraderMessage], labels: [String], passingLabels: [String]) -> Self {
        Self(.labelModel(LabelModelGrader(name: name, model: model, input: input, labels: labels, passingLabels: passingLabels)))
    }

    private enum CodingKeys: String, CodingKey {
        case passThreshold = "pass_threshold"
    }

    public init(from decoder: any Decoder) throws {
        grader = try Grader(from: decoder)
        passThreshold = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Double.self, forKey: .passThreshold)
    }

    public func encode(to encoder: any Encoder) throws {
        try grader.encode(to: encoder)
        guard let passThreshold else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(passThreshold, forKey: .passThreshold)
    }
}
