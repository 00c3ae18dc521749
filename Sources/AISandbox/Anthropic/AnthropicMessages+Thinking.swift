import AIServerKit
import Foundation

/// Thinking and search-result citations in the sandbox model's answers.
extension AnthropicMessages {
    /// The thinking block an answer starts with when thinking is `enabled` or `adaptive`: its text, or none
    /// (only the signature) when `display` is `omitted`.
    static func thinkingBlock(_ body: JSON, messages: [JSON]) -> Block? {
        guard let thinking = body["thinking"]?.objectValue, ["enabled", "adaptive"].contains(thinking["type"]?.string ?? "") else {
            return nil
        }
        let text = thinking["display"]?.string == "omitted" ? "" : "Let me think about this request step by step."
        return .thinking(text, signature: "sig_sandbox_\(messages.count)")
    }

    /// An answer citing the first search result of the last message that has citations enabled, with a
    /// `search_result_location` citation (its index among the request's search results, its first text block).
    static func searchResultAnswer(_ messages: [JSON]) -> [Block]? {
        let results = messages.flatMap { ($0["content"]?.objects ?? []).filter { $0["type"]?.string == "search_result" } }
        let recent = (messages.last?["content"]?.objects ?? []).filter { $0["type"]?.string == "search_result" }
        guard let result = recent.first(where: { $0["citations"]?["enabled"]?.bool == true }) else { return nil }
        let index = results.firstIndex(of: result) ?? 0
        let cited = result["content"]?.objects?.first?["text"]?.string ?? ""
        let citation: JSON = [
            "type": "search_result_location", "cited_text": .string(cited), "source": result["source"] ?? "",
            "title": result["title"] ?? nil, "search_result_index": .int(index), "start_block_index": 0, "end_block_index": 1,
        ]
        return [
            .text("According to the search results, ", citations: []),
            .text(cited.isEmpty ? "the result says nothing." : cited, citations: [citation]),
        ]
    }
}
