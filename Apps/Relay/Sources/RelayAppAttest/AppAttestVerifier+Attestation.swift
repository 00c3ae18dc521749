@_spi(FixedExpiryValidationTime) import X509
import Crypto
import Foundation
import SwiftASN1

extension AppAttestVerifier {
    private static let productionAAGUID = Data("appattest".utf8) + Data(repeating: 0, count: 7)
    private static let developmentAAGUID = Data("appattestdevelop".utf8)

    /// Verifies an attestation object and returns the key material to keep for the key's assertions.
    ///
    /// Every step of Apple's list, in its order: the `apple-appattest` format; the `x5c` chain (credential
    /// certificate, then intermediate) valid at `now` up to one of ``trustedRoots``; the credential certificate's
    /// nonce extension (1.2.840.113635.100.8.2) equal to SHA-256(authData ‖ clientDataHash); SHA-256 of the
    /// certificate's public key (uncompressed X9.63 point) equal to `keyID`; the rpIdHash equal to SHA-256 of
    /// ``appID``; a counter of 0; the aaguid of production (`appattest` and seven zero bytes) or, when
    /// ``allowDevelopment``, development (`appattestdevelop`); the credential id equal to `keyID`.
    ///
    /// - Parameters:
    ///   - attestationObject: the bytes `DCAppAttestService.attestKey` returned.
    ///   - keyID: the raw key id (32 bytes) `DCAppAttestService.generateKey` returned.
    ///   - clientDataHash: the bytes the app passed to `attestKey` (normally SHA-256 of the server's one-time
    ///     challenge); the caller checks that the challenge was its own and is used once.
    ///   - now: the time the certificates must be valid at.
    ///
    /// Async because swift-certificates' chain verifier is.
    public func verifyAttestation(
        _ attestationObject: Data, keyID: Data, clientDataHash: Data, now: Date = Date()
    ) async throws(AppAttestError) -> AttestedKeyMaterial {
        let object = try decodeCBOR(attestationObject)
        guard let format = object["fmt"]?.text else { throw .malformed("attestation has no fmt") }
        guard format == "apple-appattest" else { throw .wrongFormat }
        guard let statement = object["attStmt"], case .map = statement else {
            throw .malformed("attestation has no attStmt")
        }
        guard let authData = object["authData"]?.bytes else { throw .malformed("attestation has no authData") }
        guard let receipt = statement["receipt"]?.bytes else { throw .malformed("attestation has no receipt") }
        let (leaf, intermediates) = try Self.certificates(statement["x5c"])

        try await verifyChain(leaf: leaf, intermediates: intermediates, at: now)

        let nonce = Data(SHA256.hash(data: authData + clientDataHash))
        guard try Self.nonce(in: leaf) == nonce else { throw .nonceMismatch }

        guard let key = P256.Signing.PublicKey(leaf.publicKey) else {
            throw .malformed("credential certificate key is not P-256")
        }
        let publicKey = key.x963Representation
        guard Data(SHA256.hash(data: publicKey)) == keyID else { throw .keyIDMismatch }

        let parsed = try AuthenticatorData(authData, withAttestedCredential: true)
        guard parsed.rpIDHash == appIDHash else { throw .wrongApp }
        guard parsed.counter == 0 else { throw .counterNotZero }
        guard let credential = parsed.attestedCredential else {
            throw .malformed("authenticator data has no attested credential")
        }
        let environment: AppAttestEnvironment
        switch credential.aaguid {
        case Self.productionAAGUID: environment = .production
        case Self.developmentAAGUID where allowDevelopment: environment = .development
        default: throw .wrongEnvironment
        }
        guard credential.credentialID == keyID else { throw .credentialIDMismatch }

        return AttestedKeyMaterial(
            publicKey: publicKey, environment: environment, receipt: receipt, counter: parsed.counter)
    }

    /// The credential certificate and the intermediates of `x5c` (Apple sends exactly one intermediate).
    private static func certificates(_ x5c: CBORValue?) throws(AppAttestError) -> (Certificate, [Certificate]) {
        guard let entries = x5c?.array, (2...4).contains(entries.count) else {
            throw .malformed("attestation x5c is not a chain of 2 to 4 certificates")
        }
        var certificates: [Certificate] = []
        for entry in entries {
            guard let der = entry.bytes else { throw .malformed("attestation x5c entry is not bytes") }
            do {
                certificates.append(try Certificate(derEncoded: [UInt8](der)))
            } catch {
                throw .malformed("attestation x5c entry is not an X.509 certificate")
            }
        }
        return (certificates[0], Array(certificates.dropFirst()))
    }

    private func verifyChain(leaf: Certificate, intermediates: [Certificate], at now: Date) async throws(AppAttestError) {
        var verifier = Verifier(rootCertificates: CertificateStore(trustedRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: now)
        }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates))
        if case .couldNotValidate(let failures) = result {
            throw .untrustedChain(failures.first.map { String(describing: $0.policyFailureReason) } ?? "no chain to a trusted root")
        }
    }

    /// The octet string of the credential certificate's App Attest nonce extension: `SEQUENCE { [1] EXPLICIT
    /// OCTET STRING }`.
    private static func nonce(in certificate: Certificate) throws(AppAttestError) -> Data {
        guard let ext = certificate.extensions[oid: .appAttestNonce] else {
            throw .malformed("credential certificate has no App Attest nonce extension")
        }
        do {
            let node = try DER.parse(ext.value)
            let octets = try DER.sequence(node, identifier: .sequence) { nodes in
                try DER.explicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) { node in
                    try ASN1OctetString(derEncoded: node)
                }
            }
            return Data(octets.bytes)
        } catch {
            throw .malformed("credential certificate nonce extension is not a SEQUENCE of [1] OCTET STRING")
        }
    }
}

extension ASN1ObjectIdentifier {
    /// Apple's App Attest nonce extension of the credential certificate.
    static let appAttestNonce: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 8, 2]
}
