// SHA-256 of the client data: CryptoKit on Apple platforms, swift-crypto where the package runs on SwiftNIO. Linux
// built without the SwiftNIO trait has neither, and so no App Attest transport (App Attest is for Apple devices).
#if SWIFTAI_NIO || canImport(CryptoKit)
#if SWIFTAI_NIO
import Crypto
#else
import CryptoKit
#endif
import Foundation
import HTTPTypes

/// A transport that proves each request comes from your genuine app, for a Relay project with App Attest: it signs
/// every request with the device's attested App Attest key and adds the assertion to it, then sends it with the
/// transport it wraps.
///
/// The client data of a request is `"\(METHOD) \(path)\n"` in UTF-8 followed by the raw body, where `path` is the
/// request target as sent (percent-encoded path, including the relay's `/{project}/{provider}` prefix, and
/// `?query` when there is one). The signer signs SHA-256 of it; the headers are `relay-attest-key-id` (base64 of
/// the raw key id) and `relay-attest-assertion` (base64 of the assertion). The relay rebuilds the client data
/// from the request it receives, so an assertion is good for exactly that request.
///
/// ```swift
/// let signer = DeviceAppAttestSigner(keyIdentifier: storedKeyID)!
/// let transport = AppAttestTransport(wrapping: DefaultTransport.make(), signer: signer)
/// ```
public struct AppAttestTransport: HTTPTransport {
    /// The header with the base64 of the raw key id.
    public static let keyIDHeader = "relay-attest-key-id"
    /// The header with the base64 of the assertion.
    public static let assertionHeader = "relay-attest-assertion"

    public let base: any HTTPTransport
    public let signer: any AppAttestSigner

    public init(wrapping base: any HTTPTransport, signer: any AppAttestSigner) {
        self.base = base
        self.signer = signer
    }

    /// Signs `request` and sends it with ``base``. A signer's error is thrown as it is, before anything is sent.
    public func send(_ request: TransportRequest, headTimeout: TimeInterval) async throws -> TransportResponse {
        var request = request
        let clientDataHash = Data(SHA256.hash(data: Self.clientData(of: request)))
        let assertion = try await signer.assertion(clientDataHash: clientDataHash)
        request.headers[Self.keyIDHeader] = signer.keyID.base64EncodedString()
        request.headers[Self.assertionHeader] = assertion.base64EncodedString()
        return try await base.send(request, headTimeout: headTimeout)
    }

    public func shutdown() async throws {
        try await base.shutdown()
    }

    /// The client data the relay rebuilds: method, space, request target, newline, body.
    static func clientData(of request: TransportRequest) -> Data {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? ""
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        var data = Data("\(request.method.rawValue) \(target)\n".utf8)
        if let body = request.body { data.append(body) }
        return data
    }
}
#endif
