import AICore
import Foundation

/// How Anthropic is asked for a structured answer.
public enum AnthropicStructuredStrategy: Sendable {
    /// `output_config.format` (structured outputs): the text answer is JSON matching the schema.
    case outputFormat
    /// A tool named after the type, forced with `tool_choice`; its input is the answer (for models or
    /// servers without structured outputs). The schema is normalized as strict tool use wants it
    /// (``SchemaDialect/anthropic``: `additionalProperties: false`, unsupported constraints moved into
    /// descriptions), without asking for `strict`, which such servers would refuse.
    case forcedTool
}

extension MessageParameter.Tool {
    /// An Anthropic tool from an ``AITool``. A strict tool is sent with `strict: true` (strict tool use: the
    /// API guarantees the model's input matches the schema) and its schema normalized for Anthropic's strict
    /// rules; other tools send their schema as written. A tool Anthropic defines (``AITool/builtinDefinition``,
    /// e.g. ``AnthropicMemoryTool``) is sent as that definition.
    public init(_ tool: AITool) {
        if let definition = tool.builtinDefinition,
            let data = try? JSONEncoder().encode(definition),
            let builtin = try? JSONDecoder().decode(Self.self, from: data)
        {
            self = builtin
            return
        }
        self.init(
            name: tool.name, description: tool.description,
            inputSchema: tool.definitionSchema(for: tool.strict ? .anthropic : .lenient), strict: tool.strict ? true : nil)
    }
}

extension MessageResponse {
    /// The answer decoded as `Output`: the text (structured outputs) or, when `toolName` is given, that tool's
    /// input. Throws ``StructuredOutputError`` for `stop_reason` `refusal`, `max_tokens`, no content or JSON
    /// that does not decode; the error keeps this response.
    public func parsed<Output: StructuredOutput>(as type: Output.Type, toolName: String? = nil) throws -> Output {
        let answer: String
        if let toolName {
            answer = toolUses.first(where: { $0.name == toolName })?.inputJSON ?? ""
        } else {
            answer = text
        }
        try requireStructuredAnswer(answer, refusal: text)
        return try StructuredOutputDecoding.decode(Output.self, from: answer, rawResponse: self)
    }

    /// The checks before decoding: `stop_reason` `refusal` (its text is `refusal`), `max_tokens`, no answer.
    func requireStructuredAnswer(_ answer: String, refusal: String) throws {
        try StructuredOutputDecoding.requireAnswer(
            text: answer, refusal: stopReason == "refusal" ? refusal : nil,
            lengthLimit: stopReason == "max_tokens" || stopReason == "model_context_window_exceeded",
            contentFilter: false, rawResponse: self)
    }
}

/// Message events reduced to a structured answer's text (structured outputs only).
struct MessageStructuredAccumulator: StructuredStreamAccumulator {
    var message = MessageStreamAccumulator()

    mutating func add(_ element: MessageStreamResponse) -> String? {
        message.add(element)
    }

    func finish(text: String) throws -> any Sendable {
        let response = message.response
        try response.requireStructuredAnswer(text, refusal: text)
        return response
    }
}

extension AnthropicService {
    /// Asks Claude for an answer shaped as `Output` and decodes it.
    ///
    /// ```swift
    /// let weather = try await service.parse(parameter, as: Weather.self)
    /// ```
    /// Throws ``StructuredOutputError`` (refusal, `max_tokens`, invalid JSON; each keeps the response),
    /// ``SchemaValidationError`` before sending a schema structured outputs would reject, and API errors.
    public func parse<Output: StructuredOutput>(
        _ parameter: MessageParameter, as type: Output.Type, strategy: AnthropicStructuredStrategy = .outputFormat,
        options: RequestOptions = .default
    ) async throws -> Output {
        try await parseDetailed(parameter, as: type, strategy: strategy, options: options).value
    }

    /// ``parse(_:as:strategy:options:)`` that also returns the message.
    public func parseDetailed<Output: StructuredOutput>(
        _ parameter: MessageParameter, as type: Output.Type, strategy: AnthropicStructuredStrategy = .outputFormat,
        options: RequestOptions = .default
    ) async throws -> Parsed<Output, MessageResponse> {
        var parameter = parameter
        switch strategy {
        case .outputFormat:
            try parameter.requestStructuredOutput(Output.self)
            let response = try await createMessage(parameter, options: options)
            return Parsed(value: try response.parsed(as: Output.self), response: response)
        case .forcedTool:
            let name = Output.schemaName
            var schema = Output.jsonSchema
            if schema.types == nil, schema.propertyList == nil { schema.types = [.object] }
            schema = schema.normalized(for: .anthropic)
            let tool = MessageParameter.Tool(
                name: name, description: schema.description ?? "Answer with this tool's input.", inputSchema: schema)
            parameter.tools = (parameter.tools ?? []) + [tool]
            parameter.toolChoice = .init(type: .tool, name: name)
            let response = try await createMessage(parameter, options: options)
            return Parsed(value: try response.parsed(as: Output.self, toolName: name), response: response)
        }
    }

    /// Streams a structured answer (structured outputs) as snapshots, the last one with the decoded value.
    public func parseStream<Output: StructuredOutput>(
        _ parameter: MessageParameter, as type: Output.Type, options: RequestOptions = .default
    ) async throws -> AIStream<StructuredSnapshot<Output>> {
        var parameter = parameter
        try parameter.requestStructuredOutput(Output.self)
        let events = try await streamMessage(parameter, options: options)
        return AIStream(
            StructuredSnapshotStream<AIStream<MessageStreamResponse>, MessageStructuredAccumulator, Output>(
                base: events, accumulator: MessageStructuredAccumulator()))
    }
}

extension MessageParameter {
    /// Asks for `Output` as the answer's format, keeping the rest of the caller's output settings (effort, task
    /// budget), which a structured answer needs as much as any other.
    mutating func requestStructuredOutput<Output: StructuredOutput>(_ type: Output.Type) throws {
        var config = try OutputConfig.structured(type)
        config.effort = outputConfig?.effort
        config.taskBudget = outputConfig?.taskBudget
        outputConfig = config
    }
}
