import AICore
import Foundation

/// A page of a list endpoint: `{"data": […], "has_more", "first_id", "last_id"}`.
public struct AnthropicPage<Element: Codable & Sendable>: Codable, Sendable {
    public let data: [Element]
    public let hasMore: Bool
    public let firstID: String?
    public let lastID: String?

    enum CodingKeys: String, CodingKey {
        case data
        case hasMore = "has_more"
        case firstID = "first_id"
        case lastID = "last_id"
    }
}

/// The body of [Create a Message Batch](https://docs.anthropic.com/en/api/creating-message-batches).
public struct MessageBatchParameter: Encodable, Sendable {
    /// One request of the batch.
    public struct Request: Encodable, Sendable {
        /// Your id for matching the result to the request.
        public let customID: String
        public let params: MessageParameter

        public init(customID: String, params: MessageParameter) {
            self.customID = customID
            var params = params
            params.stream = false
            self.params = params
        }

        enum CodingKeys: String, CodingKey {
            case params
            case customID = "custom_id"
        }
    }

    public let requests: [Request]

    public init(requests: [Request]) {
        self.requests = requests
    }

    /// A batch from `(customID, parameters)` pairs.
    public init(_ requests: [(customID: String, parameters: MessageParameter)]) {
        self.requests = requests.map { Request(customID: $0.customID, params: $0.parameters) }
    }
}

/// A [Message Batch](https://docs.anthropic.com/en/api/messages-batch-examples).
public struct MessageBatch: Codable, Sendable {
    public let id: String
    /// Always `message_batch`.
    public let type: String
    /// `in_progress`, `canceling` or `ended`.
    public let processingStatus: String
    public let requestCounts: RequestCounts
    /// RFC 3339 timestamps.
    public let createdAt: String
    public let expiresAt: String?
    public let endedAt: String?
    public let archivedAt: String?
    public let cancelInitiatedAt: String?
    /// Where the results are, once the batch has ended.
    public let resultsURL: String?

    public struct RequestCounts: Codable, Sendable {
        public let processing: Int
        public let succeeded: Int
        public let errored: Int
        public let canceled: Int
        public let expired: Int
    }

    /// Whether processing is over (the results can be read).
    public var isEnded: Bool { processingStatus == "ended" }

    enum CodingKeys: String, CodingKey {
        case id, type
        case processingStatus = "processing_status"
        case requestCounts = "request_counts"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case endedAt = "ended_at"
        case archivedAt = "archived_at"
        case cancelInitiatedAt = "cancel_initiated_at"
        case resultsURL = "results_url"
    }
}

/// The answer to deleting a batch or a file.
public struct DeletedObject: Codable, Sendable {
    public let id: String
    /// `message_batch_deleted` or `file_deleted`.
    public let type: String
}

/// One line of a batch's results.
public struct MessageBatchResult: Codable, Sendable {
    public let customID: String
    public let result: Outcome

    /// What happened to one request.
    public enum Outcome: Codable, Sendable {
        case succeeded(MessageResponse)
        /// The request failed: the error's type (e.g. `invalid_request_error`) and message.
        case errored(type: String, message: String)
        case canceled
        case expired
        case unknown(type: String, raw: JSONValue)

        enum CodingKeys: String, CodingKey {
            case type, message, error
        }

        private struct ErrorEnvelope: Codable {
            struct Detail: Codable {
                let type: String
                let message: String
            }
            let type: String?
            let error: Detail?
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "succeeded": self = .succeeded(try container.decode(MessageResponse.self, forKey: .message))
            case "errored":
                let envelope = try container.decode(ErrorEnvelope.self, forKey: .error)
                self = .errored(type: envelope.error?.type ?? envelope.type ?? "error", message: envelope.error?.message ?? "")
            case "canceled": self = .canceled
            case "expired": self = .expired
            default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .succeeded(let message):
                try container.encode("succeeded", forKey: .type)
                try container.encode(message, forKey: .message)
            case .errored(let type, let message):
                try container.encode("errored", forKey: .type)
                try container.encode(
                    ErrorEnvelope(type: "error", error: .init(type: type, message: message)), forKey: .error)
            case .canceled: try container.encode("canceled", forKey: .type)
            case .expired: try container.encode("expired", forKey: .type)
            case .unknown(_, let raw): try raw.encode(to: encoder)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case result
        case customID = "custom_id"
    }
}
