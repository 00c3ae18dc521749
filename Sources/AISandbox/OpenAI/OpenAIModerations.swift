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

    static func respond(to body: [String: Any]) -> ResponsePlan {
        var inputs: [(text: String, hasImage: Bool)] = []
        switch body["input"] {
        case let text as String:
            inputs = [(text, false)]
        case let texts as [String]:
            inputs = texts.map { ($0, false) }
        case let parts as [[String: Any]]:
            let text = parts.compactMap { $0["type"] as? String == "text" ? $0["text"] as? String : nil }.joined(separator: " ")
            inputs = [(text, parts.contains { $0["type"] as? String == "image_url" })]
        default:
            return .error(status: 400, message: "'input' is a required property", type: "invalid_request_error", param: "input")
        }
        let model = body["model"] as? String ?? "omni-moderation-latest"
        let results: [[String: Any]] = inputs.map { input in
            let hits = flaggedCategories(input.text)
            var flags: [String: Any] = [:]
            var scores: [String: Any] = [:]
            var applied: [String: Any] = [:]
            for category in categories {
                flags[category] = hits[category] != nil
                scores[category] = hits[category] ?? 0.0001
                applied[category] = input.hasImage && category.hasPrefix("violence") ? ["text", "image"] : ["text"]
            }
            return ["flagged": !hits.isEmpty, "categories": flags, "category_scores": scores, "category_applied_input_types": applied]
        }
        return .json(["id": "modr-sandbox-\(SandboxText.hash(model) % 10_000)", "model": model, "results": results])
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
