@_spi(Streaming) import AICore
import Foundation

// Fast decoders for stream chunks, the hot path of every streamed chat. `JSONDecoder` (the Codable
// conformances) stays the reference: whenever these readers meet something they do not expect — a
// missing required field, a type mismatch, a key sent twice — they throw and the payload is decoded by
// `JSONDecoder`, whose choice between duplicates (the first) is the reference.
// Tests check that both paths agree.

extension ChatCompletionChunkObject {
    /// Decodes a chunk with the hand-written reader, falling back to `decoder` (and its precise errors) when the
    /// reader does not accept the payload. Written here, for this type, so the reader is specialized and inlined
    /// (a generic version in AICore would run generically: Swift doesn't specialize package-level code across
    /// modules).
    package static func decode(from data: Data, fallback decoder: FastJSONDecoder) throws -> Self {
        if let chunk = try JSONReader.readOrDecline(data, { try Self(reading: &$0) }) { return chunk }
        return try decoder.decode(Self.self, from: data)
    }
}

extension ChatCompletionChunkObject: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var id: String?, choices: [ChatChoice]?, created: Int?, model: String?, object: String?
        var systemFingerprint: String?, usage: ChatCompletionObject.ChatUsage?, serviceTier: String?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("id") { try seen.first(0); id = try reader.readString() }
            else if key.matches("choices") { try seen.first(1); choices = try reader.readArray { try ChatChoice(reading: &$0) } }
            else if key.matches("created") { try seen.first(2); created = try reader.readInt() }
            else if key.matches("model") { try seen.first(3); model = try reader.readString() }
            else if key.matches("object") { try seen.first(4); object = try reader.readString() }
            else if key.matches("system_fingerprint") { try seen.first(5); systemFingerprint = try reader.readOptional { try $0.readString() } }
            else if key.matches("usage") { try seen.first(6); usage = try reader.readOptional { try ChatCompletionObject.ChatUsage(reading: &$0) } }
            else if key.matches("service_tier") { try seen.first(7); serviceTier = try reader.readOptional { try $0.readString() } }
            else { try reader.skipValue() }
        }
        guard let id, let choices, let created, let model, let object else { throw JSONReadableMissingField() }
        self.init(
            id: id, choices: choices, created: created, model: model, systemFingerprint: systemFingerprint,
            object: object, usage: usage, serviceTier: serviceTier)
    }
}

extension ChatCompletionChunkObject.ChatChoice: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var delta: Delta?, finishReason: IntOrStringValue?, index: Int?, finishDetails: FinishDetails?
        var logprobs: ChatCompletionObject.ChatChoice.LogProb?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("delta") { try seen.first(0); delta = try Delta(reading: &reader) }
            else if key.matches("finish_reason") { try seen.first(1); finishReason = try reader.readOptional { try IntOrStringValue(reading: &$0) } }
            else if key.matches("index") { try seen.first(2); index = try reader.readInt() }
            else if key.matches("finish_details") { try seen.first(3); finishDetails = try reader.readOptional { FinishDetails(type: try $0.readTypeObject()) } }
            else if key.matches("logprobs") { try seen.first(4); logprobs = try reader.readOptional { try ChatCompletionObject.ChatChoice.LogProb(reading: &$0) } }
            else { try reader.skipValue() }
        }
        guard let delta, let index else { throw JSONReadableMissingField() }
        self.init(delta: delta, finishReason: finishReason, index: index, finishDetails: finishDetails, logprobs: logprobs)
    }
}

extension ChatCompletionChunkObject.ChatChoice.Delta: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var content: String?, toolCalls: [ToolCall]?, functionCall: FunctionCall?, role: String?, refusal: String?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("content") { try seen.first(0); content = try reader.readOptional { try $0.readString() } }
            else if key.matches("tool_calls") { try seen.first(1); toolCalls = try reader.readOptional { try $0.readArray { try ToolCall(reading: &$0) } } }
            else if key.matches("function_call") { try seen.first(2); functionCall = try reader.readOptional { try FunctionCall(reading: &$0) } }
            else if key.matches("role") { try seen.first(3); role = try reader.readOptional { try $0.readString() } }
            else if key.matches("refusal") { try seen.first(4); refusal = try reader.readOptional { try $0.readString() } }
            else { try reader.skipValue() }
        }
        self.init(content: content, toolCalls: toolCalls, functionCall: functionCall, role: role, refusal: refusal)
    }
}

extension ToolCall: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var index: Int?, id: String?, type: String?, function: FunctionCall?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("index") { try seen.first(0); index = try reader.readOptional { try $0.readInt() } }
            else if key.matches("id") { try seen.first(1); id = try reader.readOptional { try $0.readString() } }
            else if key.matches("type") { try seen.first(2); type = try reader.readOptional { try $0.readString() } }
            else if key.matches("function") { try seen.first(3); function = try FunctionCall(reading: &reader) }
            else { try reader.skipValue() }
        }
        guard let function else { throw JSONReadableMissingField() }
        self.init(index: index, id: id, type: type, function: function)
    }
}

extension FunctionCall: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var arguments: String?, name: String?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("arguments") { try seen.first(0); arguments = try reader.readOptional { try $0.readString() } }
            else if key.matches("name") { try seen.first(1); name = try reader.readOptional { try $0.readString() } }
            else { try reader.skipValue() }
        }
        self.init(arguments: arguments ?? "", name: name)
    }
}

extension IntOrStringValue {
    init(reading reader: inout JSONReader) throws {
        if let integer = try? reader.readInt() {
            self = .int(integer)
        } else {
            self = .string(try reader.readString())
        }
    }
}

extension ChatCompletionObject.ChatUsage: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var completion: Int?, prompt: Int?, total: Int?
        var promptDetails: PromptTokensDetails?, completionDetails: CompletionTokensDetails?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("completion_tokens") { try seen.first(0); completion = try reader.readInt() }
            else if key.matches("prompt_tokens") { try seen.first(1); prompt = try reader.readInt() }
            else if key.matches("total_tokens") { try seen.first(2); total = try reader.readInt() }
            else if key.matches("prompt_tokens_details") { try seen.first(3)
                promptDetails = try reader.readOptional { reader in
                    var cached: Int?, audio: Int?
                    var seen = SeenKeys()
                    try reader.readObject { reader, key in
                        if key.matches("cached_tokens") { try seen.first(0); cached = try reader.readOptional { try $0.readInt() } }
                        else if key.matches("audio_tokens") { try seen.first(1); audio = try reader.readOptional { try $0.readInt() } }
                        else { try reader.skipValue() }
                    }
                    return PromptTokensDetails(cachedTokens: cached, audioTokens: audio)
                }
            } else if key.matches("completion_tokens_details") { try seen.first(4)
                completionDetails = try reader.readOptional { reader in
                    var reasoning: Int?, audio: Int?, accepted: Int?, rejected: Int?
                    var seen = SeenKeys()
                    try reader.readObject { reader, key in
                        if key.matches("reasoning_tokens") { try seen.first(0); reasoning = try reader.readOptional { try $0.readInt() } }
                        else if key.matches("audio_tokens") { try seen.first(1); audio = try reader.readOptional { try $0.readInt() } }
                        else if key.matches("accepted_prediction_tokens") { try seen.first(2); accepted = try reader.readOptional { try $0.readInt() } }
                        else if key.matches("rejected_prediction_tokens") { try seen.first(3); rejected = try reader.readOptional { try $0.readInt() } }
                        else { try reader.skipValue() }
                    }
                    return CompletionTokensDetails(
                        reasoningTokens: reasoning, audioTokens: audio, acceptedPredictionTokens: accepted,
                        rejectedPredictionTokens: rejected)
                }
            } else { try reader.skipValue() }
        }
        guard let completion, let prompt, let total else { throw JSONReadableMissingField() }
        self.init(
            completionTokens: completion, promptTokens: prompt, totalTokens: total, promptTokensDetails: promptDetails,
            completionTokensDetails: completionDetails)
    }
}

extension ChatCompletionObject.ChatChoice.LogProb: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var content: [ChatCompletionObject.ChatChoice.TokenDetail]?, refusal: [ChatCompletionObject.ChatChoice.TokenDetail]?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("content") { try seen.first(0); content = try reader.readOptional { try $0.readArray { try .init(reading: &$0) } } }
            else if key.matches("refusal") { try seen.first(1); refusal = try reader.readOptional { try $0.readArray { try .init(reading: &$0) } } }
            else { try reader.skipValue() }
        }
        self.init(content: content, refusal: refusal)
    }
}

extension ChatCompletionObject.ChatChoice.TokenDetail: JSONReadable {
    package init(reading reader: inout JSONReader) throws {
        var token: String?, logprob: Double?, bytes: [Int]?, top: [TopLogProb]?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("token") { try seen.first(0); token = try reader.readString() }
            else if key.matches("logprob") { try seen.first(1); logprob = try reader.readDouble() }
            else if key.matches("bytes") { try seen.first(2); bytes = try reader.readOptional { try $0.readArray { try $0.readInt() } } }
            else if key.matches("top_logprobs") { try seen.first(3)
                top = try reader.readOptional { reader in
                    try reader.readArray { reader in
                        var token: String?, logprob: Double?, bytes: [Int]?
                        var seen = SeenKeys()
                        try reader.readObject { reader, key in
                            if key.matches("token") { try seen.first(0); token = try reader.readString() }
                            else if key.matches("logprob") { try seen.first(1); logprob = try reader.readDouble() }
                            else if key.matches("bytes") { try seen.first(2); bytes = try reader.readOptional { try $0.readArray { try $0.readInt() } } }
                            else { try reader.skipValue() }
                        }
                        guard let token, let logprob else { throw JSONReadableMissingField() }
                        return TopLogProb(token: token, logprob: logprob, bytes: bytes)
                    }
                }
            } else { try reader.skipValue() }
        }
        guard let token, let logprob else { throw JSONReadableMissingField() }
        self.init(token: token, logprob: logprob, bytes: bytes, topLogprobs: top)
    }
}

extension JSONReader {
    /// Reads `{"type": …}` and returns the type.
    mutating func readTypeObject() throws -> String {
        var type: String?
        var seen = SeenKeys()
        try readObject { reader, key in
            if key.matches("type") { try seen.first(0); type = try reader.readString() } else { try reader.skipValue() }
        }
        guard let type else { throw JSONReadableMissingField() }
        return type
    }
}

/// A required field was absent; the payload goes to `JSONDecoder` for its precise error.
struct JSONReadableMissingField: Error {}
