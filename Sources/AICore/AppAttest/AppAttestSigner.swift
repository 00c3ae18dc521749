import Foundation

/// Signs App Attest assertions for ``AppAttestTransport``: the key id of an App Attest key that the app has already
/// generated and had attested by its relay, and an assertion over a request's client data hash.
///
/// On a device, ``DeviceAppAttestSigner`` asks `DCAppAttestService`; tests and other platforms supply their own.
public protocol AppAttestSigner: Sendable {
    /// The raw key id (32 bytes): the bytes of the base64 key identifier `DCAppAttestService.generateKey` returned.
    var keyID: Data { get }

    /// The assertion (CBOR, as `DCAppAttestService.generateAssertion` returns it) over `clientDataHash`, the SHA-256
    /// of the request's client data.
    func assertion(clientDataHash: Data) async throws -> Data
}
