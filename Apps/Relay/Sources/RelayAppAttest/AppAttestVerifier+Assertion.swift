import Crypto
import Foundation

extension AppAttestVerifier {
    /// Verifies one request's assertion and returns its counter, which the caller stores as the key's new
    /// `previousCounter` (atomically, so two requests can't both pass with one counter).
    ///
    /// Apple's steps: clientDataHash = SHA-256(clientData); nonce = SHA-256(authenticatorData ‖ clientDataHash);
    /// the signature is valid for nonce with the key's public key; the rpIdHash is SHA-256 of ``appID``; the
    /// counter is greater than the last one accepted. The device signs nonce as a message with ECDSA over SHA-256
    /// (`SecKeyCreateSignature` with `ecdsaSignatureMessageX962SHA256`), so the signature is checked with
    /// `isValidSignature(_:for:)` over the nonce's bytes, which hashes them once more with SHA-256, exactly as the
    /// device did. The signature is DER (X9.62).
    ///
    /// Apple's last step (the client data carries the server's challenge) is the relay's: its client data is the
    /// request itself (``AppAttestClientData/forRequest(method:path:body:)``) and the counter stops replays.
    ///
    /// - Parameters:
    ///   - assertion: the CBOR bytes `DCAppAttestService.generateAssertion` returned.
    ///   - clientData: the client data of the request, rebuilt by the relay.
    ///   - publicKey: ``AttestedKeyMaterial/publicKey`` of the key (uncompressed X9.63).
    ///   - previousCounter: the key's last accepted counter (the attestation's 0 before its first assertion).
    public func verifyAssertion(
        _ assertion: Data, clientData: Data, publicKey: Data, previousCounter: UInt32
    ) throws(AppAttestError) -> UInt32 {
        let object = try decodeCBOR(assertion)
        guard let signatureBytes = object["signature"]?.bytes else { throw .malformed("assertion has no signature") }
        guard let authenticatorData = object["authenticatorData"]?.bytes else {
            throw .malformed("assertion has no authenticatorData")
        }
        let key: P256.Signing.PublicKey
        do {
            key = try P256.Signing.PublicKey(x963Representation: publicKey)
        } catch {
            throw .malformed("stored public key is not an uncompressed P-256 point")
        }
        guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signatureBytes) else {
            throw .badSignature
        }
        let clientDataHash = Data(SHA256.hash(data: clientData))
        let nonce = Data(SHA256.hash(data: authenticatorData + clientDataHash))
        guard key.isValidSignature(signature, for: nonce) else { throw .badSignature }

        let parsed = try AuthenticatorData(authenticatorData, withAttestedCredential: false)
        guard parsed.rpIDHash == appIDHash else { throw .wrongApp }
        guard parsed.counter > previousCounter else { throw .replayed }
        return parsed.counter
    }
}
