import AIServerKit
import Foundation

/// `/v1/chat/completions`: text answers, tool calls, JSON output, an app's own answers (see ``SandboxAnswerer``),
/// streams with usage. Text answers stop at `max_completion_tokens`/`max_tokens` with `finish_reason` `length`.
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

    /// - Parameters:
    ///   - override: what a queued ``SandboxBehavior`` says the model answers instead (nil: the usual reply).
    ///   - answerer: the app's answerer the sandbox was started with, asked once per request.
    ///   - stored: where a request with `store: true` keeps its completion (nil: nothing is kept).
    static func respond(
        to body: JSON, answer override: SandboxBehavior.ModelAnswer? = nil, answerer: (any SandboxAnswerer)? = nil,
        stored: OpenAIStoredChat? = nil
    ) -> ResponsePlan {
        let model = body["model"]?.string ?? "gpt-4o-mini"
        let messages = body["messages"]?.objects ?? []
        guard !messages.isEmpty else {
            return .error(status: 400, message: "'messages' must contain at least one message.", type: "invalid_request_error", param: "messages")
        }
        let appAnswer = answerer?.answer(SandboxChatRequest(messages: messages, maxTokens: maxTokens(body)))
        var answer = decide(body: body, messages: messages, appAnswer: appAnswer, override: override)
        if override == nil, case .text(let text, _, .none) = answer, let limit = maxTokens(body) {
            let tokens = SandboxText.tokens(text)
            if tokens.count > limit { answer = .text(tokens.prefix(limit).joined(), finish: "length", tokens: limit) }
        }
        let promptTokens = appAnswer?.promptTokens
            ?? messages.reduce(0) { $0 + SandboxText.countTokens(SandboxText.text(ofContent: $1["content"])) }
        var storedID: String?
        if body["store"]?.bool == true, let stored {
            let id = stored.nextID()
            stored.keep(completion(answer, model: model, promptTokens: promptTokens, body: body, id: id), request: body)
            storedID = id
        }
        if body["stream"]?.bool == true {
            let includeUsage = body["stream_options"]?["include_usage"]?.bool == true
            return streamed(
                answer, model: model, promptTokens: promptTokens, includeUsage: includeUsage, logprobs: body["logprobs"]?.bool == true,
                id: storedID ?? "chatcmpl-sandbox-stream")
        }
        return .json(completion(answer, model: model, promptTokens: promptTokens, body: body, id: storedID))
    }

    /// The request's completion limit (`max_completion_tokens`, or the older `max_tokens`), when positive.
    static func maxTokens(_ body: JSON) -> Int? {
        let limit = body["max_completion_tokens"]?.int ?? body["max_tokens"]?.int
        return limit.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The `chat.completion` object for an answer.
    private static func completion(_ answer: Answer, model: String, promptTokens: Int, body: JSON, id: String? = nil) -> JSON {
        var message: JSON = ["role": "assistant", "refusal": nil, "annotations": []]
        let finishReason: String
        let completionTokens: Int
        switch answer {
        case .text(let text, let finish, let tokens):
            message["content"] = .string(text)
            finishReason = finish
            completionTokens = tokens ?? SandboxText.tokens(text).count
        case .refusal(let text):
            message["content"] = .null
            message["refusal"] = .string(text)
            finishReason = "stop"
            completionTokens = SandboxText.tokens(text).count
        case .toolCalls(let calls):
            message["content"] = .null
            message["tool_calls"] = .array(calls.map {
                ["id": .string($0.id), "type": "function", "function": ["name": .string($0.name), "arguments": .string($0.arguments)]]
            })
            finishReason = "tool_calls"
            completionTokens = 12 * calls.count
        }
        var choice: JSON = ["index": 0, "message": message, "finish_reason": .string(finishReason), "logprobs": nil]
        if body["logprobs"]?.bool == true, case .text(let text, _, _) = answer {
            choice["logprobs"] = ["content": .array(SandboxText.tokens(text).map(logprob)), "refusal": nil]
        }
        return [
            "id": .string(id ?? "chatcmpl-sandbox-\(SandboxText.hash(model) % 100_000)"),
            "object": "chat.completion",
            "created": .int(created),
            "model": .string(model),
            "system_fingerprint": "fp_sandbox",
            "service_tier": .string(body["service_tier"]?.string ?? "default"),
            "choices": [choice],
            "usage": usage(prompt: promptTokens, completion: completionTokens),
        ]
    }

    static func logprob(_ token: String) -> JSON {
        [
            "token": .string(token), "logprob": -0.25, "bytes": .array(token.utf8.map { .int(Int($0)) }),
            "top_logprobs": [["token": .string(token), "logprob": -0.25, "bytes": nil]],
        ]
    }

    static func usage(prompt: Int, completion: Int) -> JSON {
        [
            "prompt_tokens": .int(prompt), "completion_tokens": .int(completion), "total_tokens": .int(prompt + completion),
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
