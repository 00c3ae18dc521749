import AICore

extension ModelResponseParameter.TextConfiguration.Format {
    /// Structured outputs for `Output` (`text.format` of type `json_schema`), checked for strict mode when
    /// `strict` (throws ``SchemaValidationError``).
    public static func structured<Output: StructuredOutput>(_ type: Output.Type, strict: Bool = true) throws -> Self {
        let schema = strict ? try Output.jsonSchema.validated(for: .openAIStrict) : Output.jsonSchema
        var format = Self(type: "json_schema", name: Output.schemaName, description: schema.description, strict: strict)
        format.typedSchema = schema
        return format
    }
}

extension ModelResponseParameter.FunctionTool {
    /// A function tool from an ``AITool`` (strict tools get a schema normalized for strict mode).
    public init(_ tool: AITool) {
        self.init(
            name: tool.name, description: tool.description,
            parameters: tool.definitionSchema(for: tool.strict ? .openAIStrict : .lenient), strict: tool.strict)
    }
}

extension ResponseModel {
    /// The output text decoded as `Output`, or the ``StructuredOutputError`` saying why not: a refusal part,
    /// `incomplete` for `max_output_tokens` or `content_filter`, no text, invalid JSON (each keeps this response).
    public func parsed<Output: StructuredOutput>(as type: Output.Type) throws -> Output {
        let text = outputText
        try requireStructuredAnswer(text: text, refusal: refusalText)
        return try StructuredOutputDecoding.decode(Output.self, from: text, rawResponse: self)
    }

    /// The checks of ``parsed(as:)`` before decoding (shared with the streamed form).
    func requireStructuredAnswer(text: String, refusal: String?) throws {
        let incomplete = status == "incomplete"
        let filtered = incomplete && incompleteDetails?.reason == "content_filter"
        try StructuredOutputDecoding.requireAnswer(
            text: text, refusal: refusal, lengthLimit: incomplete && !filtered, contentFilter: filtered, rawResponse: self)
    }

    /// The text of the output's refusal parts, if the model refused.
    public var refusalText: String? {
        let parts = output.compactMap(\.message).flatMap(\.content).compactMap { part -> String? in
            if case .refusal(let text) = part { text } else { nil }
        }
        return parts.isEmpty ? nil : parts.joined()
    }
}

/// Responses events reduced to a structured answer's text.
struct ResponsesStructuredAccumulator: StructuredStreamAccumulator {
    var response = ResponseStreamAccumulator()
    var refusal = ""

    mutating func add(_ element: ResponseStreamEvent) -> String? {
        response.add(element)
        switch element {
        case .outputTextDelta(let delta): return delta.delta
        case .refusalDelta(let delta): refusal += delta.delta
        default: break
        }
        return nil
    }

    func finish(text: String) throws -> any Sendable {
        let refused = refusal.isEmpty ? nil : refusal
        guard let final = response.response else {
            try StructuredOutputDecoding.requireAnswer(
                text: text, refusal: refused, lengthLimit: false, contentFilter: false, rawResponse: nil)
            return ResponseModel?.none as any Sendable
        }
        try final.requireStructuredAnswer(text: text, refusal: final.refusalText ?? refused)
        return final
    }
}

extension OpenAIResponsesService {
    /// Asks the Responses API for an answer shaped as `Output` and decodes it; errors as
    /// ``OpenAIChatService/parse(parameters:as:strict:options:)``.
    public func parse<Output: StructuredOutput>(
        parameters: ModelResponseParameter, as type: Output.Type, strict: Bool = true, options: RequestOptions = .default
    ) async throws -> Output {
        try await parseDetailed(parameters: parameters, as: type, strict: strict, options: options).value
    }

    /// ``parse(parameters:as:strict:options:)`` that also returns the response (id for chaining, usage, …).
    public func parseDetailed<Output: StructuredOutput>(
        parameters: ModelResponseParameter, as type: Output.Type, strict: Bool = true, options: RequestOptions = .default
    ) async throws -> Parsed<Output, ResponseModel> {
        var parameters = parameters
        var text = parameters.text ?? ModelResponseParameter.TextConfiguration()
        text.format = try .structured(Output.self, strict: strict)
        parameters.text = text
        let response = try await responseCreate(parameters, options: options)
        return Parsed(value: try response.parsed(as: Output.self), response: response)
    }

    /// Streams a structured answer as snapshots, the last one with the decoded value.
    public func parseStream<Output: StructuredOutput>(
        parameters: ModelResponseParameter, as type: Output.Type, strict: Bool = true, options: RequestOptions = .default
    ) async throws -> AIStream<StructuredSnapshot<Output>> {
        var parameters = parameters
        var text = parameters.text ?? ModelResponseParameter.TextConfiguration()
        text.format = try .structured(Output.self, strict: strict)
        parameters.text = text
        let events = try await responseCreateStream(parameters, options: options)
        return AIStream(
            StructuredSnapshotStream<AIStream<ResponseStreamEvent>, ResponsesStructuredAccumulator, Output>(
                base: events, accumulator: ResponsesStructuredAccumulator()))
    }
}
