import Crypto
import Foundation
import RelayAppAttest
import SwiftASN1
import X509

/// A stand-in for Apple's App Attest service in tests: its own root CA and intermediate (P-384, as Apple's), and
/// devices whose software P-256 keys produce real attestation objects and assertions in exactly Apple's format.
/// A relay verifies them once it trusts ``rootCertificate`` (pass it as `trustedRoots`).
///
/// ```swift
/// let authority = try TestAppAttestAuthority()
/// let device = try authority.makeDevice(appID: "TEAMID.com.example.app")
/// let attestation = try device.attestation(clientDataHash: Data(SHA256.hash(data: challenge)))
/// let assertion = try device.assertion(clientData: AppAttestClientData.forRequest(method: "POST", path: p, body: b))
/// ```
public struct TestAppAttestAuthority: Sendable {
    public let rootCertificate: Certificate
    public let intermediateCertificate: Certificate
    let intermediateKey: P384.Signing.PrivateKey

    /// A fresh root and intermediate, valid from a day ago for ten years.
    public init(now: Date = Date()) throws {
        let rootKey = P384.Signing.PrivateKey()
        let rootName = try DistinguishedName {
            CommonName("Test App Attestation Root CA")
            OrganizationName("Relay Tests")
        }
        rootCertificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(rootKey.publicKey),
            notValidBefore: now - 86_400, notValidAfter: now + 10 * 365 * 86_400,
            issuer: rootName, subject: rootName,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))

        intermediateKey = P384.Signing.PrivateKey()
        intermediateCertificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(intermediateKey.publicKey),
            notValidBefore: now - 86_400, notValidAfter: now + 10 * 365 * 86_400,
            issuer: rootName,
            subject: try DistinguishedName {
                CommonName("Test App Attestation CA 1")
                OrganizationName("Relay Tests")
            },
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
    }

    /// A new device key for `appID` in `environment`; its attestations are signed by this authority.
    public func makeDevice(appID: String, environment: AppAttestEnvironment = .production) -> TestAppAttestDevice {
        TestAppAttestDevice(authority: self, appID: appID, environment: environment)
    }

    /// A verifier for `appID` that trusts this authority's root (and only it).
    public func verifier(appID: String, allowDevelopment: Bool = false) -> AppAttestVerifier {
        AppAttestVerifier(appID: appID, allowDevelopment: allowDevelopment, trustedRoots: [rootCertificate])
    }

    /// The credential certificate of `key`, carrying `nonce` in Apple's extension (1.2.840.113635.100.8.2:
    /// `SEQUENCE { [1] EXPLICIT OCTET STRING }`), valid for three days from an hour before `now` as Apple's are.
    func credentialCertificate(for key: P256.Signing.PublicKey, nonce: Data, now: Date) throws -> Certificate {
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { coder in
            try coder.serialize(
                ASN1OctetString(contentBytes: ArraySlice(nonce)), explicitlyTaggedWithTagNumber: 1,
                tagClass: .contextSpecific)
        }
        let nonceExtension = Certificate.Extension(
            oid: [1, 2, 840, 113_635, 100, 8, 2], critical: false, value: ArraySlice(serializer.serializedBytes))
        let keyHash = SHA256.hash(data: key.x963Representation).map { String(format: "%02x", $0) }.joined()
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key),
            notValidBefore: now - 3_600, notValidAfter: now + 3 * 86_400,
            issuer: intermediateCertificate.subject,
            subject: try DistinguishedName {
                CommonName(keyHash)
                OrganizationalUnitName("AAA Certification")
                OrganizationName("Relay Tests")
            },
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, nonRepudiation: true, keyEncipherment: true, dataEncipherment: true))
                nonceExtension
            },
            issuerPrivateKey: Certificate.PrivateKey(intermediateKey))
    }
}
