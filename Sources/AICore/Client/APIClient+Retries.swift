import Foundation
import HTTPTypes

extension APIClient {
    /// Runs `attempt` until it succeeds, fails for good, or `budget` is spent.
    ///
    /// Per attempt, in this order: the service headers computed per attempt (refreshed tokens), the trace context,
    /// then the interceptors' `prepare`. `validate` turns a result into a failed response when it is one (for
    /// streams, whose body is not read on success).
    func withRetries<Result: Sendable>(
        _ call: Call, options: RequestOptions, budget: inout RetryBudget,
        attempt: @escaping @Sendable (TransportRequest) async throws -> Result,
        head: @Sendable (Result) -> TransportResponseHead,
        validate: @Sendable (Result) async throws -> APIResponse?
    ) async throws -> Result {
        let outgoing = call.request
        while true {
            let failure: APIError
            var failedHead: TransportResponseHead?
            var request = outgoing
            var intercepted: AIInterceptedRequest?
            do {
                (request, intercepted) = try await attemptRequest(call, attempt: budget.attempts)
                logger.debug("→ \(request.method) \(request.url.absoluteString)")
                logger.trace("request headers: \(HeaderRedaction.describe(request.headers))")
                let result = try await attempt(request)
                if call.telemetry != nil || intercepted != nil {
                    let head = head(result)
                    call.telemetry?.responded(status: head.status.code, headers: head.headers)
                    if let intercepted { await received(head, for: intercepted, call: call) }
                }
                guard let failed = try await validate(result) else {
                    if let onResponse = options.onResponse {
                        let head = head(result)
                        onResponse(HTTPResponseMetadata(status: head.status, headers: head.headers))
                    }
                    return result
                }
                failure = APIError.fromResponse(status: failed.status.code, headers: failed.headers, body: failed.body)
                    .maskingCredentials(sentIn: request.headers)
                failedHead = TransportResponseHead(status: failed.status, headers: failed.headers)
            } catch let refusal as InterceptorRefusal {
                throw await failing(refusal.error, call: call, intercepted: refusal.request)
            } catch {
                failure = APIError(transportFailure: error, url: outgoing.url)
            }
            guard let delay = budget.nextDelay(after: failure, response: failedHead) else {
                var final = failure
                final.attempts = budget.attempts
                logger.debug("✗ \(outgoing.method) \(outgoing.url.absoluteString): \(final)")
                throw await failing(final, call: call, intercepted: intercepted)
            }
            call.telemetry?.retrying(after: failure, attempt: budget.retriesUsed, delay: delay)
            logger.debug(
                "Retrying \(outgoing.method) \(outgoing.url.path) in \(String(format: "%.3f", delay)) s (retry \(budget.retriesUsed) of \(budget.maxRetries)): \(failure.kind.rawValue) \(failure.statusCode.map(String.init) ?? "")"
            )
            do {
                try await Task.sleep(seconds: delay)
            } catch {
                let cancelled = APIError(kind: .cancelled, message: "The request was cancelled while waiting to retry.")
                throw await failing(cancelled, call: call, intercepted: intercepted)
            }
        }
    }

    // MARK: - Interceptors

    /// One attempt's request, in this order: the service headers computed per attempt (refreshed tokens), the
    /// trace context, then the interceptors' `prepare` (the intercepted request is nil without interceptors).
    func attemptRequest(
        _ call: Call, attempt: Int
    ) async throws -> (request: TransportRequest, intercepted: AIInterceptedRequest?) {
        var request = call.request
        if let provider = configuration.headerProvider {
            request.headers.merge(try await provider())
        }
        call.telemetry?.inject(into: &request.headers)
        guard !call.interceptors.isEmpty else { return (request, nil) }
        let prepared = try await prepare(request, call: call, attempt: attempt)
        return (prepared.request, prepared.intercepted)
    }

    /// An interceptor's `prepare` refused the request: the call ends with `error`, without retries.
    struct InterceptorRefusal: Error {
        let error: APIError
        let request: AIInterceptedRequest
    }

    /// Runs the interceptors' `prepare` on one attempt, outermost first.
    func prepare(
        _ request: TransportRequest, call: Call, attempt: Int
    ) async throws -> (request: TransportRequest, intercepted: AIInterceptedRequest) {
        var intercepted = AIInterceptedRequest(
            method: request.method, url: request.url, headers: request.headers, body: request.body, attempt: attempt,
            operation: call.operation)
        for interceptor in call.interceptors {
            do {
                try await interceptor.prepare(&intercepted)
            } catch {
                let refusal =
                    error as? APIError
                    ?? APIError(kind: .invalidRequest, message: "An interceptor refused the request: \(error)")
                throw InterceptorRefusal(error: refusal, request: intercepted)
            }
        }
        var prepared = request
        prepared.headers = intercepted.headers
        prepared.body = intercepted.body
        return (prepared, intercepted)
    }

    /// Tells the interceptors about a response head, innermost first.
    func received(_ head: TransportResponseHead, for request: AIInterceptedRequest, call: Call) async {
        let metadata = HTTPResponseMetadata(status: head.status, headers: head.headers)
        for interceptor in call.interceptors.reversed() { await interceptor.received(metadata, for: request) }
    }

    /// Tells the interceptors the call failed for good (innermost first) and returns the error to throw.
    func failing(_ error: APIError, call: Call, intercepted: AIInterceptedRequest?) async -> APIError {
        guard !call.interceptors.isEmpty else { return error }
        let request =
            intercepted
            ?? AIInterceptedRequest(
                method: call.request.method, url: call.request.url, headers: call.request.headers,
                body: call.request.body, attempt: error.attempts, operation: call.operation)
        for interceptor in call.interceptors.reversed() { await interceptor.failed(error, for: request) }
        return error
    }
}
