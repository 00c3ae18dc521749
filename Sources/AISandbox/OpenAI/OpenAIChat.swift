import Foundation

/// `/v1/chat/completions`: text answers, tool calls, JSON output, stories (see ``StoryWriter``), streams
/// with usage. Text answers stop at `max_completion_tokens`/`max_tokens` with `finish_reason` `length`.
enum OpenAIChat {
    static let created = 1_700_000_000

    /// What the model "decides" to say for a request.
    enum Answer {
        /// Text, why it ended, and its completion tokens (nil: one per word, the sandbox's usual count).
        case text(String, finish: String = "stop", tokens: Int? = nil)
        case toolCall(id: String, name: String, arguments: String)
    }

    static func respond(to body: [String: Any]) -> ResponsePlan {
        let model = body["model"] as? String ?? "gpt-4o-mini"
        let messages = body["messages"] as? [[String: Any]] ?? []
        guard !messages.isEmpty else {
            return .error(status: 400, message: "'messages' must contain at least one message.", type: "invalid_request_error", param: "messages")
        }
        let story = StoryWriter.storyRequest(in: messages)
        var answer = decide(body: body, messages: messages, story: story)
        if case .text(let text, _, .none) = answer, let limit = maxTokens(body) {
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

    /// - Parameter story: what `StoryWriter.storyRequest(in:)` found in `messages` (found once per request).
    static func decide(body: [String: Any], messages: [[String: Any]], story: (system: String, user: String)?) -> Answer {
        let last = messages.last ?? [:]
        let lastRole = last["role"] as? String
        if lastRole == "tool" {
            let callID = last["tool_call_id"] as? String ?? "unknown"
            return .text("The tool call \(callID) returned: \(SandboxText.text(ofContent: last["content"]))")
        }
        let tools = body["tools"] as? [[String: Any]] ?? []
        let choice = body["tool_choice"]
        if !tools.isEmpty, (choice as? String) != "none" {
            var function = tools.first?["function"] as? [String: Any] ?? [:]
            if let forced = ((choice as? [String: Any])?["function"] as? [String: Any])?["name"] as? String,
                let match = tools.first(where: { ($0["function"] as? [String: Any])?["name"] as? String == forced })
            {
                function = match["function"] as? [String: Any] ?? function
            }
            let name = function["name"] as? String ?? "function"
            let arguments = SchemaSample.json(schema: function["parameters"] as? [String: Any] ?? [:])
            let id = "call_sandbox_\(SandboxText.hash(name + arguments) % 1_000_000)"
            return .toolCall(id: id, name: name, arguments: arguments)
        }
        let userText = SandboxText.text(ofContent: messages.last(where: { $0["role"] as? String == "user" })?["content"])
        if let format = body["response_format"] as? [String: Any], let type = format["type"] as? String {
            if type == "json_schema", let schema = (format["json_schema"] as? [String: Any])?["schema"] as? [String: Any] {
                return .text(SchemaSample.json(schema: schema))
            }
            if type == "json_object" || type == "json_schema" {
                return .text(JSONText.string(["sandbox": true, "echo": userText]))
            }
        }
        if let request = story {
            let story = StoryWriter.story(system: request.system, user: request.user, maxTokens: maxTokens(body))
            return .text(story.text, finish: story.finishReason, tokens: story.completionTokens)
        }
        return .text("Hello from AISandbox! You said: \(userText)")
    }

    /// The request's completion limit (`max_completion_tokens`, or the older `max_tokens`), when positive.
    static func maxTokens(_ body: [String: Any]) -> Int? {
        let limit = body["max_completion_tokens"] as? Int ?? body["max_tokens"] as? Int
        return limit.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Arguments that satisfy the required properties of a JSON schema, with sample values.
    private static func completion(_ answer: Answer, model: String, promptTokens: Int, body: [String: Any]) -> [String: Any] {
        var message: [String: Any] = ["role": "assistant", "refusal": NSNull(), "annotations": [Any]()]
        let finishReason: String
        let completionTokens: Int
        switch answer {
        case .text(let text, let finish, let tokens):
            message["content"] = text
            finishReason = finish
            completionTokens = tokens ?? SandboxText.tokens(text).count
        case .toolCall(let id, let name, let arguments):
            message["content"] = NSNull()
            message["tool_calls"] = [["id": id, "type": "function", "function": ["name": name, "arguments": arguments]]]
            finishReason = "tool_calls"
            completionTokens = 12
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

    private static func logprob(_ token: String) -> [String: Any] {
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

    private static func streamed(_ answer: Answer, model: String, promptTokens: Int, includeUsage: Bool, logprobs: Bool) -> ResponsePlan {
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
        case .toolCall(let callID, let name, let arguments):
            chunks.append(chunk([
                "role": "assistant", "content": NSNull(),
                "tool_calls": [["index": 0, "id": callID, "type": "function", "function": ["name": name, "arguments": ""]]],
            ]))
            var remaining = Substring(arguments)
            while !remaining.isEmpty {
                let piece = remaining.prefix(7)
                remaining = remaining.dropFirst(7)
                chunks.append(chunk(["tool_calls": [["index": 0, "function": ["arguments": String(piece)]]]]))
            }
            chunks.append(chunk([:], finish: "tool_calls"))
            completionTokens = 12
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

    /// The chunk a benchmark stream repeats, as JSON text.
    static let benchmarkChunk =
        #"{"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini","system_fingerprint":"fp_sandbox","choices":[{"index":0,"delta":{"content":" token"},"logprobs":null,"finish_reason":null}]}"#
}
