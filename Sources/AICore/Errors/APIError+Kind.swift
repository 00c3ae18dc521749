extension APIError {
    /// What kind of failure an ``APIError`` is.
    ///
    /// `Kind` is a struct with one static member per kind, not an enum, so a later release can add a kind
    /// (as Realtime added ``closed``) without breaking code that switches over it. Match the kinds you
    /// handle and let `default:` take the rest, as you would with AsyncHTTPClient's `HTTPClientError`:
    ///
    /// ```swift
    /// switch error.kind {
    /// case .rateLimited, .overloaded: // wait and try again later
    /// case .authentication, .permissionDenied: // ask for another key
    /// default: // report the message
    /// }
    /// ```
    ///
    /// ``rawValue`` is the kind's name (`"rateLimited"`), stable for logs and metrics.
    public struct Kind: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        private enum Code: String, CaseIterable {
            case badRequest, authentication, permissionDenied, notFound, conflict, unprocessableEntity
            case rateLimited, overloaded, server, unexpectedStatus, timeout, connection, decoding
            case invalidResponse, invalidRequest, cancelled, streamError, closed
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        /// The kind named `rawValue` (e.g. `"rateLimited"`), or nil when no kind has that name.
        public init?(rawValue: String) {
            guard let code = Code(rawValue: rawValue) else { return nil }
            self.code = code
        }

        /// The kind's name, e.g. `"rateLimited"`.
        public var rawValue: String { code.rawValue }

        public var description: String { code.rawValue }

        /// Every kind this version of the library knows; a later version may add more.
        public static var allCases: [Kind] { Code.allCases.map(Kind.init) }

        /// HTTP 400.
        public static let badRequest = Kind(.badRequest)
        /// HTTP 401.
        public static let authentication = Kind(.authentication)
        /// HTTP 403.
        public static let permissionDenied = Kind(.permissionDenied)
        /// HTTP 404.
        public static let notFound = Kind(.notFound)
        /// HTTP 409.
        public static let conflict = Kind(.conflict)
        /// HTTP 422.
        public static let unprocessableEntity = Kind(.unprocessableEntity)
        /// HTTP 429.
        public static let rateLimited = Kind(.rateLimited)
        /// HTTP 529, or an `overloaded_error`.
        public static let overloaded = Kind(.overloaded)
        /// HTTP 5xx.
        public static let server = Kind(.server)
        /// Any other non-success status.
        public static let unexpectedStatus = Kind(.unexpectedStatus)
        /// No response, or no further bytes, in the allotted time (also HTTP 408).
        public static let timeout = Kind(.timeout)
        /// The connection failed, was reset, or closed before the response ended.
        public static let connection = Kind(.connection)
        /// The response could not be decoded; ``APIError/rawBody`` holds the payload.
        public static let decoding = Kind(.decoding)
        /// The response was not what the protocol promises (for example a stream with no end marker).
        public static let invalidResponse = Kind(.invalidResponse)
        /// The request could not be built (bad URL, unencodable parameters).
        public static let invalidRequest = Kind(.invalidRequest)
        /// The calling task was cancelled.
        public static let cancelled = Kind(.cancelled)
        /// An error reported inside an otherwise successful stream.
        public static let streamError = Kind(.streamError)
        /// The server closed a WebSocket session (Realtime) this side had not closed; ``APIError/closeCode``
        /// and ``APIError/message`` say how and why.
        public static let closed = Kind(.closed)
    }
}
