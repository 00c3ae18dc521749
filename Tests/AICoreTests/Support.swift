import AICore
import AISandbox
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import AICore

/// A client for the sandbox's `/v1` with fast retries.
func makeClient(
    _ sandbox: Sandbox, transport: any HTTPTransport, maxRetries: Int = 2, timeout: TimeInterval = 120,
    idle: TimeInterval = 120, logger: Logger = Logger(label: "test")
) -> APIClient {
    DecodeVerification.shared.turnOn()
    return APIClient(
        configuration: ClientConfiguration(
            baseURL: sandbox.baseURL.appendingPathComponent("v1"), headers: HTTPFields(["Authorization": "Bearer sk-test-secret"]),
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
