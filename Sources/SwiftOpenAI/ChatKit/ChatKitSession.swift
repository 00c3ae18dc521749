import AICore
import Foundation

/// The ChatKit features a session turns on or off; every field is optional (the API's defaults apply).
public struct ChatKitConfiguration: Codable, Sendable, Equatable {
    /// Whether ChatKit names threads by itself.
    public struct Toggle: Codable, Sendable, Equatable {
        public var enabled: Bool?
        public init(enabled: Bool? = nil) { self.enabled = enabled }
    }

    /// Whether users can upload files, and how many and how large (in MB).
    public struct FileUpload: Codable, Sendable, Equatable {
        public var enabled: Bool?
        public var maxFileSize: Int?
        public var maxFiles: Int?

        public init(enabled: Bool? = nil, maxFileSize: Int? = nil, maxFiles: Int? = nil) {
            self.enabled = enabled
            self.maxFileSize = maxFileSize
            self.maxFiles = maxFiles
        }

        enum CodingKeys: String, CodingKey {
            case enabled
            case maxFileSize = "max_file_size"
            case maxFiles = "max_files"
        }
    }

    /// Whether users see their earlier threads, and how many.
    public struct History: Codable, Sendable, Equatable {
        public var enabled: Bool?
        public var recentThreads: Int?

        public init(enabled: Bool? = nil, recentThreads: Int? = nil) {
            self.enabled = enabled
            self.recentThreads = recentThreads
        }

        enum CodingKeys: String, CodingKey {
            case enabled
            case recentThreads = "recent_threads"
        }
    }

    public var automaticThreadTitling: Toggle?
    public var fileUpload: FileUpload?
    public var history: History?

    public init(automaticThreadTitling: Toggle? = nil, fileUpload: FileUpload? = nil, history: History? = nil) {
        self.automaticThreadTitling = automaticThreadTitling
        self.fileUpload = fileUpload
        self.history = history
    }

    enum CodingKeys: String, CodingKey {
        case automaticThreadTitling = "automatic_thread_titling"
        case fileUpload = "file_upload"
        case history
    }
}

/// The Agent Builder workflow behind a ChatKit session.
public struct ChatKitWorkflow: Codable, Sendable, Equatable {
    /// The workflow's id, `wf_…`.
    public var id: String
    /// A deployed version; nil: the latest.
    public var version: String?
    /// Values for the workflow's state variables (strings, numbers, booleans).
    public var stateVariables: [String: JSONValue]?
    /// Whether the workflow's runs are traced (the API traces by default).
    public var tracing: ChatKitConfiguration.Toggle?

    public init(id: String, version: String? = nil, stateVariables: [String: JSONValue]? = nil, tracing: ChatKitConfiguration.Toggle? = nil) {
        self.id = id
        self.version = version
        self.stateVariables = stateVariables
        self.tracing = tracing
    }

    enum CodingKeys: String, CodingKey {
        case id, version, tracing
        case stateVariables = "state_variables"
    }
}

/// `POST /v1/chatkit/sessions`: a session for one end user of a ChatKit UI; its client secret goes to the app.
public struct ChatKitSessionParameters: Encodable, Sendable {
    public var workflow: ChatKitWorkflow
    /// Your identifier of the end user: threads and files are scoped to it.
    public var user: String
    /// Seconds until the session expires (1…600; 600 by default).
    public var expiresAfterSeconds: Int?
    /// Requests a minute the session may make (10 by default).
    public var maxRequestsPerMinute: Int?
    public var configuration: ChatKitConfiguration?

    public init(
        workflow: ChatKitWorkflow, user: String, expiresAfterSeconds: Int? = nil, maxRequestsPerMinute: Int? = nil,
        configuration: ChatKitConfiguration? = nil
    ) {
        self.workflow = workflow
        self.user = user
        self.expiresAfterSeconds = expiresAfterSeconds
        self.maxRequestsPerMinute = maxRequestsPerMinute
        self.configuration = configuration
    }

    enum CodingKeys: String, CodingKey {
        case workflow, user
        case expiresAfter = "expires_after"
        case rateLimits = "rate_limits"
        case configuration = "chatkit_configuration"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(workflow, forKey: .workflow)
        try container.encode(user, forKey: .user)
        if let expiresAfterSeconds {
            try container.encode(["anchor": JSONValue.string("created_at"), "seconds": .int(expiresAfterSeconds)], forKey: .expiresAfter)
        }
        if let maxRequestsPerMinute {
            try container.encode(["max_requests_per_1_minute": maxRequestsPerMinute], forKey: .rateLimits)
        }
        try container.encodeIfPresent(configuration, forKey: .configuration)
    }
}

/// A ChatKit session (`chatkit.session`). Its ``clientSecret`` is a credential: it never appears in descriptions.
public struct ChatKitSession: Codable, Sendable, Equatable, CustomStringConvertible {
    /// A session's lifecycle state; values the API adds later are kept as they come.
    public struct Status: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public static let active = Status(rawValue: "active")
        public static let expired = Status(rawValue: "expired")
        public static let cancelled = Status(rawValue: "cancelled")
    }

    /// `cksess_…`.
    public var id: String
    public var object: String
    /// Unix seconds.
    public var expiresAt: Int
    /// The ephemeral secret the ChatKit UI authenticates with.
    public var clientSecret: String
    public var workflow: ChatKitWorkflow
    public var user: String
    /// Requests a minute the session may make.
    public var maxRequestsPerMinute: Int?
    public var status: Status
    /// The features in force.
    public var configuration: ChatKitConfiguration?

    enum CodingKeys: String, CodingKey {
        case id, object, workflow, user, status
        case expiresAt = "expires_at"
        case clientSecret = "client_secret"
        case maxRequestsPerMinute = "max_requests_per_1_minute"
        case configuration = "chatkit_configuration"
    }

    public var description: String {
        "ChatKitSession(id: \(id), status: \(status.rawValue), user: \(user), clientSecret: \(HeaderRedaction.mask(clientSecret)))"
    }
}
