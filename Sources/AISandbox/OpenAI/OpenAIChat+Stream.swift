import AIServerKit
import Foundation

extension OpenAIChat {
    /// The `chat.completion.chunk` events for an answer, as the API streams them: a role chunk, content (or refusal)
    /// deltas word by word, or per tool call a chunk with its id and name then its arguments in pieces (each with
    /// the call's `index`), then the finish chunk and, when asked, a usage chunk.
    static func streamed(
        _ answer: Answer, model: String, promptTokens: Int, includeUsage: Bool, logprobs: Bool, id: String = "chatcmpl-sandbox-stream"
    ) -> ResponsePlan {
        func chunk(_ delta: JSON, finish: String? = nil, logprob token: String? = nil) -> JSON {
            var choice: JSON = ["index": 0, "delta": delta, "finish_reason": JSON(finish), "logprobs": nil]
            if let token { choice["logprobs"] = ["content": [logprob(token)], "refusal": nil] }
            var object: JSON = [
                "id": .string(id), "object": "chat.completion.chunk", "created": .int(created), "model": .string(model),
                "system_fingerprint": "fp_sandbox", "service_tier": "default", "choices": [choice],
            ]
            if includeUsage { object["usage"] = .null }
            return object
        }
        var chunks: [JSON] = []
        let completionTokens: Int
        switch answer {
        case .text(let text, let finish, let count):
            chunks.append(chunk(["role": "assistant", "content": "", "refusal": nil]))
            let tokens = SandboxText.tokens(text)
            for token in tokens { chunks.append(chunk(["content": .string(token)], logprob: logprobs ? token : nil)) }
            chunks.append(chunk([:], finish: finish))
            completionTokens = count ?? tokens.count
        case .refusal(let text):
            chunks.append(chunk(["role": "assistant", "content": nil, "refusal": ""]))
            let tokens = SandboxText.tokens(text)
            for token in tokens { chunks.append(chunk(["refusal": .string(token)])) }
            chunks.append(chunk([:], finish: "stop"))
            completionTokens = tokens.count
        case .toolCalls(let calls):
            for (index, call) in calls.enumerated() {
                var opening: JSON = [
                    "tool_calls": [
                        ["index": .int(index), "id": .string(call.id), "type": "function", "function": ["name": .string(call.name), "arguments": ""]],
                    ],
                ]
                if index == 0 {
                    opening["role"] = "assistant"
                    opening["content"] = .null
                }
                chunks.append(chunk(opening))
                var remaining = Substring(call.arguments)
                while !remaining.isEmpty {
                    let piece = remaining.prefix(7)
                    remaining = remaining.dropFirst(7)
                    chunks.append(chunk(["tool_calls": [["index": .int(index), "function": ["arguments": .string(String(piece))]]]]))
                }
            }
            chunks.append(chunk([:], finish: "tool_calls"))
            completionTokens = 12 * calls.count
        }
        if includeUsage {
            chunks.append([
                "id": .string(id), "object": "chat.completion.chunk", "created": .int(created), "model": .string(model),
                "system_fingerprint": "fp_sandbox", "choices": [],
                "usage": usage(prompt: promptTokens, completion: completionTokens),
            ])
        }
        return .events(chunks)
    }
}
