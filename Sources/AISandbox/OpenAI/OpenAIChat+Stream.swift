import Foundation

extension OpenAIChat {
    /// The `chat.completion.chunk` events for an answer, as the API streams them: a role chunk, content (or refusal)
    /// deltas word by word, or per tool call a chunk with its id and name then its arguments in pieces (each with
    /// the call's `index`), then the finish chunk and, when asked, a usage chunk.
    static func streamed(_ answer: Answer, model: String, promptTokens: Int, includeUsage: Bool, logprobs: Bool) -> ResponsePlan {
        let id = "chatcmpl-sandbox-stream"
        func chunk(_ delta: [String: Any], finish: String? = nil, logprob token: String? = nil) -> [String: Any] {
            var choice: [String: Any] = ["index": 0, "delta": delta, "finish_reason": finish ?? NSNull(), "logprobs": NSNull()]
            if let token { choice["logprobs"] = ["content": [logprob(token)], "refusal": NSNull()] }
            var object: [String: Any] = [
                "id": id, "object": "chat.completion.chunk", "created": created, "model": model,
                "system_fingerprint": "fp_sandbox", "service_tier": "default", "choices": [choice],
            ]
            if includeUsage { object["usage"] = NSNull() }
            return object
        }
        var chunks: [[String: Any]] = []
        let completionTokens: Int
        switch answer {
        case .text(let text, let finish, let count):
            chunks.append(chunk(["role": "assistant", "content": "", "refusal": NSNull()]))
            let tokens = SandboxText.tokens(text)
            for token in tokens { chunks.append(chunk(["content": token], logprob: logprobs ? token : nil)) }
            chunks.append(chunk([:], finish: finish))
            completionTokens = count ?? tokens.count
        case .refusal(let text):
            chunks.append(chunk(["role": "assistant", "content": NSNull(), "refusal": ""]))
            let tokens = SandboxText.tokens(text)
            for token in tokens { chunks.append(chunk(["refusal": token])) }
            chunks.append(chunk([:], finish: "stop"))
            completionTokens = tokens.count
        case .toolCalls(let calls):
            for (index, call) in calls.enumerated() {
                var opening: [String: Any] = [
                    "tool_calls": [["index": index, "id": call.id, "type": "function", "function": ["name": call.name, "arguments": ""]]],
                ]
                if index == 0 {
                    opening["role"] = "assistant"
                    opening["content"] = NSNull()
                }
                chunks.append(chunk(opening))
                var remaining = Substring(call.arguments)
                while !remaining.isEmpty {
                    let piece = remaining.prefix(7)
                    remaining = remaining.dropFirst(7)
                    chunks.append(chunk(["tool_calls": [["index": index, "function": ["arguments": String(piece)]]]]))
                }
            }
            chunks.append(chunk([:], finish: "tool_calls"))
            completionTokens = 12 * calls.count
        }
        if includeUsage {
            chunks.append([
                "id": id, "object": "chat.completion.chunk", "created": created, "model": model,
                "system_fingerprint": "fp_sandbox", "choices": [Any](),
                "usage": usage(prompt: promptTokens, completion: completionTokens),
            ])
        }
        return .events(chunks)
    }
}
