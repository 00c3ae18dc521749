import Foundation

/// `/v1/moderations`: flags texts that mention violence.
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
            let lowered = input.text.lowercased()
            let violent = ["kill", "hurt", "attack"].contains { lowered.contains($0) }
            var flags: [String: Any] = [:]
            var scores: [String: Any] = [:]
            var applied: [String: Any] = [:]
            for category in categories {
                let hit = category == "violence" && violent
                flags[category] = hit
                scores[category] = hit ? 0.92 : 0.0001
                applied[category] = input.hasImage && category.hasPrefix("violence") ? ["text", "image"] : ["text"]
            }
            return ["flagged": violent, "categories": flags, "category_scores": scores, "category_applied_input_types": applied]
        }
        return .json(["id": "modr-sandbox-\(SandboxText.hash(model) % 10_000)", "model": model, "results": results])
    }
}
