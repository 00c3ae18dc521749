import AICore
import Foundation

/// The [Responses API](https://platform.openai.com/docs/api-reference/responses) calls of ``OpenAIService``.
///
/// Part of ``OpenAIService``; a type can conform to this protocol alone (a mock of this area, say).
public protocol OpenAIResponsesService: AnyObject, Sendable {
    /// [Creates](https://platform.openai.com/docs/api-reference/responses/create) a model response.
    func responseCreate(_ parameters: ModelResponseParameter, options: RequestOptions) async throws -> ResponseModel

    /// Creates a model response streamed as events.
    ///
    /// HTTP errors are thrown from this call; an `error` event, a truncated stream or an undecodable event
    /// is thrown from the stream after every event received before it. Unknown event types are yielded as
    /// ``ResponseStreamEvent/unknown(type:raw:)``.
    func responseCreateStream(
        _ parameters: ModelResponseParameter, options: RequestOptions
    ) async throws -> AIStream<ResponseStreamEvent>

    /// [Retrieves](https://platform.openai.com/docs/api-reference/responses/get) a stored response.
    ///
    /// - Parameters:
    ///   - id: the response.
    ///   - include: extra output to include, e.g. `file_search_call.results`.
    ///   - options: per-call options.
    func responseModel(id: String, include: [String]?, options: RequestOptions) async throws -> ResponseModel

    /// Streams a background response again from the event after `startingAfter` (a sequence number).
    func responseRetrieveStream(
        id: String, startingAfter: Int?, options: RequestOptions
    ) async throws -> AIStream<ResponseStreamEvent>

    /// [Deletes](https://platform.openai.com/docs/api-reference/responses/delete) a stored response.
    func responseDelete(id: String, options: RequestOptions) async throws -> ResponseModel.DeletionStatus

    /// [Cancels](https://platform.openai.com/docs/api-reference/responses/cancel) a background response.
    func responseCancel(id: String, options: RequestOptions) async throws -> ResponseModel

    /// [Lists](https://platform.openai.com/docs/api-reference/responses/input-items) the input items of a response.
    func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter, options: RequestOptions
    ) async throws -> ResponseModel.InputItemList

    /// [Counts](https://platform.openai.com/docs/api-reference/responses/input-tokens) the input tokens of a request without running it.
    func responseInputTokens(_ parameters: ResponseInputTokensParameter, options: RequestOptions) async throws -> ResponseInputTokens

    /// [Compacts](https://platform.openai.com/docs/api-reference/responses/compact) a conversation into fewer input items.
    func responseCompact(_ parameters: ResponseCompactParameter, options: RequestOptions) async throws -> ResponseCompaction

    /// Opens a persistent [Responses WebSocket](https://platform.openai.com/docs/guides/websocket-mode): many
    /// responses, steering, one connection. `connection` chooses the WebSocket client and the keep-alive and stall
    /// limits; `options` adds headers and query items to the handshake.
    func responsesConnection(connection: RealtimeConnectionOptions, options: RequestOptions) async throws -> ResponsesConnection
}
