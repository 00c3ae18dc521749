import AICore
import Foundation
import SwiftOpenAI

/// The Responses API, Python style: `client.responses.create(…)`.
public final class ResponsesClient: Sendable {
    let service: DefaultOpenAIService
    let timeout: TimeInterval

    init(service: DefaultOpenAIService, timeout: TimeInterval) {
        self.service = service
        self.timeout = timeout
    }

    // MARK: Create

    /// Creates a response to a text prompt.
    public func create(
        model: String, input: String, maxOutputTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil,
        tools: [SAOAITool]? = nil, previousResponseId: String? = nil, reasoning: SAOAIReasoning? = nil,
        text: SAOAIText? = nil, instructions: String? = nil, store: Bool? = nil
    ) async throws -> SAOAIResponse {
        try await create(
            model: model, input: [SAOAIMessage(role: .user, text: input)], maxOutputTokens: maxOutputTokens,
            temperature: temperature, topP: topP, tools: tools, previousResponseId: previousResponseId,
            reasoning: reasoning, text: text, instructions: instructions, store: store)
    }

    /// Creates a response to a conversation.
    public func create(
        model: String, input: [SAOAIMessage], maxOutputTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil,
        tools: [SAOAITool]? = nil, previousResponseId: String? = nil, reasoning: SAOAIReasoning? = nil,
        text: SAOAIText? = nil, instructions: String? = nil, store: Bool? = nil
    ) async throws -> SAOAIResponse {
        try await create(
            model: model, input: input.map(SAOAIInput.message), maxOutputTokens: maxOutputTokens,
            temperature: temperature, topP: topP, tools: tools, previousResponseId: previousResponseId,
            reasoning: reasoning, text: text, instructions: instructions, store: store)
    }

    /// Creates a response to input items (messages and function call outputs).
    public func create(
        model: String, input: [SAOAIInput], maxOutputTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil,
        tools: [SAOAITool]? = nil, previousResponseId: String? = nil, reasoning: SAOAIReasoning? = nil,
        text: SAOAIText? = nil, instructions: String? = nil, store: Bool? = nil
    ) async throws -> SAOAIResponse {
        try await create(
            SAOAIRequest(
                model: model, input: input, maxOutputTokens: maxOutputTokens, temperature: temperature, topP: topP,
                tools: tools, previousResponseId: previousResponseId, reasoning: reasoning, text: text,
                instructions: instructions, store: store)
        ).data
    }

    /// Answers the model's function calls and continues the response `previousResponseId`.
    public func create(
        model: String, functionCallOutputs: [SAOAIInputContent.FunctionCallOutput], previousResponseId: String?,
        maxOutputTokens: Int? = nil, tools: [SAOAITool]? = nil, reasoning: SAOAIReasoning? = nil, text: SAOAIText? = nil
    ) async throws -> SAOAIResponse {
        try await create(
            SAOAIRequest(
                model: model, input: functionCallOutputs.map(SAOAIInput.functionCallOutput), maxOutputTokens: maxOutputTokens,
                tools: tools, previousResponseId: previousResponseId, reasoning: reasoning, text: text)
        ).data
    }

    /// Sends a request and returns the response with its HTTP metadata (request id, processing time, rate limits).
    public func create(_ request: SAOAIRequest) async throws -> APIResponse<SAOAIResponse> {
        let captured = LockedValue<HTTPResponseMetadata?>(nil)
        let options = RequestOptions(onResponse: { metadata in captured.withLock { $0 = metadata } })
        do {
            let response = try await service.responseCreate(request.parameters, options: options)
            guard let head = captured.current else {
                throw SAOAIError.invalidRequest("No response metadata")
            }
            return APIResponse(
                data: SAOAIResponse(response), metadata: ResponseMetadata(head), statusCode: head.status.code,
                headers: Dictionary(head.headers.map { ($0.name.rawName, $0.value) }, uniquingKeysWith: { first, _ in first }))
        } catch {
            throw SAOAIError.from(error, timeout: timeout)
        }
    }

    // MARK: Streaming

    /// Streams a response to a text prompt.
    public func createStreaming(
        model: String, input: String, maxOutputTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil,
        tools: [SAOAITool]? = nil, previousResponseId: String? = nil, reasoning: SAOAIReasoning? = nil,
        text: SAOAIText? = nil, instructions: String? = nil, store: Bool? = nil
    ) -> AIStream<SAOAIStreamingResponse> {
        createStreaming(
            model: model, input: [SAOAIMessage(role: .user, text: input)], maxOutputTokens: maxOutputTokens,
            temperature: temperature, topP: topP, tools: tools, previousResponseId: previousResponseId,
            reasoning: reasoning, text: text, instructions: instructions, store: store)
    }

    /// Streams a response to a conversation.
    public func createStreaming(
        model: String, input: [SAOAIMessage], maxOutputTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil,
        tools: [SAOAITool]? = nil, previousResponseId: String? = nil, reasoning: SAOAIReasoning? = nil,
        text: SAOAIText? = nil, instructions: String? = nil, store: Bool? = nil
    ) -> AIStream<SAOAIStreamingResponse> {
        createStreaming(
            model: model, input: input.map(SAOAIInput.message), maxOutputTokens: maxOutputTokens,
            temperature: temperature, topP: topP, tools: tools, previousResponseId: previousResponseId,
            reasoning: reasoning, text: text, instructions: instructions, store: store)
    }

    /// Streams a response to input items (messages and function call outputs).
    public func createStreaming(
        model: String, input: [SAOAIInput], maxOutputTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil,
        tools: [SAOAITool]? = nil, previousResponseId: String? = nil, reasoning: SAOAIReasoning? = nil,
        text: SAOAIText? = nil, instructions: String? = nil, store: Bool? = nil
    ) -> AIStream<SAOAIStreamingResponse> {
        createStreaming(
            SAOAIRequest(
                model: model, input: input, maxOutputTokens: maxOutputTokens, temperature: temperature, topP: topP,
                tools: tools, previousResponseId: previousResponseId, reasoning: reasoning, text: text,
                instructions: instructions, store: store))
    }

    /// Answers the model's function calls, streaming the continuation of `previousResponseId`.
    public func createStreaming(
        model: String, functionCallOutputs: [SAOAIInputContent.FunctionCallOutput], previousResponseId: String? = nil,
        maxOutputTokens: Int? = nil, tools: [SAOAITool]? = nil, reasoning: SAOAIReasoning? = nil, text: SAOAIText? = nil
    ) -> AIStream<SAOAIStreamingResponse> {
        createStreaming(
            SAOAIRequest(
                model: model, input: functionCallOutputs.map(SAOAIInput.functionCallOutput), maxOutputTokens: maxOutputTokens,
                tools: tools, previousResponseId: previousResponseId, reasoning: reasoning, text: text))
    }

    /// Streams the response to `request`.
    ///
    /// The request is sent when iteration starts. HTTP errors, an `error` event, a `response.failed` event
    /// (after it is yielded) and a truncated stream are thrown as ``SAOAIError``. Breaking out of the loop, or
    /// cancelling its task, closes the connection.
    public func createStreaming(_ request: SAOAIRequest) -> AIStream<SAOAIStreamingResponse> {
        let reader = SingleConsumerIterator(StreamingReader(service: service, parameters: request.parameters, timeout: timeout))
        return AIStream(batches: { try await reader.next() })
    }

    // MARK: Stored responses

    /// Retrieves a stored response.
    public func retrieve(_ responseId: String) async throws -> SAOAIResponse {
        do {
            return SAOAIResponse(try await service.responseModel(id: responseId))
        } catch {
            throw SAOAIError.from(error, timeout: timeout)
        }
    }

    /// Deletes a stored response; returns whether it was deleted.
    @discardableResult
    public func delete(_ responseId: String) async throws -> Bool {
        do {
            return try await service.responseDelete(id: responseId).deleted
        } catch {
            throw SAOAIError.from(error, timeout: timeout)
        }
    }

    /// Cancels a background response.
    public func cancel(_ responseId: String) async throws -> SAOAIResponse {
        do {
            return SAOAIResponse(try await service.responseCancel(id: responseId))
        } catch {
            throw SAOAIError.from(error, timeout: timeout)
        }
    }
}

/// Reads one streamed response on behalf of its single consumer, sending the request on the first pull: an
/// iterator of batches, which the stream's source advances through a ``SingleConsumerIterator``.
private struct StreamingReader: AsyncIteratorProtocol {
    private let service: DefaultOpenAIService
    private let parameters: ModelResponseParameter
    private let timeout: TimeInterval
    private var events: (@Sendable () async throws -> [ResponseStreamEvent]?)?
    private var pendingError: (any Error)?
    private var finished = false

    init(service: DefaultOpenAIService, parameters: ModelResponseParameter, timeout: TimeInterval) {
        self.service = service
        self.parameters = parameters
        self.timeout = timeout
    }

    /// The events of the next network read as SwiftAzureOpenAI values; a `response.failed` event is the last of
    /// its batch, and its error is thrown by the next call.
    mutating func next() async throws -> [SAOAIStreamingResponse]? {
        if finished { return nil }
        if let pendingError {
            finished = true
            throw pendingError
        }
        do {
            if events == nil {
                events = try await service.responseCreateStream(parameters).batches
            }
            guard let batch = try await events?() else {
                finished = true
                return nil
            }
            var responses: [SAOAIStreamingResponse] = []
            responses.reserveCapacity(batch.count)
            for event in batch {
                responses.append(SAOAIStreamingResponse(event))
                if case .responseFailed(let value) = event {
                    let detail = value.response.error
                    pendingError = SAOAIError.apiError(
                        ErrorResponse(error: .init(message: detail?.message ?? "The response failed.", type: "response.failed", code: detail?.code)))
                    break
                }
            }
            return responses
        } catch {
            finished = true
            throw SAOAIError.from(error, timeout: timeout)
        }
    }
}
