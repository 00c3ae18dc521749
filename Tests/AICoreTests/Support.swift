import AICore
import AISandbox
import Foundation
import Logging
import Testing

@testable import AICore

/// Runs `body` with a fresh sandbox and shuts it down afterwards. Turns on the check of every decode against
/// `JSONDecoder` (``DecodeVerification``), as every helper that leads to decoding in this project's tests does.
func withSandbox<T>(
    requireAuthorization: Bool = true, _ body: (Sandbox) async throws -> T
) async throws -> T {
    DecodeVerification.shared.turnOn()
    return try await Sandbox.withRunning(requireAuthorization: requireAuthorization, body)
}

/// The transports under test; both run on Linux.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case asyncHTTPClient
    case urlSession

    var testDescription: String { rawValue }

    func make() -> any HTTPTransport {
        switch self {
        case .asyncHTTPClient:
            #if SWIFTAI_NIO
            return AsyncHTTPClientTransport()
            #else
            return URLSessionTransport()
            #endif
        case .urlSession:
            return URLSessionTransport()
        }
    }
}

/// A client for the sandbox's `/v1` with fast retries.
func makeClient(
    _ sandbox: Sandbox, transport: any HTTPTransport, maxRetries: Int = 2, timeout: TimeInterval = 120,
    idle: TimeInterval = 120, logger: Logger = Logger(label: "test")
) -> APIClient {
    DecodeVerification.shared.turnOn()
    return APIClient(
        configuration: ClientConfiguration(
            baseURL: sandbox.baseURL.appendingPathComponent("v1"), headers: ["Authorization": "Bearer sk-test-secret"],
            retryPolicy: RetryPolicy(maxRetries: maxRetries, initialDelay: 0.01, maxDelay: 0.05),
            timeout: timeout, streamIdleTimeout: idle, logger: logger),
        transport: transport)
}

/// A handler that yields the data of each event and ends at `[DONE]`.
struct DataHandler: StreamHandler {
    mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<String> {
        event.dataString == "[DONE]" ? .finish : .yield(event.dataString)
    }

    mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        throw APIError(kind: .connection, message: "no [DONE]")
    }
}

/// A log handler that keeps every message, for checking what is logged.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let (level, message, metadata) = (event.level, event.message, event.metadata)
        lock.lock()
        lines.append("\(level) \(message) \(metadata ?? [:])")
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }
}
