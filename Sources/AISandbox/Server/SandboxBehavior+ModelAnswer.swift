import Foundation

extension SandboxBehavior {
    /// What the sandbox model answers instead of its usual reply, so a client's handling of the rarer endings
    /// (refusals, cut-off answers, filtered content, broken JSON, unexpected tool calls) can be tested without a
    /// real model. Applies to chat completions, Responses and Anthropic messages, plain and streamed.
    public enum ModelAnswer: Sendable, Equatable {
        /// The model refuses: chat `message.refusal` (and `delta.refusal` in streams) with content null; Responses an
        /// output message whose content part is `{"type":"refusal","refusal":…}` (stream: response.refusal.delta/done
        /// events); Anthropic `stop_reason: "refusal"` with the text as a text block.
        case refusal(String)
        /// The answer is cut at the token limit: chat finish_reason "length"; Responses status "incomplete" with
        /// incomplete_details {"reason":"max_output_tokens"} (stream ends with response.incomplete); Anthropic
        /// stop_reason "max_tokens". The text is the normal answer cut roughly in half — for structured output
        /// requests that makes it invalid (truncated) JSON. Tool calls are not cut: the answer is the text the
        /// request would get without tools.
        case lengthCutoff
        /// Chat finish_reason "content_filter" (content cut); Responses status incomplete with reason
        /// "content_filter"; Anthropic: stop_reason "refusal". The text is cut as for ``lengthCutoff``.
        case contentFilter
        /// The text answer is not valid JSON (`{"sandbox": tru`) even though a schema was requested — finish is normal.
        case malformedOutput
        /// Call these tools in ONE assistant turn (parallel calls), in this order, whether or not the request offered
        /// them (a name the request does not offer = an "unknown tool" from the model). Arguments: SchemaSample of
        /// that tool's schema when offered, else `{}`.
        case toolCalls([String])
        /// Anthropic only: stop_reason "pause_turn" (a long-running server-tool turn paused) with a text block
        /// "Pausing."; the client is expected to send the conversation back (with this assistant content appended)
        /// to resume. Other protocols: treat as normal answer.
        case pauseTurn
        /// Answer this text (normal finish).
        case text(String)
    }
}

/// Shared pieces of the overrides, so the three protocols cut and break text the same way.
enum ModelAnswerText {
    /// The text ``SandboxBehavior/ModelAnswer/malformedOutput`` answers: the start of a JSON object that never ends.
    static let malformed = #"{"sandbox": tru"#

    /// What ``SandboxBehavior/ModelAnswer/pauseTurn`` says before pausing.
    static let pausing = "Pausing."

    /// The first half of `text` by characters (at least one character of a non-empty text): cutting by characters
    /// rather than words makes any JSON answer, even one without spaces, invalid.
    static func cut(_ text: String) -> String {
        guard text.count > 1 else { return text }
        return String(text.prefix(text.count / 2))
    }
}
