import AICore

// What OpenAI's responses and streamed events tell telemetry: ids, models, finish reasons and token usage, in the
// names OpenTelemetry's generative-AI conventions give them.

extension IntOrStringValue {
    fileprivate var text: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        }
    }
}

extension ChatCompletionObject.ChatUsage {
    fileprivate func report(to facts: inout GenAIResponseFacts) {
        facts.inputTokens = promptTokens
        facts.outputTokens = completionTokens
        facts.cacheReadTokens = promptTokensDetails?.cachedTokens ?? facts.cacheReadTokens
        facts.reasoningTokens = completionTokensDetails?.reasoningTokens ?? facts.reasoningTokens
    }
}

extension ChatCompletionObject: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        facts.id = id
        facts.model = model
        for choice in choices { facts.finished(because: choice.finishReason?.text) }
        usage.report(to: &facts)
        facts.append(text: choices.first?.message.content)
        return true
    }
}

extension ChatCompletionChunkObject: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        // Azure's first chunk (its prompt filter results) has an empty id.
        if facts.id?.isEmpty ?? true, !id.isEmpty { facts.id = id }
        if facts.model == nil, !model.isEmpty { facts.model = model }
        usage?.report(to: &facts)
        var carriesOutput = false
        for choice in choices {
            facts.finished(because: choice.finishReason?.text)
            let delta = choice.delta
            if delta.content?.isEmpty == false || delta.toolCalls?.isEmpty == false || delta.refusal?.isEmpty == false {
                carriesOutput = true
            }
            if choice.index == 0 { facts.append(text: delta.content) }
        }
        return carriesOutput
    }
}

extension ResponseModel: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        facts.id = id
        if let model { facts.model = model }
        // The Responses API has no finish reason: its status (and why it is incomplete) says how it ended.
        if let status, status != "in_progress", status != "queued" {
            facts.finished(because: incompleteDetails?.reason ?? status)
        }
        if let usage {
            facts.inputTokens = usage.inputTokens
            facts.outputTokens = usage.outputTokens
            facts.cacheReadTokens = usage.inputTokensDetails?.cachedTokens
            facts.reasoningTokens = usage.outputTokensDetails?.reasoningTokens
        }
        if facts.gathersText, facts.outputText == nil { facts.append(text: outputText) }
        return true
    }
}

extension ResponseStreamEvent: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        switch self {
        case .responseCreated(let event), .responseQueued(let event), .responseInProgress(let event):
            facts.id = event.response.id
            if let model = event.response.model { facts.model = model }
            return false
        case .responseCompleted(let event), .responseFailed(let event), .responseIncomplete(let event):
            _ = event.response.report(to: &facts)
            return false
        case .outputTextDelta(let delta):
            facts.append(text: delta.delta)
            return true
        case .refusalDelta, .functionCallArgumentsDelta, .customToolCallInputDelta, .mcpCallArgumentsDelta,
            .audioDelta, .audioTranscriptDelta, .codeInterpreterCallCodeDelta:
            return true
        default:
            return false
        }
    }
}

extension OpenAIResponse: GenAIReporting {
    package func report(to facts: inout GenAIResponseFacts) -> Bool {
        if let model { facts.model = model }
        if let usage {
            facts.inputTokens = usage.inputTokens ?? usage.promptTokens
            facts.outputTokens = usage.outputTokens
        }
        return true
    }
}
