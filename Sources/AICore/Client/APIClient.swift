import Foundation
import HTTPTypes
import Logging

/// Sends requests for one provider: URL building, default headers, redirects, retries, timeouts, logging and
/// error mapping.
///
/// Every provider module talks to the network only through this type.
package final class APIClient: Sendable {
    package let configuration: ClientConfiguration
    package let transport: any HTTPTransport

    package init(configuration: ClientConfiguration, transport: any HTTPTransport = DefaultTransport.shared) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Sends `request` and returns the whole response body, retrying as the policy allows.
    ///
    /// - Throws: ``APIError`` for a non-success status, a timeout, a connection failure or cancellation.
    package func send(_ request: APIRequest, options: RequestOptions = .default) async throws -> APIResponse {
        try await observed(try prepareCall(request, options: options), options: options) { response, _ in response }
    }

    /// Sends `request` and decodes the JSON body as `T`.
    package func decode<T: Decodable>(
        _ type: T.Type, for request: APIRequest, options: RequestOptions = .default,
        decoder: FastJSONDecoder = FastJSONDecoder()
    ) async throws -> T {
        try await observed(try prepareCall(request, options: options), options: options) { response, call in
            do {
                return try decoder.decode(T.self, from: response.body)
            } catch {
                let failure = APIError.decoding(
                    error, body: response.body, status: response.status.code, headers: response.headers,
                    what: "\(T.self)")
                throw await self.failing(failure, call: call, intercepted: nil)
            }
        }
    }

    /// Sends `call` and turns its response into the result, ending the call's telemetry either way (with the
    /// result, which may report the generation's usage).
    private func observed<Result>(
        _ call: Call, options: RequestOptions, _ result: (APIResponse, Call) async throws -> Result
    ) async throws -> Result {
        do {
            let value = try await result(try await send(call, options: options), call)
            call.telemetry?.succeeded(with: value)
            return value
        } catch {
            call.telemetry?.failed(error)
            throw error
        }
    }

    private func send(_ call: Call, options: RequestOptions) async throws -> APIResponse {
        let timeout = options.timeout ?? configuration.timeout
        var budget = retryBudget(options)
        return try await withRetries(call, options: options, budget: &budget) { outgoing in
            let started = MonotonicClock.now
            let (head, body) = try await withDeadline(timeout, loser: .awaited) {
                let response = try await self.exchange(outgoing, headTimeout: timeout)
                return (response.head, try await response.body.collect())
            }
            self.logResponse(head, outgoing, started: started)
            return APIResponse(status: head.status, headers: head.headers, body: body)
        } head: { response in
            TransportResponseHead(status: response.status, headers: response.headers)
        } validate: { response in
            response.status.kind == .successful ? nil : response
        }
    }

    /// Opens a stream, spending retries from `budget`.
    ///
    /// A success head whose body is JSON while the request asked for a stream (`Accept: text/event-stream`) is
    /// an error the server sent in place of the stream: it is read and thrown as one, not taken for an empty
    /// stream.
    func openStream(_ call: Call, options: RequestOptions, budget: inout RetryBudget) async throws -> TransportResponse {
        let timeout = options.timeout ?? configuration.timeout
        let wantsEventStream = call.request.headers[.accept]?.contains("text/event-stream") == true
        // Whether a head starts the stream; anything else (an error status, or JSON in place of events) has its
        // body read here and becomes an error below.
        let startsStream: @Sendable (TransportResponseHead) -> Bool = { head in
            head.status.kind == .successful && !(wantsEventStream && Self.isJSON(head.headers))
        }
        return try await withRetries(call, options: options, budget: &budget) { outgoing in
            let started = MonotonicClock.now
            let response = try await withDeadline(timeout, loser: .awaited) {
                let response = try await self.exchange(outgoing, headTimeout: timeout)
                if startsStream(response.head) { return response }
                let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
                return TransportResponse(head: response.head, body: .bytes(body))
            }
            self.logResponse(response.head, outgoing, started: started)
            return response
        } head: { response in
            response.head
        } validate: { response in
            if startsStream(response.head) { return nil }
            let body = try await response.body.collect()
            if response.status.kind == .successful {
                throw APIError.fromStreamPayload(body, headers: response.headers, status: response.status.code)
            }
            return APIResponse(status: response.status, headers: response.headers, body: body)
        }
    }

    private static func isJSON(_ headers: HTTPFields) -> Bool {
        headers[.contentType]?.lowercased().hasPrefix("application/json") == true
    }

    func retryBudget(_ options: RequestOptions) -> RetryBudget {
        RetryBudget(policy: configuration.retryPolicy, maxRetries: options.maxRetries)
    }

    // MARK: - Building requests

    /// One call on its way: the request as built, what it is called, who intercepts it, and its telemetry.
    struct Call: Sendable {
        var request: TransportRequest
        /// A bounded word for what the call does (see ``AIInterceptedRequest/operation``).
        var operation: String
        var interceptors: [any AIInterceptor]
        var telemetry: CallTelemetry?
    }

    /// Builds `request`'s call and starts its telemetry (when something observes calls).
    func prepareCall(_ request: APIRequest, options: RequestOptions, kind: String? = nil) throws -> Call {
        let outgoing = try transportRequest(for: request, options: options)
        let interceptors =
            options.interceptors.isEmpty ? configuration.interceptors : configuration.interceptors + options.interceptors
        return Call(
            request: outgoing, operation: kind ?? request.operationName, interceptors: interceptors,
            telemetry: CallTelemetry.start(request, url: outgoing.url, configuration: configuration, kind: kind))
    }

    func transportRequest(for request: APIRequest, options: RequestOptions) throws -> TransportRequest {
        if let reason = configuration.invalidReason { throw APIError(kind: .invalidRequest, message: reason) }
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
        if headers[.accept] == nil { headers[.accept] = "application/json" }
        if headers[.userAgent] == nil { headers[.userAgent] = "SwiftAI/1.0" }
        return TransportRequest(method: request.method, url: url, headers: headers, body: request.body)
    }

    // MARK: - Logging

    var logger: Logger { configuration.logger }

    private func logResponse(_ head: TransportResponseHead, _ outgoing: TransportRequest, started: TimeInterval) {
        let milliseconds = Int((MonotonicClock.now - started) * 1000)
        let requestID = APIError.requestID(in: head.headers).map { " request-id=\($0)" } ?? ""
        logger.debug("← \(head.status.code) \(outgoing.method) \(outgoing.url.absoluteString) in \(milliseconds) ms\(requestID)")
        logger.trace("response headers: \(HeaderRedaction.describe(head.headers))")
    }
}
