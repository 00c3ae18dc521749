import AICore
import Foundation
import Logging
import SwiftOpenAI

/// One debug log line per API call — endpoint, bytes out and in, status, request id, duration — built on
/// the SDK's response metadata (`RequestOptions(onResponse:)`), in place of the InfiniteStories app's `print`-based monitor.
struct APIMonitor: Sendable {
    let logger: Logger

    /// Starts timing a call to `endpoint` (`"POST /chat/completions"`) whose body is `body`.
    func begin(_ endpoint: String, body: (any Encodable)? = nil) -> MonitoredCall {
        // Encoded only for the debug line: the SDK encodes the body again to send it.
        let bytesOut = logger.logLevel <= .debug ? body.flatMap { try? JSONEncoder().encode($0).count } : nil
        return MonitoredCall(endpoint: endpoint, bytesOut: bytesOut, logger: logger)
    }

    /// Runs `call` with monitoring options and logs its outcome; `bytesIn` sizes a result whose response
    /// carried no `Content-Length`.
    func run<T>(
        _ endpoint: String, body: (any Encodable)? = nil, bytesIn: (T) -> Int? = { _ in nil },
        _ call: (RequestOptions) async throws -> T
    ) async throws -> T {
        let monitored = begin(endpoint, body: body)
        do {
            let result = try await call(monitored.options)
            monitored.finish(bytesIn: bytesIn(result))
            return result
        } catch {
            monitored.fail(error)
            throw error
        }
    }
}

/// A call being timed; its ``options`` capture the response metadata when the head arrives.
final class MonitoredCall: Sendable {
    let endpoint: String
    let bytesOut: Int?
    let logger: Logger
    private let started = DispatchTime.now().uptimeNanoseconds
    private let metadata = LockedValue<HTTPResponseMetadata?>(nil)

    init(endpoint: String, bytesOut: Int?, logger: Logger) {
        self.endpoint = endpoint
        self.bytesOut = bytesOut
        self.logger = logger
    }

    /// Options that record the response metadata.
    var options: RequestOptions {
        RequestOptions(onResponse: { [metadata] response in metadata.withLock { $0 = response } })
    }

    /// Logs a successful call; `bytesIn` is used when the response had no `Content-Length`.
    func finish(bytesIn: Int?) {
        let response = metadata.withLock { $0 }
        let length = response?.headers["content-length"].flatMap(Int.init) ?? bytesIn
        log(status: response?.status.code, requestID: response?.requestID, bytesIn: length, failure: nil)
    }

    /// Logs a failed call with what the error knows of the response.
    func fail(_ error: any Error) {
        let apiError = error as? APIError
        let response = metadata.withLock { $0 }
        log(
            status: apiError?.statusCode ?? response?.status.code, requestID: apiError?.requestID ?? response?.requestID,
            bytesIn: apiError?.rawBody?.count, failure: apiError.map { $0.kind.rawValue } ?? String(describing: type(of: error)))
    }

    private func log(status: Int?, requestID: String?, bytesIn: Int?, failure: String?) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let size = { (value: Int?) in value.map { "\($0) B" } ?? "? B" }
        var line = "API \(endpoint) → \(status.map(String.init) ?? "no response"), \(size(bytesOut)) out, \(size(bytesIn)) in"
        line += ", request \(requestID ?? "-"), \(String(format: "%.3f", seconds)) s"
        if let failure { line += ", failed: \(failure)" }
        var fields: Logger.Metadata = ["endpoint": "\(endpoint)", "duration_ms": "\(Int(seconds * 1000))"]
        if let status { fields["status"] = "\(status)" }
        if let requestID { fields["request_id"] = "\(requestID)" }
        if let bytesOut { fields["bytes_out"] = "\(bytesOut)" }
        if let bytesIn { fields["bytes_in"] = "\(bytesIn)" }
        logger.debug("\(line)", metadata: fields)
    }
}
