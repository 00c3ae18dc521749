import AICore
import Foundation

// Every `OpenAIResponsesService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIResponsesService {
    public func responseCreate(_ parameters: ModelResponseParameter) async throws -> ResponseModel {
        try await responseCreate(parameters, options: .default)
    }

    public func responseCreateStream(
        _ parameters: ModelResponseParameter
    ) async throws -> AIStream<ResponseStreamEvent> {
        try await responseCreateStream(parameters, options: .default)
    }

    public func responseModel(id: String, include: [String]? = nil) async throws -> ResponseModel {
        try await responseModel(id: id, include: include, options: .default)
    }

    public func responseRetrieveStream(
        id: String, startingAfter: Int? = nil
    ) async throws -> AIStream<ResponseStreamEvent> {
        try await responseRetrieveStream(id: id, startingAfter: startingAfter, options: .default)
    }

    public func responseDelete(id: String) async throws -> ResponseModel.DeletionStatus {
        try await responseDelete(id: id, options: .default)
    }

    public func responseCancel(id: String) async throws -> ResponseModel {
        try await responseCancel(id: id, options: .default)
    }

    public func responseInputItems(
        id: String, parameters: ResponseInputItemsParameter = ResponseInputItemsParameter()
    ) async throws -> ResponseModel.InputItemList {
        try await responseInputItems(id: id, parameters: parameters, options: .default)
    }

    public func responseInputTokens(_ parameters: ResponseInputTokensParameter) async throws -> ResponseInputTokens {
        try await responseInputTokens(parameters, options: .default)
    }

    public func responseCompact(_ parameters: ResponseCompactParameter) async throws -> ResponseCompaction {
        try await responseCompact(parameters, options: .default)
    }

    public func responsesConnection(
        connection: RealtimeConnectionOptions = RealtimeConnectionOptions(), options: RequestOptions = .default
    ) async throws -> ResponsesConnection {
        try await responsesConnection(connection: connection, options: options)
    }
}
