import AsyncHTTPClient
import Logging
import NIOCore
import RelayCore

/// Sends a built request to its upstream and returns the answer's head with its body still streaming, turning
/// transport failures into relay errors the client can read.
public struct UpstreamForwarder: Sendable {
    private let httpClient: HTTPClient
    private let timeout: TimeAmount
    private let logger: Logger

    /// - Parameters:
    ///   - httpClient: the relay's client, with decompression disabled (the default configuration; not
    ///     `HTTPClient.shared`, which asks for gzip and would hand back bodies that no longer match their headers).
    ///     Its configuration's read timeout bounds the pauses while a body streams.
    ///   - timeout: how long the upstream has to answer with its status and headers; a stream may then run longer.
    ///   - logger: where transport failures are logged (without the request's headers).
    public init(httpClient: HTTPClient, timeout: TimeAmount = .seconds(120), logger: Logger = Logger(label: "relay.forwarding")) {
        self.httpClient = httpClient
        self.timeout = timeout
        self.logger = logger
    }

    /// Sends `request`.
    ///
    /// - Returns: the upstream's answer, whatever its status (an upstream error is the client's to read).
    /// - Throws: `RelayError.upstreamFailed` when the upstream can't be reached, doesn't answer within the
    ///   timeout, or the request is cancelled first.
    public func send(_ request: HTTPClientRequest) async throws(RelayError) -> HTTPClientResponse {
        do {
            return try await httpClient.execute(request, timeout: timeout, logger: logger)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            logger.warning("upstream timed out", metadata: ["error": "\(error)"])
            throw .upstreamFailed("The upstream did not answer within \(timeout.nanoseconds / 1_000_000_000) seconds (gateway timeout).")
        } catch is CancellationError {
            throw .upstreamFailed("The request was cancelled before the upstream answered.")
        } catch let error as HTTPClientError where error == .cancelled {
            throw .upstreamFailed("The request was cancelled before the upstream answered.")
        } catch {
            logger.warning("upstream unreachable", metadata: ["error": "\(error)"])
            throw .upstreamFailed("The upstream could not be reached.")
        }
    }
}
