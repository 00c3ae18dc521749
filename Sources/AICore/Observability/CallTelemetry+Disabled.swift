#if !SwiftAITelemetry
import Foundation
import HTTPTypes

/// Without the SwiftAITelemetry trait nothing is traced or measured: there is never a call's telemetry, and the
/// client's `telemetry?.…` calls compile to nothing. The methods mirror the traced build's so the client's code is
/// the same in both.
package final class CallTelemetry: Sendable {
    private init() {}

    package static func start(
        _ request: APIRequest, url: URL, configuration: ClientConfiguration, kind: String? = nil
    ) -> CallTelemetry? { nil }

    package func inject(into headers: inout HTTPFields) {}
    package func responded(status: Int, headers: HTTPFields) {}
    package func retrying(after error: APIError, attempt: Int, delay: TimeInterval) {}
    package func succeeded(with value: Any?) {}
    package func streamed(_ value: Any) {}
    package func streamEnded() {}
    package func failed(_ error: any Error) {}
    package func cancelled() {}
}
#endif
