import Crypto
import Foundation
import Logging
import RelayAppAttest
import RelayCore
import RelayStorage
import X509

/// Registers a device's App Attest key: the relay hands out a one-time challenge, the app attests its key over it
/// (`DCAppAttestService.attestKey(_:clientDataHash:)` with `clientDataHash` = SHA-256 of the challenge string's
/// UTF-8 bytes), and the relay verifies the attestation and stores the key for the device's later assertions.
public struct AppAttestRegistration: Sendable {
    let store: RelayStore
    let appAttestRoots: [Certificate]
    let challengeLifetime: TimeInterval
    let challengesPerMinute: Int64
    let logger: Logger

    /// - Parameters:
    ///   - appAttestRoots: the roots attestation chains must lead to; `nil` for Apple's App Attest root.
    ///   - challengeLifetime: how long a challenge may wait for its attestation, in seconds.
    ///   - challengesPerMinute: how many challenges a project hands out per minute, across all relay instances.
    ///     Challenges go to anyone who asks (a device has no key yet), so this is what keeps their rows bounded.
    public init(
        store: RelayStore, appAttestRoots: [Certificate]? = nil, challengeLifetime: TimeInterval = 300,
        challengesPerMinute: Int64 = 600, logger: Logger
    ) {
        self.store = store
        self.appAttestRoots = appAttestRoots ?? [AppAttestVerifier.appleRootCA]
        self.challengeLifetime = challengeLifetime
        self.challengesPerMinute = challengesPerMinute
        self.logger = logger
    }

    /// A new challenge for one attestation on `projectID`: 32 random bytes in base64url, usable once, until
    /// `challengeLifetime` from `now`.
    ///
    /// - Throws: `RelayError.rateLimited` once the project has handed out `challengesPerMinute` this minute.
    public func challenge(projectID: String, now: Date = Date()) async throws(RelayError) -> String {
        let minute = Int64(now.timeIntervalSince1970 / 60)
        let charge = CounterCharge(
            key: "p/\(projectID)/attest-challenges/\(minute)", amount: 1, limit: challengesPerMinute,
            expiresAt: Date(timeIntervalSince1970: Double(minute + 1) * 60))
        let reservation: Reservation
        do {
            reservation = try await store.reserve([charge], now: now)
        } catch {
            throw .unavailable("The relay's database could not be reached.")
        }
        if case .refused(_, let retryAfter) = reservation {
            throw .rateLimited("Too many App Attest challenges for this project this minute; try again shortly.", retryAfter: retryAfter)
        }
        let challenge = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
        do {
            try await store.insertChallenge(
                challenge, projectID: projectID, expiresAt: now.addingTimeInterval(challengeLifetime))
        } catch {
            throw .unavailable("The relay's database could not be reached.")
        }
        return challenge
    }

    /// Verifies `attestation` of the key `keyID` over `challenge` and stores the key (counter 0).
    ///
    /// The challenge is used up first, whether the attestation then verifies or not, so each challenge allows one
    /// attempt.
    ///
    /// - Parameters:
    ///   - keyID: the key id `DCAppAttestService.generateKey` returned, in base64.
    ///   - attestation: the attestation object `attestKey` returned.
    ///   - challenge: a challenge from `challenge(projectID:now:)` for this project.
    public func register(project: Project, keyID: String, attestation: Data, challenge: String, now: Date)
        async throws(RelayError) -> AttestedKey
    {
        guard let settings = project.auth.appAttest else {
            throw .forbidden("This project does not accept App Attest.")
        }
        guard let rawKeyID = AppAttestKeyID.raw(keyID) else {
            throw .badRequest("The key id is not the base64 of a 32-byte App Attest key id.")
        }
        let consumed: Bool
        do {
            consumed = try await store.consumeChallenge(challenge, projectID: project.id, now: now)
        } catch {
            throw .unavailable("The relay's database could not be reached.")
        }
        guard consumed else {
            throw .unauthenticated("The challenge is unknown, expired or already used; ask for a new one.")
        }

        let verifier = AppAttestVerifier(
            appID: settings.appID, allowDevelopment: settings.allowDevelopment, trustedRoots: appAttestRoots)
        let material: AttestedKeyMaterial
        do {
            material = try await verifier.verifyAttestation(
                attestation, keyID: rawKeyID, clientDataHash: Data(SHA256.hash(data: Data(challenge.utf8))), now: now)
        } catch {
            logger.debug(
                "App Attest attestation refused", metadata: ["project": "\(project.id)", "reason": "\(error.reason)"])
            throw .unauthenticated("The App Attest attestation was refused: \(error.reason).")
        }

        let key = AttestedKey(
            id: rawKeyID.base64EncodedString(), projectID: project.id, publicKey: material.publicKey, counter: 0,
            environment: AppAttestKeyID.environment(material.environment), receipt: material.receipt, createdAt: now)
        do {
            try await store.insertAttestedKey(key)
        } catch RelayStoreError.conflict {
            throw .badRequest("This App Attest key is already registered.")
        } catch {
            throw .unavailable("The relay's database could not be reached.")
        }
        return key
    }
}
