/// The request headers that carry an App Attest assertion to the relay. The SDK's `AppAttestTransport` sends them.
public enum AppAttestHeaders {
    /// The base64 (standard alphabet, padded) of the raw 32-byte key id `DCAppAttestService.generateKey` returned.
    public static let keyID = "relay-attest-key-id"
    /// The base64 (standard alphabet, padded) of the CBOR assertion `DCAppAttestService.generateAssertion`
    /// returned for this request's client data (see ``AppAttestClientData/forRequest(method:path:body:)``).
    public static let assertion = "relay-attest-assertion"
}
