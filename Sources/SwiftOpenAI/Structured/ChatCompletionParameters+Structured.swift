import AICore

extension ChatCompletionParameters.ResponseFormat {
    /// Structured outputs for `Output`: its schema, normalized and checked for strict mode when `strict`
    /// (throws ``SchemaValidationError`` naming what OpenAI would reject), as written otherwise.
    public static func structured<Output: StructuredOutput>(_ type: Output.Type, strict: Bool = true) throws -> Self {
        let schema = strict ? try Output.jsonSchema.validated(for: .openAIStrict) : Output.jsonSchema
        return Self(
            jsonSchema: JSONSchemaFormat(name: Output.schemaName, description: schema.description, schema: schema, strict: strict))
    }
}

extension ChatCompletionParameters.ChatFunction {
    /// The function definition of a tool (strict tools get a schema normalized for strict mode).
    public init(_ tool: AITool) {
        let schema = tool.definitionSchema(for: tool.strict ? .openAIStrict : .lenient)
        self.init(name: tool.name, description: tool.description, parameters: schema, strict: tool.strict ? true : nil)
    }
}

extension ChatCompletionParameters.Tool {
    /// A `function` tool from an ``AITool``.
    public init(_ tool: AITool) {
        self.init(function: ChatCompletionParameters.ChatFunction(tool))
    }
}

extension ChatCompletionObject {
    /// The first choice's text decoded as `Output`, or the ``StructuredOutputError`` saying why not (refusal,
    /// length, content filter, no text, invalid JSON); the error keeps this completion.
    public func parsed<Output: StructuredOutput>(as type: Output.Type) throws -> Output {
        let choice = choices.first
        let text = choice?.message.content
        let reason = choice?.finishReason?.description
        try StructuredOutputDecoding.requireAnswer(
            text: text, refusal: choice?.message.refusal.flatMap { $0.isEmpty ? nil : $0 }, lengthLimit: reason == "length",
            contentFilter: reason == "content_filter", rawResponse: self)
        return try StructuredOutputDecoding.decode(Output.self, from: text ?? "", rawResponse: self)
    }
}

/// Chat chunks reduced to a structured answer's text.
struct ChatStructuredAccumulator: StructuredStreamAccumulator {
    var completion = ChatCompletionAccumulator()

    mutating func add(_ element: ChatCompletionChunkObject) -> String? {
        completion.add(element)
        return element.choices.first(where: { $0.index == 0 })?.delta.content
    }

    func finish(text: String) throws -> any Sendable {
        let choice = completion.choices.first
        let reason = choice?.finishReason?.description
        try StructuredOutputDecoding.requireAnswer(
            text: text, refusal: choice?.refusal.flatMap { $0.isEmpty ? nil : $0 }, lengthLimit: reason == "length",
            contentFilter: reason == "content_filter", rawResponse: completion)
        return completion
    }
}

extension OpenAIChatService {
    /// Asks for an answer shaped as `Output` (structured outputs, `response_format: json_schema`) and decodes it.
    ///
    /// ```swift
    /// let weather = try await service.parse(parameters: parameters, as: Weather.self)
    /// ```
    /// Throws ``StructuredOutputError`` for a refusal, a length cut-off, the content filter or JSON that does
    /// not decode (each keeps the completion), ``SchemaValidationError`` before sending a schema strict mode
    /// would reject, and the usual API errors.
    public func parse<Output: StructuredOutput>(
        parameters: ChatCompletionParameters, as type: Output.Type, strict: Bool = true, options: RequestOptions = .default
    ) async throws -> Output {
        try await parseDetailed(parameters: parameters, as: type, strict: strict, options: options).value
    }

    /// ``parse(parameters:as:strict:options:)`` that also returns the completion (usage, id, …).
    public func parseDetailed<Output: StructuredOutput>(
        parameters: ChatCompletionParameters, as type: Output.Type, strict: Bool = true, options: RequestOptions = .default
    ) async throws -> Parsed<Output, ChatCompletionObject> {
        var parameters = parameters
        parameters.responseFormat = try .structured(Output.self, strict: strict)
        let completion = try await startChat(parameters: parameters, options: options)
        return Parsed(value: try completion.parsed(as: Output.self), response: completion)
    }

    /// Streams a structured answer: a snapshot for each piece of text (the fields complete so far in
    /// ``StructuredSnapshot/partial``), the last one with the decoded ``StructuredSnapshot/value``. Errors as
    /// ``parse(parameters:as:strict:options:)``, thrown after the snapshots received before them.
    public func parseStream<Output: StructuredOutput>(
        parameters: ChatCompletionParameters, as type: Output.Type, strict: Bool = true, options: RequestOptions = .default
    ) async throws -> AIStream<StructuredSnapshot<Output>> {
        var parameters = parameters
        parameters.responseFormat = try .structured(Output.self, strict: strict)
        let chunks = try await startStreamedChat(parameters: parameters, options: options)
        return AIStream(
            StructuredSnapshotStream<AIStream<ChatCompletionChunkObject>, ChatStructuredAccumulator, Output>(
                base: chunks, accumulator: ChatStructuredAccumulator()))
    }
}
