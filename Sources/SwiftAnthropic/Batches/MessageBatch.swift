import AICore
import Foundation

/// A page of a list endpoint: `{"data": […], "has_more", "first_id", "last_id"}`.
public struct AnthropicPage<Element: Codable & Sendable>: Codable, Sendable {
    /// The items of this page, in the order the endpoint lists them.
    public let data: [Element]
    /// Whether more items follow this page; pass `lastID` as `afterID` to read them.
    public let hasMore: Bool
    /// The id of the first item, to pass as `beforeID` for the previous page; nil when the page is empty.
    public let firstID: String?
    /// The id of the last item, to pass as `afterID` for the next page; nil when the page is empty.
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
        /// The message request; never streamed (batch requests cannot stream).
        public let params: MessageParameter

        /// One request of a batch; `params.stream` is set to false.
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

    /// The requests (up to 100,000 per batch), each with a `customID` unique in the batch.
    public let requests: [Request]

    /// A batch of prepared requests.
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
    /// The batch id (`msgbatch_…`), for retrieving, canceling and deleting it and reading its results.
    public let id: String
    /// Always `message_batch`.
    public let type: String
    /// `in_progress`, `canceling` or `ended`.
    public let processingStatus: String
    /// How many of the requests are in each state.
    public let requestCounts: RequestCounts
    /// When the batch was created; this and the other timestamps are RFC 3339.
    public let createdAt: String
    /// When processing stops if it has not ended (24 hours after creation).
    public let expiresAt: String?
    /// When processing ended; nil while the batch is in progress.
    public let endedAt: String?
    /// When the batch was archived and its results became unavailable; nil until then.
    public let archivedAt: String?
    /// When cancellation was requested; nil unless the batch was canceled.
    public let cancelInitiatedAt: String?
    /// Where the results are, once the batch has ended.
    public let resultsURL: String?

    /// How many of a batch's requests are in each state; requests stay `processing` until the whole
    /// batch ends, then move to `succeeded`, `errored`, `canceled` or `expired`.
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

/// The answer to a delete: a batch, a file, a skill or skill version, or a Managed Agents resource (environment,
/// session, memory store, memory, vault, credential).
public struct DeletedObject: Codable, Sendable {
    /// The id of the deleted batch or file.
    public let id: String
    /// `message_batch_deleted` or `file_deleted`.
    public let type: String
}

/// One line of a batch's results.
public struct MessageBatchResult: Codable, Sendable {
    /// The `customID` of the request this result answers; results can come in any order.
    public let customID: String
    /// What happened to the request.
    public let result: Outcome

    /// What happened to one request.
    public enum Outcome: Codable, Sendable {
        /// The request succeeded; the message it produced.
        case succeeded(MessageResponse)
        /// The request failed: the error's type (e.g. `invalid_request_error`) and message.
        case errored(type: String, message: String)
        /// The batch was canceled before this request was processed.
        case canceled
        /// The batch expired before this request was processed.
        case expired
        /// A result type this library does not know yet, with the whole result object as JSON.
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
