#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An ``HTTPTransport`` on AsyncHTTPClient: pooled connections and true incremental streaming.
///
/// The default transport on Linux. Cancelling the task that reads a body, or dropping the body's
/// iterator, closes the connection.
public final class AsyncHTTPClientTransport: HTTPTransport {
    private let client: HTTPClient
    private let ownsClient: Bool

    /// Creates a transport with its own `HTTPClient` on the shared event loop group.
    ///
    /// - Parameter connectTimeout: how long to wait for a TCP/TLS connection.
    public init(connectTimeout: TimeInterval = 10) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .nanoseconds(Int64(connectTimeout * 1e9))
        configuration.decompression = .enabled(limit: .none)
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        ownsClient = true
    }

    /// Wraps an existing client; the caller keeps ownership and shuts it down.
    public init(client: HTTPClient) {
        self.client = client
        ownsClient = false
    }

    deinit {
        // Non-blocking: the deinit may run on an event loop thread, where a synchronous shutdown would trap.
        if ownsClient { _ = client.shutdown() }
    }

    public func send(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(
                outgoing, deadline: .now() + .nanoseconds(Int64(min(headTimeout, 1e9) * 1e9)))
        } catch {
            throw Self.map(error)
        }
        var headers = HTTPHeaderFields()
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        let body = response.body
        return TransportResponse(
            head: TransportResponseHead(status: Int(response.status.code), headers: headers),
            body: HTTPBody {
                let iterator = IteratorBox(body.makeAsyncIterator())
                return {
                    do {
                        guard let buffer = try await iterator.next() else { return nil }
                        return buffer.withUnsafeReadableBytes { Data($0) }
                    } catch {
                        throw Self.map(error)
                    }
                }
            })
    }

    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    static func map(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                return CancellationError()
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return TransportError.timedOut
            case .alreadyShutdown:
                return TransportError.shutDown
            default:
                return TransportError.connectionFailed(String(describing: clientError))
            }
        }
        if Task.isCancelled { return CancellationError() }
        return TransportError.connectionFailed(String(describing: error))
    }
}

/// Holds a body iterator so the `next` closure can advance it; only one task iterates a body at a time.
private final class IteratorBox: @unchecked Sendable {
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) { self.iterator = iterator }
    func next() async throws -> ByteBuffer? { try await iterator.next() }
}
#endif
