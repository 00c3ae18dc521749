import Foundation
import Logging

/// A buffered response: head and whole body.
public struct APIResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaderFields
    public var body: Data
    /// The provider's request id, when the response carried one.
    public var requestID: String? { APIError.requestID(in: headers) }
}

/// Sends requests for one provider: URL building, default headers, retries, timeouts, logging and error mapping.
///
/// Every provider module talks to the network only through this type.
public final class APIClient: Sendable {
    public let configuration: ClientConfiguration
    public let transport: any HTTPTransport

    public init(configuration: ClientConfiguration, transport: any HTTPTransport = DefaultTransport.shared) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Sends `request` and returns the whole response body, retrying as the policy allows.
    ///
    /// - Throws: ``APIError`` for a non-success status, a timeout, a connection failure or cancellation.
    public func send(_ request: APIRequest, options: RequestOptions = .default) async throws -> APIResponse {
        let outgoing = try transportRequest(for: request, options: options)
        let timeout = options.timeout ?? configuration.timeout
        return try await withRetries(outgoing, options: options) { [transport] outgoing, attempt in
            let started = MonotonicClock.now
            let (head, body) = try await withTimeout(timeout) {
                let response = try await transport.send(outgoing, headTimeout: timeout)
                return (response.head, try await response.body.collect())
            }
            self.logResponse(head, outgoing, started: started, attempt: attempt)
            return APIResponse(status: head.status, headers: head.headers, body: body)
        } head: { response in
            TransportResponseHead(status: response.status, headers: response.headers)
        } validate: { response in
            (200..<300).contains(response.status) ? nil : response
        }
    }

    /// Sends `request` and decodes the JSON body as `T`.
    public func decode<T: Decodable>(
        _ type: T.Type, for request: APIRequest, options: RequestOptions = .default,
        decoder: JSONDecoder = JSONDecoder()
    ) async throws -> T {
        let response = try await send(request, options: options)
        do {
            return try decoder.decode(T.self, from: response.body)
        } catch {
            throw APIError.decoding(
                error, body: response.body, status: response.status, headers: response.headers, what: "\(T.self)")
        }
    }

    /// Sends `request` and returns once a success head has arrived, leaving the body unread.
    ///
    /// Failed heads are retried as the policy allows; their error bodies are read from the same response.
    public func openStream(_ request: APIRequest, options: RequestOptions = .default) async throws -> TransportResponse {
        let outgoing = try transportRequest(for: request, options: options)
        return try await openStream(outgoing, options: options).response
    }

    /// Opens a stream; also returns how many attempts it took.
    func openStream(_ outgoing: TransportRequest, options: RequestOptions) async throws -> (response: TransportResponse, attempts: Int) {
        let timeout = options.timeout ?? configuration.timeout
        let attempts = LockedValue(0)
        let response = try await withRetries(outgoing, options: options) { [transport] outgoing, attempt in
            attempts.withLock { $0 = attempt + 1 }
            let started = MonotonicClock.now
            let response = try await withTimeout(timeout) {
                let response = try await transport.send(outgoing, headTimeout: timeout)
                if (200..<300).contains(response.status) { return response }
                let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
                return TransportResponse(head: response.head, body: .bytes(body))
            }
            self.logResponse(response.head, outgoing, started: started, attempt: attempt)
            return response
        } head: { response in
            response.head
        } validate: { response in
            guard !(200..<300).contains(response.status) else { return nil }
            let body = try await response.body.collect()
            return APIResponse(status: response.status, headers: response.headers, body: body)
        }
        return (response, attempts.current)
    }

    // MARK: - Building requests

    func transportRequest(for request: APIRequest, options: RequestOptions) throws -> TransportRequest {
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let path = request.path.hasPrefix("/") || request.path.isEmpty ? request.path : "/" + request.path
        guard var components = URLComponents(string: base + path) else {
            throw APIError(kind: .invalidRequest, message: "Invalid URL: \(base + path)")
        }
        let query = configuration.query + request.query + options.extraQuery
        if !query.isEmpty { components.queryItems = (components.queryItems ?? []) + query }
        guard let url = components.url else {
            throw APIError(kind: .invalidRequest, message: "Invalid URL: \(base + path)")
        }
        var headers = configuration.headers
        headers.merge(request.headers)
        headers.merge(options.extraHeaders)
        if headers["Accept"] == nil { headers["Accept"] = "application/json" }
        if headers["User-Agent"] == nil { headers["User-Agent"] = "SwiftAI/1.0" }
        return TransportRequest(method: request.method, url: url, headers: headers, body: request.body)
    }

    // MARK: - Retries

    /// Runs `attempt` until it succeeds, fails for good, or the retries are used up.
    ///
    /// `validate` turns a result into a failed response when it is one (for streams, whose body is not
    /// read on success).
    private func withRetries<Result: Sendable>(
        _ outgoing: TransportRequest, options: RequestOptions,
        attempt: @escaping @Sendable (TransportRequest, Int) async throws -> Result,
        head: @Sendable (Result) -> TransportResponseHead,
        validate: @Sendable (Result) async throws -> APIResponse?
    ) async throws -> Result {
        let policy = configuration.retryPolicy
        let maxRetries = options.maxRetries ?? policy.maxRetries
        var retry = 0
        while true {
            let failure: APIError
            let retryable: Bool
            var retryHeaders: HTTPHeaderFields = [:]
            do {
                var request = outgoing
                if let provider = configuration.headerProvider {
                    request.headers.merge(try await provider())
                }
                logger.debug("→ \(request.method) \(request.url.absoluteString)")
                logger.trace("request headers: \(HeaderRedaction.describe(request.headers))")
                let result = try await attempt(request, retry)
                guard let failed = try await validate(result) else {
                    if let onResponse = options.onResponse {
                        let head = head(result)
                        onResponse(ResponseMetadata(status: head.status, headers: head.headers))
                    }
                    return result
                }
                failure = APIError.fromResponse(status: failed.status, headers: failed.headers, body: failed.body)
                retryable = policy.shouldRetry(status: failed.status, headers: failed.headers)
                retryHeaders = failed.headers
            } catch {
                let mapped = Self.map(error, url: outgoing.url)
                failure = mapped
                retryable = mapped.kind == .timeout || mapped.kind == .connection
            }
            guard retryable, retry < maxRetries, !Task.isCancelled else {
                var final = failure
                final.attempts = retry + 1
                logger.debug("✗ \(outgoing.method) \(outgoing.url.absoluteString): \(final)")
                throw final
            }
            let delay = policy.delay(forRetry: retry, headers: retryHeaders)
            logger.debug(
                "Retrying \(outgoing.method) \(outgoing.url.path) in \(String(format: "%.3f", delay)) s (retry \(retry + 1) of \(maxRetries)): \(failure.kind.rawValue) \(failure.statusCode.map(String.init) ?? "")"
            )
            do {
                try await Task.sleep(seconds: delay)
            } catch {
                throw APIError(kind: .cancelled, message: "The request was cancelled while waiting to retry.")
            }
            retry += 1
        }
    }

    /// Maps a transport-level error to ``APIError``.
    static func map(_ error: any Error, url: URL) -> APIError {
        switch error {
        case let apiError as APIError:
            return apiError
        case is CancellationError:
            return APIError(kind: .cancelled, message: "The request was cancelled.")
        case TransportError.timedOut:
            return APIError(kind: .timeout, message: "The request to \(url.host ?? "the server") timed out.")
        case TransportError.connectionFailed(let reason):
            return APIError(kind: .connection, message: "Connection to \(url.host ?? "the server") failed: \(reason)")
        case TransportError.shutDown:
            return APIError(kind: .connection, message: "The HTTP transport has been shut down.")
        default:
            return APIError(kind: .connection, message: "Request to \(url.host ?? "the server") failed: \(error)")
        }
    }

    // MARK: - Logging

    var logger: Logger { configuration.logger }

    private func logResponse(_ head: TransportResponseHead, _ outgoing: TransportRequest, started: TimeInterval, attempt: Int) {
        let milliseconds = Int((MonotonicClock.now - started) * 1000)
        let requestID = APIError.requestID(in: head.headers).map { " request-id=\($0)" } ?? ""
        logger.debug("← \(head.status) \(outgoing.method) \(outgoing.url.absoluteString) in \(milliseconds) ms\(requestID)")
        logger.trace("response headers: \(HeaderRedaction.describe(head.headers))")
    }
}
