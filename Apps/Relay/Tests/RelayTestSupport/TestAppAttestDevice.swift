import Crypto
import Foundation
import RelayAppAttest
import SwiftASN1
import X509

/// One App Attest key on a pretend device: it attests itself through its ``TestAppAttestAuthority`` and signs
/// assertions whose counter goes up by one each time, as `DCAppAttestService` does.
public final class TestAppAttestDevice: Sendable {
    public let appID: String
    public let environment: AppAttestEnvironment
    /// The raw key id: SHA-256 of the public key's uncompressed X9.63 point, as `generateKey` returns it.
    public let keyID: Data
    /// The public key (uncompressed X9.63), what a verified attestation returns.
    public var publicKey: Data { privateKey.publicKey.x963Representation }
    /// The receipt every attestation of this device carries (random bytes: the relay only stores it).
    public let receipt: Data

    let authority: TestAppAttestAuthority
    let privateKey: P256.Signing.PrivateKey
    private let counter = LockedCounter()

    init(authority: TestAppAttestAuthority, appID: String, environment: AppAttestEnvironment) {
        self.authority = authority
        self.appID = appID
        self.environment = environment
        privateKey = P256.Signing.PrivateKey()
        keyID = Data(SHA256.hash(data: privateKey.publicKey.x963Representation))
        receipt = Data((0..<64).map { _ in UInt8.random(in: 0...255) })
    }

    /// Changes to a genuine attestation, for tests of the verifier's refusals. Each field replaces what the
    /// device would otherwise put there; the certificate chain stays genuine.
    public struct Tampering: Sendable {
        public var format = "apple-appattest"
        /// The app id whose SHA-256 goes in as rpIdHash.
        public var rpAppID: String?
        public var counter: UInt32 = 0
        public var aaguid: Data?
        public var credentialID: Data?
        /// The nonce put in the certificate instead of SHA-256(authData ‖ clientDataHash).
        public var nonce: Data?

        public init() {}
    }

    /// An attestation object of this key for `clientDataHash`, exactly as `DCAppAttestService.attestKey` returns
    /// it: CBOR `{fmt: "apple-appattest", attStmt: {x5c: [credential certificate, intermediate], receipt},
    /// authData}`.
    public func attestation(clientDataHash: Data, tampering: Tampering = Tampering(), now: Date = Date()) throws -> Data {
        var authData = Data(SHA256.hash(data: Data((tampering.rpAppID ?? appID).utf8)))
        authData.append(0x40)
        authData.append(contentsOf: Self.bigEndian(tampering.counter))
        authData.append(tampering.aaguid ?? Self.aaguid(environment))
        let credentialID = tampering.credentialID ?? keyID
        authData.append(contentsOf: [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)])
        authData.append(credentialID)
        authData.append(coseKey())

        let nonce = tampering.nonce ?? Data(SHA256.hash(data: authData + clientDataHash))
        let leaf = try authority.credentialCertificate(for: privateKey.publicKey, nonce: nonce, now: now)
        let object = CBORValue.textMap([
            "fmt": .text(tampering.format),
            "attStmt": .textMap([
                "x5c": .array([.bytes(try Self.der(leaf)), .bytes(try Self.der(authority.intermediateCertificate))]),
                "receipt": .bytes(receipt),
            ]),
            "authData": .bytes(authData),
        ])
        return object.encoded()
    }

    /// An assertion for `clientData` with the next counter (1 for the first), exactly as
    /// `DCAppAttestService.generateAssertion(_:clientDataHash:)` returns it for SHA-256(clientData).
    public func assertion(clientData: Data) throws -> Data {
        try assertion(clientDataHash: Data(SHA256.hash(data: clientData)))
    }

    /// An assertion over a client data hash with the next counter: what an SDK-side signer is asked for.
    public func assertion(clientDataHash: Data) throws -> Data {
        try signedAssertion(
            authenticatorData: Self.assertionAuthenticatorData(appID: appID, counter: counter.next()),
            clientDataHash: clientDataHash)
    }

    /// An assertion with a chosen counter (for replay tests); the automatic counter is not changed.
    public func assertion(clientData: Data, counter: UInt32) throws -> Data {
        try signedAssertion(
            authenticatorData: Self.assertionAuthenticatorData(appID: appID, counter: counter),
            clientDataHash: Data(SHA256.hash(data: clientData)))
    }

    /// CBOR `{signature, authenticatorData}` with the signature over SHA-256(authenticatorData ‖ clientDataHash),
    /// made as the Secure Enclave makes it: ECDSA P-256 with SHA-256 over that nonce, DER.
    public func signedAssertion(authenticatorData: Data, clientDataHash: Data) throws -> Data {
        let nonce = Data(SHA256.hash(data: authenticatorData + clientDataHash))
        let signature = try privateKey.signature(for: nonce).derRepresentation
        return CBORValue.textMap([
            "signature": .bytes(signature),
            "authenticatorData": .bytes(authenticatorData),
        ]).encoded()
    }

    /// An assertion's authenticator data: rpIdHash ‖ flags ‖ counter (37 bytes).
    public static func assertionAuthenticatorData(appID: String, counter: UInt32) -> Data {
        var data = Data(SHA256.hash(data: Data(appID.utf8)))
        data.append(0x00)
        data.append(contentsOf: bigEndian(counter))
        return data
    }

    /// The key as COSE (EC2, ES256, P-256, x, y), as Apple appends it to the authenticator data.
    private func coseKey() -> Data {
        let point = privateKey.publicKey.x963Representation
        return CBORValue.map([
            CBORMapEntry(key: .unsigned(1), value: .unsigned(2)),
            CBORMapEntry(key: .unsigned(3), value: .negative(6)),
            CBORMapEntry(key: .negative(0), value: .unsigned(1)),
            CBORMapEntry(key: .negative(1), value: .bytes(point[1..<33])),
            CBORMapEntry(key: .negative(2), value: .bytes(point[33..<65])),
        ]).encoded()
    }

    static func aaguid(_ environment: AppAttestEnvironment) -> Data {
        switch environment {
        case .production: Data("appattest".utf8) + Data(repeating: 0, count: 7)
        case .development: Data("appattestdevelop".utf8)
        }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func der(_ certificate: Certificate) throws -> Data {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return Data(serializer.serializedBytes)
    }
}

/// The device's assertion counter, shared by concurrent test tasks.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt32 = 0

    func next() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
