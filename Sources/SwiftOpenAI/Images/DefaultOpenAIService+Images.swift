@_spi(Streaming) import AICore
import Foundation
import HTTPTypes

extension DefaultOpenAIService {
    public func createImages(parameters: ImageCreateParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject> {
        try await client.decode(
            OpenAIResponse<ImageObject>.self,
            for: .json(.post, routing.path("/images/generations", deployment: parameters.model), body: parameters), options: options)
    }

    public func editImage(parameters: ImageEditParameters, options: RequestOptions) async throws -> OpenAIResponse<ImageObject> {
        try await client.decode(
            OpenAIResponse<ImageObject>.self,
            for: .multipart(.post, routing.path("/images/edits", deployment: parameters.model), form: parameters.form), options: options)
    }

    public func createImageVariations(
        parameters: ImageVariationParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<ImageObject> {
        try await client.decode(
            OpenAIResponse<ImageObject>.self,
            for: .multipart(.post, routing.path("/images/variations", deployment: parameters.model), form: parameters.form),
            options: options)
    }

    public func createImagesStream(
        parameters: ImageCreateParameters, options: RequestOptions
    ) async throws -> AIStream<ImageStreamEvent> {
        var parameters = parameters
        parameters.stream = true
        return try await client.eventStream(
            .eventStream(.post, routing.path("/images/generations", deployment: parameters.model), body: parameters),
            options: options, handler: EventStreamHandler.images)
    }

    public func editImageStream(
        parameters: ImageEditParameters, options: RequestOptions
    ) async throws -> AIStream<ImageStreamEvent> {
        var parameters = parameters
        parameters.stream = true
        var request = APIRequest.multipart(.post, routing.path("/images/edits", deployment: parameters.model), form: parameters.form)
        request.headers[.accept] = "text/event-stream"
        return try await client.eventStream(request, options: options, handler: EventStreamHandler.images)
    }

    public func imageData(for image: ImageObject, options: RequestOptions) async throws -> Data {
        if let data = image.imageData { return data }
        guard let url = image.url else {
            throw APIError(kind: .invalidResponse, message: "The image has neither b64_json nor a url.")
        }
        // The URL is on a storage host: a client without this service's headers, so credentials never leave.
        let downloader = APIClient(
            configuration: ClientConfiguration(
                baseURL: url, retryPolicy: client.configuration.retryPolicy, timeout: client.configuration.timeout,
                logger: client.configuration.logger, providerName: client.configuration.providerName,
                telemetry: client.configuration.telemetry),
            transport: client.transport)
        return try await downloader.send(APIRequest(method: .get, path: "", headers: [.accept: "*/*"]), options: options).body
    }
}
