import AICore
import Foundation

/// [Uploads a file](https://platform.openai.com/docs/api-reference/files/create) for fine-tuning, assistants, batches, vision, evals ….
public struct FileParameters: Sendable {
    /// The file name, sent in the multipart request.
    public var fileName: String
    public var file: Data
    /// `assistants`, `batch`, `fine-tune`, `vision`, `user_data` or `evals`.
    public var purpose: String
    /// Seconds after creation when the file expires (batch files default to 30 days on the server).
    public var expiresAfterSeconds: Int?

    public init(fileName: String, file: Data, purpose: String, expiresAfterSeconds: Int? = nil) {
        self.fileName = fileName
        self.file = file
        self.purpose = purpose
        self.expiresAfterSeconds = expiresAfterSeconds
    }

    var form: MultipartFormData {
        var form = MultipartFormData()
        form.append(name: "purpose", value: purpose)
        if let expiresAfterSeconds {
            form.append(name: "expires_after[anchor]", value: "created_at")
            form.append(name: "expires_after[seconds]", value: expiresAfterSeconds)
        }
        form.append(name: "file", filename: fileName, contentType: FileObject.contentType(forFileName: fileName), data: file)
        return form
    }
}

/// The [File object](https://platform.openai.com/docs/api-reference/files/object).
public struct FileObject: Codable, Sendable {
    public let id: String
    public let bytes: Int
    public let createdAt: Int
    public let filename: String
    /// Always `file`.
    public let object: String
    public let purpose: String
    /// `uploaded`, `processed` or `error` (deprecated by OpenAI; empty when the server omits it).
    public let status: String
    public let statusDetails: String?
    /// Seconds since 1970 when the file expires.
    public let expiresAt: Int?

    public enum Status: String, Sendable {
        case uploaded, processed, pending, error, deleting, deleted
    }

    public init(
        id: String, bytes: Int, createdAt: Int, filename: String, object: String, purpose: String, status: Status,
        statusDetails: String?, expiresAt: Int? = nil
    ) {
        self.id = id
        self.bytes = bytes
        self.createdAt = createdAt
        self.filename = filename
        self.object = object
        self.purpose = purpose
        self.status = status.rawValue
        self.statusDetails = statusDetails
        self.expiresAt = expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        bytes = try container.decodeIfPresent(Int.self, forKey: .bytes) ?? 0
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        filename = try container.decode(String.self, forKey: .filename)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "file"
        purpose = try container.decode(String.self, forKey: .purpose)
        status = try container.decodeIfPresent(String.self, forKey: .status) ?? ""
        statusDetails = try container.decodeIfPresent(String.self, forKey: .statusDetails)
        expiresAt = try container.decodeIfPresent(Int.self, forKey: .expiresAt)
    }

    /// The answer to a deletion.
    public typealias DeletionStatus = SwiftOpenAI.DeletionStatus

    enum CodingKeys: String, CodingKey {
        case id, bytes
        case createdAt = "created_at"
        case filename, object, purpose, status
        case statusDetails = "status_details"
        case expiresAt = "expires_at"
    }

    static func contentType(forFileName name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "jsonl": "application/jsonl"
        case "json": "application/json"
        case "txt", "md": "text/plain"
        case "pdf": "application/pdf"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "csv": "text/csv"
        default: "application/octet-stream"
        }
    }
}

/// Parameters of a list call: page size, order and cursors.
public struct ListParameters: Sendable {
    /// Page size (1…100 for most lists, up to 10 000 for files).
    public var limit: Int?
    /// `asc` or `desc`.
    public var order: String?
    /// Return items after this id.
    public var after: String?
    /// Return items before this id.
    public var before: String?

    public init(limit: Int? = nil, order: String? = nil, after: String? = nil, before: String? = nil) {
        self.limit = limit
        self.order = order
        self.after = after
        self.before = before
    }

    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let order { items.append(URLQueryItem(name: "order", value: order)) }
        if let after { items.append(URLQueryItem(name: "after", value: after)) }
        if let before { items.append(URLQueryItem(name: "before", value: before)) }
        return items
    }
}

/// Every item of a paginated list, page after page, fetched as the sequence is consumed.
///
/// ```swift
/// for try await file in service.allFiles(purpose: "batch") { print(file.id) }
/// ```
public struct OpenAIPageSequence<Item: Codable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item

    let fetch: @Sendable (_ after: String?) async throws -> OpenAIResponse<Item>
    let id: @Sendable (Item) -> String

    /// Walks the pages `fetch` returns, continuing after the last item's id while `has_more` is true.
    public init(fetch: @escaping @Sendable (_ after: String?) async throws -> OpenAIResponse<Item>, id: @escaping @Sendable (Item) -> String) {
        self.fetch = fetch
        self.id = id
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: OpenAIPageSequence
        var buffer: [Item] = []
        var index = 0
        var cursor: String?
        var done = false

        public mutating func next() async throws -> Item? {
            while index >= buffer.count {
                if done { return nil }
                let page = try await sequence.fetch(cursor)
                buffer = page.data
                index = 0
                let last = page.lastID ?? page.data.last.map(sequence.id)
                done = page.hasMore != true || page.data.isEmpty || last == nil || last == cursor
                cursor = last
            }
            defer { index += 1 }
            return buffer[index]
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }
}
