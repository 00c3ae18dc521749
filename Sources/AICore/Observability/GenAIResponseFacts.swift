import Foundation

/// What a response (or one streamed event) says about the generation: id, model, why it stopped, tokens used.
package struct GenAIResponseFacts: Sendable {
    package var id: String?
    package var model: String?
    package var finishReasons: [String] = []
    package var inputTokens: Int?
    package var outputTokens: Int?
    package var cacheReadTokens: Int?
    package var cacheCreationTokens: Int?
    package var reasoningTokens: Int?
    /// The generated text, gathered only when the service records contents.
    package var outputText: String?
    package let gathersText: Bool

    package init(gathersText: Bool) {
        self.gathersText = gathersText
    }

    /// Adds generated text when contents are recorded.
    package mutating func append(text: String?) {
        guard gathersText, let text, !text.isEmpty else { return }
        outputText = (outputText ?? "") + text
    }

    /// Adds a finish reason once.
    package mutating func finished(because reason: String?) {
        guard let reason, !finishReasons.contains(reason) else { return }
        finishReasons.append(reason)
    }
}

/// A response or streamed event that tells telemetry about the generation.
///
/// Responses fill in what they carry; a stream's events each add theirs (the first event the id and model, a
/// delta some text, the last one the usage).
package protocol GenAIReporting {
    /// Adds what this value says to `facts`; returns whether it carries generated output (text or a tool call's
    /// arguments), which times the first chunk and the chunks after it.
    @discardableResult
    func report(to facts: inout GenAIResponseFacts) -> Bool
}
