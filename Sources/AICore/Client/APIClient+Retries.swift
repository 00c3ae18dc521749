import Foundation
import HTTPTypes

extension APIClient {
    /// Runs `attempt` until it succeeds, fails for good, or `budget` is spent.
    ///
    /// Service headers computed per attempt (refreshed tokens) are added here. `validate` turns a result into
    /// a failed response when it is one (for streams, whose body is not read on success).
    func withRetries<Result: Sendable>(
        _ outgoing: TransportRequest, options: RequestOptions, budget: inout RetryBudget,
        attempt: @escaping @Sendable (TransportRequest) async throws -> Result,
        head: @Sendable (Result) -> TransportResponseHead,
        validate: @Sendable (Result) async throws -> APIResponse?
    ) async throws -> Result {
        while true {
            let failure: APIError
            var failedHead: TransportResponseHead?
            var request = outgoing
            do {
                if let provider = configuration.headerProvider {
                    request.headers.merge(try await provider())
                }
                logger.debug("→ \(request.method) \(request.url.absoluteString)")
                logger.trace("request headers: \(HeaderRedaction.describe(request.headers))")
                let result = try await attempt(request)
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
            } catch {
                failure = APIError(transportFailure: error, url: outgoing.url)
            }
            guard let delay = budget.nextDelay(after: failure, response: failedHead) else {
                var final = failure
                final.attempts = budget.attempts
                logger.debug("✗ \(outgoing.method) \(outgoing.url.absoluteString): \(final)")
                throw final
            }
            logger.debug(
                "Retrying \(outgoing.method) \(outgoing.url.path) in \(String(format: "%.3f", delay)) s (retry \(budget.retriesUsed) of \(budget.maxRetries)): \(failure.kind.rawValue) \(failure.statusCode.map(String.init) ?? "")"
            )
            do {
                try await Task.sleep(seconds: delay)
            } catch {
                throw APIError(kind: .cancelled, message: "The request was cancelled while waiting to retry.")
            }
        }
    }
}
