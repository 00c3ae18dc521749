import AICore

// What Anthropic's messages and streamed events tell telemetry: ids, models, stop reasons and token usage (cache
// reads and writes included), in the names OpenTelemetry's generative-AI conventions give them.

extension MessageResponse.Usage {
    /// Anthropic's `input_tokens` leaves out the tokens read from or written to the cache; the input count
    /// reported includes them, as OpenAI's `prompt_tokens` does, so the metric means the same for both providers.
    fileprivate func report(to facts: inout GenAIResponseFacts) {
        if let inputTokens {
            facts.inputTokens = inputTokens + (cacheReadInputTokens ?? 0) + (cacheCreationInputTokens ?? 0)
        }
        facts.outputTokens = outputTokens
        if let cacheReadInputTokens { facts.cacheReadTokens = cacheReadInputTokens }
        if let cacheCreationInputTokens { facts.cacheCreationTokens = cacheCreationInputTokens }
    }
}

extension MessageResponse: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        facts.id = id
        facts.model = model
        facts.finished(because: stopReason)
        usage.report(to: &facts)
        facts.append(text: text)
        return true
    }
}

extension MessageStreamResponse: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        switch type {
        case "message_start":
            if let message {
                facts.id = message.id
                facts.model = message.model
                message.usage.report(to: &facts)
            }
            return false
        case "content_block_start":
            // A tool call's block starts with its name: output, even before its arguments stream.
            return contentBlock?.type == "tool_use" || contentBlock?.type == "server_tool_use"
        case "content_block_delta":
            facts.append(text: delta?.text)
            return delta?.text?.isEmpty == false || delta?.partialJson?.isEmpty == false
                || delta?.thinking?.isEmpty == false
        case "message_delta":
            facts.finished(because: delta?.stopReason)
            usage?.report(to: &facts)
            return false
        default:
            return false
        }
    }
}

extension TextCompletionResponse: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        facts.id = id
        facts.model = model
        facts.finished(because: stopReason)
        facts.append(text: completion)
        return true
    }
}

extension TextCompletionStreamResponse: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        if !model.isEmpty { facts.model = model }
        facts.finished(because: stopReason)
        facts.append(text: completion)
        return !completion.isEmpty
    }
}
