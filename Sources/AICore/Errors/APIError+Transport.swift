import Foundation

extension APIError {
    /// Maps what a transport (or the task) threw to an `APIError`: the one mapping for plain calls and streams.
    ///
    /// - Parameter idleTimeout: set while a stream's body is read, so a timeout says the stream went silent
    ///   and a broken connection says the stream broke, rather than the request.
    package init(transportFailure error: any Error, url: URL, readingBodyWithIdleTimeout idleTimeout: TimeInterval? = nil) {
        let host = url.host ?? "the server"
        switch (error, idleTimeout) {
        case (let apiError as APIError, _):
            self = apiError
        case (is CancellationError, _):
            self = APIError(kind: .cancelled, message: "The request was cancelled.")
        // A transport's own timer, or ``withDeadline(_:loser:_:)`` around the exchange or a stream's read.
        case (TransportError.timedOut, let idle?), (is DeadlineExceeded, let idle?):
            self = APIError(kind: .timeout, message: "The stream from \(host) sent nothing for \(idle) s.")
        case (TransportError.timedOut, nil), (is DeadlineExceeded, nil):
            self = APIError(kind: .timeout, message: "The request to \(host) timed out.")
        case (TransportError.connectionFailed(let reason), .some):
            self = APIError(kind: .connection, message: "The connection to \(host) broke before the stream ended: \(reason)")
        case (TransportError.connectionFailed(let reason), nil):
            self = APIError(kind: .connection, message: "Connection to \(host) failed: \(reason)")
        case (TransportError.shutDown, _):
            self = APIError(kind: .connection, message: "The HTTP transport has been shut down.")
        default:
            self = APIError(kind: .connection, message: "Request to \(host) failed: \(error)")
        }
    }
}
