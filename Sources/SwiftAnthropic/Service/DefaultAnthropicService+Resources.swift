import AICore
import Foundation

/// The beta header the Files API needs.
let filesAPIBeta = "files-api-2025-04-14"

extension AnthropicService {
    /// Creates a batch from `(customID, parameters)` pairs.
    public func createMessageBatch(
        requests: [(customID: String, parameters: MessageParameter)], options: RequestOptions = .default
    ) async throws -> MessageBatch {
        try await createMessageBatch(MessageBatchParameter(requests), options: options)
    }
}

extension DefaultAnthropicService {
    // MARK: Message Batches

    public func createMessageBatch(_ parameter: MessageBatchParameter, options: RequestOptions) async throws -> MessageBatch {
        try await client.decode(MessageBatch.self, for: .json(.post, "/messages/batches", body: parameter), options: options)
    }

    public func retrieveMessageBatch(id: String, options: RequestOptions) async throws -> MessageBatch {
        try await client.decode(MessageBatch.self, for: APIRequest(method: .get, path: "/messages/batches/\(Self.segment(id))"), options: options)
    }

    public func listMessageBatches(
        limit: Int?, beforeID: String?, afterID: String?, options: RequestOptions
    ) async throws -> AnthropicPage<MessageBatch> {
        try await client.decode(
            AnthropicPage<MessageBatch>.self,
            for: APIRequest(method: .get, path: "/messages/batches", query: Self.pageQuery(limit, beforeID, afterID)), options: options)
    }

    public func cancelMessageBatch(id: String, options: RequestOptions) async throws -> MessageBatch {
        try await client.decode(
            MessageBatch.self, for: APIRequest(method: .post, path: "/messages/batches/\(Self.segment(id))/cancel"), options: options)
    }

    public func deleteMessageBatch(id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(
            DeletedObject.self, for: APIRequest(method: .delete, path: "/messages/batches/\(Self.segment(id))"), options: options)
    }

    public func messageBatchResults(
        id: String, options: RequestOptions
    ) async throws -> AIStream<MessageBatchResult> {
        var request = APIRequest(method: .get, path: "/messages/batches/\(Self.segment(id))/results")
        request.headers["Accept"] = "application/x-jsonl"
        return try await client.eventStream(
            request, options: options, framing: .jsonLines, handler: JSONLinesHandler<MessageBatchResult>())
    }

    // MARK: Models

    public func listModels(limit: Int?, beforeID: String?, afterID: String?, options: RequestOptions) async throws -> AnthropicPage<ModelInfo> {
        try await client.decode(
            AnthropicPage<ModelInfo>.self, for: APIRequest(method: .get, path: "/models", query: Self.pageQuery(limit, beforeID, afterID)),
            options: options)
    }

    public func retrieveModel(id: String, options: RequestOptions) async throws -> ModelInfo {
        try await client.decode(ModelInfo.self, for: APIRequest(method: .get, path: "/models/\(Self.segment(id))"), options: options)
    }

    // MARK: Files (beta)

    public func uploadFile(data: Data, filename: String, mimeType: String, options: RequestOptions) async throws -> FileMetadata {
        var form = MultipartFormData()
        form.append(name: "file", filename: filename, contentType: mimeType, data: data)
        return try await client.decode(FileMetadata.self, for: .multipart(.post, "/files", form: form), options: filesOptions(options))
    }

    public func listFiles(limit: Int?, beforeID: String?, afterID: String?, options: RequestOptions) async throws -> AnthropicPage<FileMetadata> {
        try await client.decode(
            AnthropicPage<FileMetadata>.self,
            for: APIRequest(method: .get, path: "/files", query: Self.pageQuery(limit, beforeID, afterID)),
            options: filesOptions(options))
    }

    public func retrieveFileMetadata(id: String, options: RequestOptions) async throws -> FileMetadata {
        try await client.decode(
            FileMetadata.self, for: APIRequest(method: .get, path: "/files/\(Self.segment(id))"),
            options: filesOptions(options))
    }

    public func downloadFile(id: String, options: RequestOptions) async throws -> Data {
        var request = APIRequest(method: .get, path: "/files/\(Self.segment(id))/content")
        request.headers["Accept"] = "*/*"
        return try await client.send(request, options: filesOptions(options)).body
    }

    public func deleteFile(id: String, options: RequestOptions) async throws -> DeletedObject {
        try await client.decode(
            DeletedObject.self, for: APIRequest(method: .delete, path: "/files/\(Self.segment(id))"),
            options: filesOptions(options))
    }

    /// `options` plus the Files API beta.
    private func filesOptions(_ options: RequestOptions) -> RequestOptions {
        self.options(options, addingBetas: [filesAPIBeta])
    }

    static func pageQuery(_ limit: Int?, _ beforeID: String?, _ afterID: String?) -> [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let beforeID { query.append(URLQueryItem(name: "before_id", value: beforeID)) }
        if let afterID { query.append(URLQueryItem(name: "after_id", value: afterID)) }
        return query
    }

    /// Percent-encodes an id for use as one path segment.
    static func segment(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
