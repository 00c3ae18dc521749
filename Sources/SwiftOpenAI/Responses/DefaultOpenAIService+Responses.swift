@_spi(Streaming) import AICore
import Foundation

extension DefaultOpenAIService {
    public func responseCreate(_ parameters: ModelResponseParameter, options: RequestOptions) async throws -> ResponseModel {
        var parameters = parameters
        parameters.stream = nil
        parameters.streamOptions = nil
        return try await client.decode(
            ResponseModel.self, for: .json(.post, routing.path("/responses"), body: parameters).describing(parameters.operation),
            options: options)
    }

    public func responseCreateStream(
        _ parameters: ModelResponseParameter, options: RequestOptions
    ) async throws -> AIStream<ResponseStreamEvent> {
        var parameters = parameters
        parameters.stream = true
        return try await client.eventStream(
            .eventStream(.post, routing.path("/responses"), body: parameters).describing(parameters.operation),
            options: options,
            handler: EventStreamHandler.responses)
    }

    public func responseModel(id: String, include: [String]?, options: RequestOptions) async throws -> ResponseModel {
        let query = (include ?? []).map { URLQueryItem(name: "include[]", value: $0) }
        return try await client.decode(
            ResponseModel.self, for: APIRequest(method: .get, path: responsePath(id), query: query), options: options)
    }

    public func responseRetrieveStream(
        id: String, startingAfter: Int?, options: RequestOptions
    ) async throws -> AIStream<ResponseStreamEvent> {
        var query = [URLQueryItem(name: "stream", value: "true")]
        if let startingAfter { query.append(URLQueryItem(name: "starting_after", value: String(startingAfter))) }
        var request = APIRequest(method: .get, path: responsePath(id), query: query)
        request.headers["Accept"] = "text/event-stream"
        return try await client.eventStream(request, options: options, handler: EventStreamHandler.responses)
    }

    public func responseDelete(id: String, options: RequestOptions) async throws -> ResponseModel.DeletionStatus {
        try await client.decode(
            ResponseModel.DeletionStatus.self, for: APIRequest(method: .delete, path: responsePath(id)), options: options)
    }

    public func responseCancel(id: String, options: RequestOptions) async throws -> ResponseModel {
        try await client.decode(
            ResponseModel.self, for: APIRequest(method: .post, path: responsePath(id) + "/cancel"), options: options)
    }

    public func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter, options: RequestOptions
    ) async throws -> ResponseModel.InputItemList {
        try await client.decode(
            ResponseModel.InputItemList.self,
            for: APIRequest(method: .get, path: responsePath(id) + "/input_items", query: parameters.queryItems),
            options: options)
    }

    public func responseInputTokens(
        _ parameters: ResponseInputTokensParameter, options: RequestOptions
    ) async throws -> ResponseInputTokens {
        try await client.decode(
            ResponseInputTokens.self, for: .json(.post, routing.path("/responses/input_tokens"), body: parameters),
            options: options)
    }

    public func responseCompact(_ parameters: ResponseCompactParameter, options: RequestOptions) async throws -> ResponseCompaction {
        try await client.decode(
            ResponseCompaction.self, for: .json(.post, routing.path("/responses/compact"), body: parameters), options: options)
    }

    private func responsePath(_ id: String) -> String {
        routing.path("/responses/\(Self.pathComponent(id))")
    }
}

extension ModelResponseParameter {
    /// This request as traces and metrics describe it (OpenTelemetry calls a Responses call a chat).
    var operation: GenAIOperation {
        .chat(model: model, maxTokens: maxOutputTokens, temperature: temperature, topP: topP)
    }
}
