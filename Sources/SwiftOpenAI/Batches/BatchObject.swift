import AICore
import Foundation

/// [Creates a batch](https://platform.openai.com/docs/api-reference/batch/create) from an uploaded JSONL file.
public struct BatchParameter: Encodable, Sendable {
    /// A file with purpose `batch`: one request a line.
    public var inputFileID: String
    /// `/v1/chat/completions`, `/v1/embeddings`, `/v1/responses`, `/v1/completions` or `/v1/moderations`.
    public var endpoint: String
    /// `24h`.
    public var completionWindow: String
    public var metadata: [String: String]?

    public init(inputFileID: String, endpoint: String, completionWindow: String = "24h", metadata: [String: String]? = nil) {
        self.inputFileID = inputFileID
        self.endpoint = endpoint
        self.completionWindow = completionWindow
        self.metadata = metadata
    }

    enum CodingKeys: String, CodingKey {
        case inputFileID = "input_file_id"
        case endpoint
        case completionWindow = "completion_window"
        case metadata
    }
}

/// A [batch](https://platform.openai.com/docs/api-reference/batch/object).
public struct BatchObject: Codable, Sendable {
    public let id: String
    public let object: String?
    public let endpoint: String
    public let errors: Errors?
    public let inputFileID: String
    public let completionWindow: String?
    /// `validating`, `failed`, `in_progress`, `finalizing`, `completed`, `expired`, `cancelling` or `cancelled`.
    public let status: String
    public let outputFileID: String?
    public let errorFileID: String?
    public let createdAt: Int
    public let inProgressAt: Int?
    public let expiresAt: Int?
    public let finalizingAt: Int?
    public let completedAt: Int?
    public let failedAt: Int?
    public let expiredAt: Int?
    public let cancellingAt: Int?
    public let cancelledAt: Int?
    public let requestCounts: RequestCounts?
    public let metadata: [String: String]?

    /// Whether the batch will change no more.
    public var isFinished: Bool { ["completed", "failed", "expired", "cancelled"].contains(status) }

    /// Validation errors of the input file.
    public struct Errors: Codable, Sendable {
        public let object: String?
        public let data: [BatchError]?
    }

    /// One error of a batch or of one of its requests.
    public struct BatchError: Codable, Sendable, Equatable {
        public let code: String?
        public let message: String?
        public let param: String?
        public let line: Int?
    }

    public struct RequestCounts: Codable, Sendable, Equatable {
        public let total: Int
        public let completed: Int
        public let failed: Int
    }

    enum CodingKeys: String, CodingKey {
        case id, object, endpoint, errors
        case inputFileID = "input_file_id"
        case completionWindow = "completion_window"
        case status
        case outputFileID = "output_file_id"
        case errorFileID = "error_file_id"
        case createdAt = "created_at"
        case inProgressAt = "in_progress_at"
        case expiresAt = "expires_at"
        case finalizingAt = "finalizing_at"
        case completedAt = "completed_at"
        case failedAt = "failed_at"
        case expiredAt = "expired_at"
        case cancellingAt = "cancelling_at"
        case cancelledAt = "cancelled_at"
        case requestCounts = "request_counts"
        case metadata
    }
}

/// One line of a batch input file.
public struct BatchRequest<Body: Encodable & Sendable>: Encodable, Sendable {
    /// Your id for the request; the result carries it back.
    public let customID: String
    public let method: String
    public let url: String
    public let body: Body

    public init(customID: String, url: String, body: Body) {
        self.customID = customID
        self.method = "POST"
        self.url = url
        self.body = body
    }

    enum CodingKeys: String, CodingKey {
        case customID = "custom_id"
        case method, url, body
    }

    /// The JSONL text of `requests`, one compact line each.
    public static func jsonLines(_ requests: [BatchRequest]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        var data = Data()
        for request in requests {
            do {
                data.append(try encoder.encode(request))
            } catch {
                throw APIError(kind: .invalidRequest, message: "Could not encode batch request \(request.customID): \(error)")
            }
            data.append(0x0A)
        }
        return data
    }
}

/// One line of a batch output or error file, with the response body decoded as `Body`.
public struct BatchResult<Body: Decodable & Sendable>: Decodable, Sendable {
    public let id: String?
    /// The `custom_id` of the request.
    public let customID: String
    /// The HTTP response the request got (its body decoded when the status is 2xx).
    public let response: Response?
    /// Why the request could not run (error file lines).
    public let error: BatchObject.BatchError?

    /// The decoded body of a successful request.
    public var body: Body? { response?.body }

    public struct Response: Decodable, Sendable {
        public let statusCode: Int
        public let requestID: String?
        /// The body, for a 2xx status.
        public let body: Body?
        /// The error body, for any other status.
        public let errorBody: JSONValue?

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            statusCode = try container.decode(Int.self, forKey: .statusCode)
            requestID = try container.decodeIfPresent(String.self, forKey: .requestID)
            if (200..<300).contains(statusCode) {
                body = try container.decode(Body.self, forKey: .body)
                errorBody = nil
            } else {
                body = nil
                errorBody = try container.decodeIfPresent(JSONValue.self, forKey: .body)
            }
        }

        enum CodingKeys: String, CodingKey {
            case statusCode = "status_code"
            case requestID = "request_id"
            case body
        }
    }

    /// The failure of a request that did not succeed: the error line, or the error body of a non-2xx response.
    public var failure: String? {
        if let error { return error.message ?? error.code ?? "error" }
        guard let response, !(200..<300).contains(response.statusCode) else { return nil }
        return response.errorBody?["error"]?["message"]?.stringValue ?? "HTTP \(response.statusCode)"
    }

    enum CodingKeys: String, CodingKey {
        case id
        case customID = "custom_id"
        case response, error
    }
}
