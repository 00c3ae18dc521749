import Foundation
import HTTPTypes
#if canImport(DeviceCheck)
import DeviceCheck
#endif

/// The header protocol of [AIProxy](https://www.aiproxy.pro), a backend that holds half of your provider key.
///
/// Requests go to the service URL from the AIProxy dashboard with the provider's usual paths; instead of the
/// provider key they carry `aiproxy-partial-key`, an optional `aiproxy-client-id`, and on Apple devices a
/// DeviceCheck token (`aiproxy-devicecheck`), or in the simulator a developer-only bypass token.
package enum AIProxy {
    /// The headers sent with every request.
    package static func staticHeaders(partialKey: String, clientID: String?) -> HTTPFields {
        var headers = HTTPFields()
        headers["aiproxy-partial-key"] = partialKey
        if let clientID { headers["aiproxy-client-id"] = clientID }
        return headers
    }

    /// Computes the per-request DeviceCheck headers: a fresh DeviceCheck token where the device supports it,
    /// else the bypass token (`deviceCheckBypass`, or the `AIPROXY_DEVICE_CHECK_BYPASS` environment variable).
    package static func deviceCheckHeaders(bypass: String?) -> @Sendable () async throws -> HTTPFields {
        let bypass = bypass ?? ProcessInfo.processInfo.environment["AIPROXY_DEVICE_CHECK_BYPASS"]
        return {
            var headers = HTTPFields()
            if let token = await deviceCheckToken() {
                headers["aiproxy-devicecheck"] = token
            } else if let bypass, !bypass.isEmpty {
                headers["aiproxy-devicecheck-bypass"] = bypass
            }
            return headers
        }
    }

    private static func deviceCheckToken() async -> String? {
        #if canImport(DeviceCheck) && !os(watchOS)
        guard DCDevice.current.isSupported else { return nil }
        return await withCheckedContinuation { continuation in
            DCDevice.current.generateToken { data, _ in
                continuation.resume(returning: data?.base64EncodedString())
            }
        }
        #else
        return nil
        #endif
    }
}
