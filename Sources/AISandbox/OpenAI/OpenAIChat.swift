import Foundation

/// `/v1/chat/completions`: text answers, tool calls, JSON output, stories (see ``StoryWriter``), streams
/// with usage. Text answers stop at `max_completion_tokens`/`max_tokens` with `finish_reason` `length`.
enum OpenAIChat {
    static let created = 1_700_000_000

    /// What the model "decides" to say for a request.
    enum Answer {
        /// Text, why it ended, and its completion tokens (nil: one per word, the sandbox's usual count).
        case text(String, finish: String = "stop", tokens: Int? = nil)
        /// A refusal: `message.refusal` instead of content.
        case refusal(String)
        /// Parallel tool calls in one assistant turn.
        case toolCalls([SandboxToolCall])
    }

    /// - Parameter override: what a queued ``SandboxBehavior`` says the model answers instead (nil: the usual reply).
    static func respond(to body: [String: Any], answer override: SandboxBehavior.ModelAnswer? = nil) -> ResponsePlan {
        let model = body["model"] as? String ?? "gpt-4o-mini"
        let messages = body["messages"] as? [[String: Any]] ?? []
        guard !messages.isEmpty else {
            return .error(status: 400, message: "'messages' must contain at least one message.", type: "invalid_request_error", param: "messages")
        }
        let story = StoryWriter.storyRequest(in: messages)
        var answer = decide(body: body, messages: messages, story: story, override: override)
        if override == nil, case .text(let text, _, .none) = answer, let limit = maxTokens(body) {
            let tokens = SandboxText.tokens(text)
            if tokens.count > limit { answer = .text(tokens.prefix(limit).joined(), finish: "length", tokens: limit) }
        }
        var promptTokens = messages.reduce(0) { $0 + SandboxText.countTokens(SandboxText.text(ofContent: $1["content"])) }
        if story != nil {
            // A model's count: about 4/3 tokens a word, plus a few per message for the chat format.
            promptTokens = messages.reduce(3) {
                $0 + 4 + StoryWriter.tokens(forWords: StoryWriter.wordCount(SandboxText.text(ofContent: $1["content"])))
            }
        }
        if body["stream"] as? Bool == true {
            let includeUsage = (body["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true
            return streamed(answer, model: model, promptTokens: promptTokens, includeUsage: includeUsage, logprobs: body["logprobs"] as? Bool == true)
        }
        return .json(completion(answer, model: model, promptTokens: promptTokens, body: body))
    }

    /// The request's completion limit (`max_completion_tokens`, or the older `max_tokens`), when positive.
    static func maxTokens(_ body: [String: Any]) -> Int? {
        let limit = body["max_completion_tokens"] as? Int ?? body["max_tokens"] as? Int
        return limit.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The `chat.completion` object for an answer.
    private static func completion(_ answer: Answer, model: String, promptTokens: Int, body: [String: Any]) -> [String: Any] {
        var message: [String: Any] = ["role": "assistant", "refusal": NSNull(), "annotations": [Any]()]
        let finishReason: String
        let completionTokens: Int
        switch answer {
        case .text(let text, let finish, let tokens):
            message["content"] = text
            finishReason = finish
            completionTokens = tokens ?? SandboxText.tokens(text).count
        case .refusal(let text):
            message["content"] = NSNull()
            message["refusal"] = text
            finishReason = "stop"
            completionTokens = SandboxText.tokens(text).count
        case .toolCalls(let calls):
            message["content"] = NSNull()
            message["tool_calls"] = calls.map { ["id": $0.id, "type": "function", "function": ["name": $0.name, "arguments": $0.arguments]] }
            finishReason = "tool_calls"
            completionTokens = 12 * calls.count
        }
        var choice: [String: Any] = ["index": 0, "message": message, "finish_reason": finishReason, "logprobs": NSNull()]
        if body["logprobs"] as? Bool == true, case .text(let text, _, _) = answer {
            choice["logprobs"] = ["content": SandboxText.tokens(text).map(logprob), "refusal": NSNull()]
        }
        return [
            "id": "chatcmpl-sandbox-\(SandboxText.hash(model) % 100_000)",
            "object": "chat.completion",
            "created": created,
            "model": model,
            "system_fingerprint": "fp_sandbox",
            "service_tier": body["service_tier"] as? String ?? "default",
            "choices": [choice],
            "usage": usage(prompt: promptTokens, completion: completionTokens),
        ]
    }

    static func logprob(_ token: String) -> [String: Any] {
        ["token": token, "logprob": -0.25, "bytes": Array(token.utf8).map(Int.init), "top_logprobs": [["token": token, "logprob": -0.25, "bytes": NSNull()]]]
    }

    static func usage(prompt: Int, completion: Int) -> [String: Any] {
        [
            "prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "prompt_tokens_details": ["cached_tokens": 0, "audio_tokens": 0],
            "completion_tokens_details": [
                "reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            ],
        ]
    }

    /// The chunk a benchmark stream repeats, as JSON text.
    static let benchmarkChunk =
        #"{"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini","system_fingerprint":"fp_sandbox","choices":[{"index":0,"delta":{"content":" token"},"logprobs":null,"finish_reason":null}]}"#
}
