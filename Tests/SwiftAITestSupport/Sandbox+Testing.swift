import AICore
import AISandbox
import Foundation

/// Runs `body` with a fresh sandbox on loopback and shuts it down afterwards (also when `body` throws).
///
/// Turns on ``DecodeVerification`` first: from then on every response and stream event the SDK decodes is decoded
/// again by Foundation's `JSONDecoder` and compared, so a test that goes through the sandbox also checks the fast
/// decoder. Every helper in the test targets that leads to decoding starts its sandbox here.
public func withSandbox<T>(
    requireAuthorization: Bool = true, webhookURL: URL? = nil, webhookSecret: String? = nil,
    answerer: (any SandboxAnswerer)? = nil, isolation: isolated (any Actor)? = #isolation, _ body: (Sandbox) async throws -> T
) async throws -> T {
    DecodeVerification.shared.turnOn()
    return try await Sandbox.withRunning(
        requireAuthorization: requireAuthorization, webhookURL: webhookURL, webhookSecret: webhookSecret,
        answerer: answerer, isolation: isolation, body)
}

/// Starts a sandbox whose lifetime the test manages (shut it down with `Sandbox.shutdown()`), with
/// ``DecodeVerification`` on as in ``withSandbox(requireAuthorization:webhookURL:webhookSecret:answerer:isolation:_:)``.
public func startSandbox(requireAuthorization: Bool = true, answerer: (any SandboxAnswerer)? = nil) async throws -> Sandbox {
    DecodeVerification.shared.turnOn()
    return try await Sandbox.start(requireAuthorization: requireAuthorization, answerer: answerer)
}
