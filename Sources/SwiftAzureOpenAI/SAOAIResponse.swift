import AICore
import Foundation
import SwiftOpenAI

/// A response of the Responses API.
///
/// Decodes the API's JSON (through SwiftOpenAI's `ResponseModel`), so `JSONDecoder().decode(SAOAIResponse.self, …)`
/// works on a raw body, and encodes back to the same JSON.
public struct SAOAIResponse: Codable, Sendable, Equatable {
    public var id: String?
    public var model: String?
    /// Seconds since 1970 (`created_at`).
    public var created: Int?
    public var output: [SAOAIOutput]
    public var usage: SAOAITokenUsage?
    /// `completed`, `failed`, `in_progress`, `cancelled`, `queued` or `incomplete`.
    public var status: String?
    /// Why a response failed.
    public var error: ErrorResponse.APIErrorDetail?
    /// Why a response is incomplete, e.g. `max_output_tokens`.
    public var incompleteReason: String?
    private var wire: ResponseModel?

    public init(id: String?, model: String?, created: Int?, output: [SAOAIOutput], usage: SAOAITokenUsage?, status: String? = nil) {
        self.id = id
        self.model = model
        self.created = created
        self.output = output
        self.usage = usage
        self.status = status
    }

    init(_ response: ResponseModel) {
        self.init(
            id: response.id, model: response.model, created: response.createdAt.map { Int($0) },
            output: response.output.map(SAOAIOutput.init), usage: response.usage.map(SAOAITokenUsage.init),
            status: response.status)
        error = response.error.map { ErrorResponse.APIErrorDetail(message: $0.message, type: nil, code: $0.code, param: nil) }
        incompleteReason = response.incompleteDetails?.reason
        wire = response
    }

    /// The text of every `output_text` part, joined.
    public var outputText: String {
        output.flatMap { $0.content ?? [] }.compactMap(\.text).joined()
    }

    /// The function calls the model asked for.
    public var functionCalls: [SAOAIOutputContent.FunctionCall] {
        output.flatMap { $0.content ?? [] }.compactMap { if case .functionCall(let call) = $0 { call } else { nil } }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try ResponseModel(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        if let wire {
            try wire.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(model, forKey: .model)
        try container.encodeIfPresent(created, forKey: .created)
        try container.encode(output, forKey: .output)
        try container.encodeIfPresent(usage, forKey: .usage)
        try container.encodeIfPresent(status, forKey: .status)
    }

    public static func == (lhs: SAOAIResponse, rhs: SAOAIResponse) -> Bool {
        lhs.id == rhs.id && lhs.model == rhs.model && lhs.created == rhs.created && lhs.output == rhs.output
            && lhs.usage == rhs.usage && lhs.status == rhs.status
    }

    enum CodingKeys: String, CodingKey {
        case id, model
        case created = "created_at"
        case output, usage, status
    }
}

/// One output item: a message, a function call, reasoning, or another tool call.
public struct SAOAIOutput: Codable, Sendable, Equatable {
    /// The parts of a message; a function call item has one `.functionCall` part.
    public var content: [SAOAIOutputContent]?
    public var role: String?
    public var id: String?
    /// `message`, `function_call`, `reasoning`, `web_search_call`, …
    public var type: String?
    /// The reasoning summary texts, for reasoning items.
    public var summary: [String]?
    /// Function call fields.
    public var name: String?
    public var callId: String?
    public var arguments: String?
    public var status: String?
    /// The refusal text, when the model declined.
    public var refusal: String?
    /// The item's JSON, for items other than messages, function calls and reasoning.
    public var raw: SAOAIJSONValue?

    public init(
        content: [SAOAIOutputContent]? = nil, role: String? = nil, id: String? = nil, type: String? = nil,
        summary: [String]? = nil, name: String? = nil, callId: String? = nil, arguments: String? = nil,
        status: String? = nil
    ) {
        self.content = content
        self.role = role
        self.id = id
        self.type = type
        self.summary = summary
        self.name = name
        self.callId = callId
        self.arguments = arguments
        self.status = status
    }

    /// The reasoning summary texts.
    public var summaryText: [String]? { summary }

    init(_ item: ResponseModel.OutputItem) {
        switch item {
        case .message(let message):
            var parts: [SAOAIOutputContent] = []
            var refusals: [String] = []
            for part in message.content {
                switch part {
                case .outputText(let text): parts.append(.outputText(.init(text: text.text)))
                case .inputText(let text): parts.append(.outputText(.init(text: text)))
                case .refusal(let text): refusals.append(text)
                case .unknown: break
                }
            }
            self.init(content: parts, role: message.role, id: message.id, type: "message", status: message.status)
            refusal = refusals.isEmpty ? nil : refusals.joined()
        case .functionCall(let call):
            self.init(
                content: [.functionCall(.init(callId: call.callId, name: call.name, arguments: call.arguments))],
                id: call.id, type: "function_call", name: call.name, callId: call.callId, arguments: call.arguments,
                status: call.status)
        case .reasoning(let reasoning):
            self.init(id: reasoning.id, type: "reasoning", summary: reasoning.summary.map(\.text), status: reasoning.status)
        default:
            self.init(id: item.id, type: item.type)
            if let data = try? JSONEncoder().encode(item), let value = try? JSONDecoder().decode(SAOAIJSONValue.self, from: data) {
                raw = value
                if case .object(let object) = value, case .string(let status)? = object["status"] { self.status = status }
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case content, role, id, type, summary, name
        case callId = "call_id"
        case arguments, status, refusal, raw
    }
}

/// A part of an output item.
public enum SAOAIOutputContent: Codable, Sendable, Equatable {
    case outputText(OutputText)
    case functionCall(FunctionCall)

    /// The text of an `output_text` part.
    public var text: String? {
        if case .outputText(let part) = self { part.text } else { nil }
    }

    public init(from decoder: any Decoder) throws {
        switch decoder.stringField(named: "type") {
        case "function_call": self = .functionCall(try FunctionCall(from: decoder))
        default: self = .outputText(try OutputText(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .outputText(let part): try part.encode(to: encoder)
        case .functionCall(let call): try call.encode(to: encoder)
        }
    }

    /// `output_text`.
    public struct OutputText: Codable, Sendable, Equatable {
        public var type = "output_text"
        public var text: String

        public init(text: String) { self.text = text }
    }

    /// A function call: answer it with a ``SAOAIInputContent/FunctionCallOutput`` carrying the same `callId`.
    public struct FunctionCall: Codable, Sendable, Equatable {
        public var type = "function_call"
        public var callId: String
        public var name: String
        /// The arguments as JSON text.
        public var arguments: String

        public init(callId: String, name: String, arguments: String) {
            self.callId = callId
            self.name = name
            self.arguments = arguments
        }

        enum CodingKeys: String, CodingKey {
            case type
            case callId = "call_id"
            case name, arguments
        }
    }
}

/// Token counts.
public struct SAOAITokenUsage: Codable, Sendable, Equatable {
    public var inputTokens: Int?
    public var outputTokens: Int?
    public var totalTokens: Int?
    /// Input tokens read from the prompt cache.
    public var cachedTokens: Int?
    /// Output tokens spent on reasoning.
    public var reasoningTokens: Int?

    public init(inputTokens: Int?, outputTokens: Int?, totalTokens: Int?, cachedTokens: Int? = nil, reasoningTokens: Int? = nil) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.totalTokens = totalTokens
        self.cachedTokens = cachedTokens
        self.reasoningTokens = reasoningTokens
    }

    init(_ usage: ResponseModel.Usage) {
        self.init(
            inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens,
            cachedTokens: usage.inputTokensDetails?.cachedTokens, reasoningTokens: usage.outputTokensDetails?.reasoningTokens)
    }

    enum CodingKeys: String, CodingKey {
        case inputTokens = "input_tokens"
        case outputTokens = "output_tokens"
        case totalTokens = "total_tokens"
        case cachedTokens = "cached_tokens"
        case reasoningTokens = "reasoning_tokens"
    }
}
