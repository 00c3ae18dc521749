import AIServerKit
import Foundation

/// `/v1/moderations`: flags documented trigger words, so apps can test their refusal paths offline.
///
/// An input is flagged when it contains:
/// - the trigger word **`sandbox-unsafe`** (anywhere, any case): flagged in `violence`, or in the category
///   named after a colon, e.g. `sandbox-unsafe:sexual/minors` or `sandbox-unsafe:harassment`;
/// - a word that starts with `kill`, `hurt` or `attack` (so "kill" and "attacked" are flagged but "skill" is
///   not): flagged in `violence`.
///
/// Results have OpenAI's shape: `flagged`, every category in `categories` (booleans) and `category_scores`
/// (0.92 or more for a hit, 0.0001 otherwise), and `category_applied_input_types`.
enum OpenAIModerations {
    static let categories = [
        "harassment", "harassment/threatening", "hate", "hate/threatening", "illicit", "illicit/violent",
        "self-harm", "self-harm/instructions", "self-harm/intent", "sexual", "sexual/minors", "violence",
        "violence/graphic",
    ]

    static func respond(to body: JSON) -> ResponsePlan {
        var inputs: [(text: String, hasImage: Bool)] = []
        let input = body["input"]
        if let text = input?.string {
            inputs = [(text, false)]
        } else if let texts = input?.strings {
            inputs = texts.map { ($0, false) }
        } else if let parts = input?.objects {
            let text = parts.compactMap { $0["type"]?.string == "text" ? $0["text"]?.string : nil }.joined(separator: " ")
            inputs = [(text, parts.contains { $0["type"]?.string == "image_url" })]
        } else {
            return .error(status: 400, message: "'input' is a required property", type: "invalid_request_error", param: "input")
        }
        let model = body["model"]?.string ?? "omni-moderation-latest"
        let results: [JSON] = inputs.map { input in
            let hits = flaggedCategories(input.text)
            var flags: [String: JSON] = [:]
            var scores: [String: JSON] = [:]
            var applied: [String: JSON] = [:]
            for category in categories {
                flags[category] = .bool(hits[category] != nil)
                scores[category] = .double(hits[category] ?? 0.0001)
                applied[category] = input.hasImage && category.hasPrefix("violence") ? ["text", "image"] : ["text"]
            }
            return [
                "flagged": .bool(!hits.isEmpty), "categories": .object(flags), "category_scores": .object(scores),
                "category_applied_input_types": .object(applied),
            ]
        }
        return .json(["id": .string("modr-sandbox-\(SandboxText.hash(model) % 10_000)"), "model": .string(model), "results": .array(results)])
    }

    /// The documented trigger word (see the type's documentation).
    static let triggerWord = "sandbox-unsafe"

    /// The categories `text` is flagged in, with their scores.
    static func flaggedCategories(_ text: String) -> [String: Double] {
        let lowered = text.lowercased()
        var hits: [String: Double] = [:]
        var rest = Substring(lowered)
        while let range = rest.range(of: triggerWord) {
            rest = rest[range.upperBound...]
            var category = "violence"
            if rest.first == ":" {
                let named = rest.dropFirst().prefix { $0.isLetter || $0 == "/" || $0 == "-" }
                if categories.contains(String(named)) { category = String(named) }
            }
            hits[category] = 0.99
        }
        let words = lowered.split { !$0.isLetter }
        if words.contains(where: { word in ["kill", "hurt", "attack"].contains { word.hasPrefix($0) } }) {
            hits["violence"] = max(hits["violence"] ?? 0, 0.92)
        }
        return hits
    }
}
