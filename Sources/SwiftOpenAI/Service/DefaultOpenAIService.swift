import AICore
import Foundation
import Logging

/// The ``OpenAIService`` of OpenAI and OpenAI-compatible servers.
public final class DefaultOpenAIService: OpenAIService {
    /// The client that sends every request of this service.
    package let client: APIClient
    let routing: EndpointRouting

    /// Creates a service from a complete client configuration (base URL, credentials headers, policies).
    package convenience init(configuration: ClientConfiguration, transport: any HTTPTransport = DefaultTransport.shared) {
        self.init(configuration: configuration, transport: transport, routing: .openAI)
    }

    package init(configuration: ClientConfiguration, transport: any HTTPTransport, routing: EndpointRouting) {
        client = APIClient(configuration: configuration, transport: transport)
        self.routing = routing
    }

    public func startChat(parameters: ChatCompletionParameters, options: RequestOptions) async throws -> ChatCompletionObject {
        var parameters = parameters
        parameters.stream = nil
        parameters.streamOptions = nil
        return try await client.decode(
            ChatCompletionObject.self, for: .json(.post, routing.path("/chat/completions", deployment: parameters.model), body: parameters),
            options: options)
    }

    public func startStreamedChat(
        parameters: ChatCompletionParameters, options: RequestOptions
    ) async throws -> AsyncThrowingStream<ChatCompletionChunkObject, any Error> {
        var parameters = parameters
        parameters.stream = true
        return try await client.eventStream(
            .eventStream(.post, routing.path("/chat/completions", deployment: parameters.model), body: parameters),
            options: options,
            handler: EventStreamHandler<ChatCompletionChunkObject>.openAI(
                decode: { try ChatCompletionChunkObject.decode(from: $0, fallback: $1) }, isFinal: { $0.isFinal }))
    }

    public func listModels(options: RequestOptions) async throws -> OpenAIResponse<ModelObject> {
        try await client.decode(OpenAIResponse<ModelObject>.self, for: APIRequest(method: .get, path: routing.path("/models")), options: options)
    }

    public func retrieveModelWith(id: String, options: RequestOptions) async throws -> ModelObject {
        try await client.decode(
            ModelObject.self, for: APIRequest(method: .get, path: routing.path("/models/\(Self.pathComponent(id))")), options: options)
    }

    public func deleteFineTuneModelWith(id: String, options: RequestOptions) async throws -> ModelObject.DeletionStatus {
        try await client.decode(
            ModelObject.DeletionStatus.self, for: APIRequest(method: .delete, path: routing.path("/models/\(Self.pathComponent(id))")),
            options: options)
    }

    public func createEmbeddings(parameters: EmbeddingParameter, options: RequestOptions) async throws -> OpenAIResponse<EmbeddingObject> {
        try await client.decode(
            OpenAIResponse<EmbeddingObject>.self,
            for: .json(.post, routing.path("/embeddings", deployment: parameters.model), body: parameters), options: options)
    }

    public func createModeration<Input: Encodable & Sendable>(
        parameters: ModerationParameter<Input>, options: RequestOptions
    ) async throws -> ModerationObject {
        try await client.decode(ModerationObject.self, for: .json(.post, routing.path("/moderations"), body: parameters), options: options)
    }

    /// Percent-encodes an id for use as one path segment (fine-tuned model ids contain `:`).
    static func pathComponent(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
