import Foundation
import HTTPTypes
import RelayAppAttest
import RelayCore
import RelayStorage

extension Authenticator {
    /// An App Attest assertion over this request by a key registered for this project; its counter is advanced
    /// atomically, so the same assertion (or an older one) can't pass twice, even on two relay instances at once.
    func appAttestIdentity(
        project: Project, method: HTTPRequest.Method, path: String, headers: HTTPFields, body: Data
    ) async throws(RelayError) -> ClientIdentity {
        guard let settings = project.auth.appAttest else {
            throw .unauthenticated("This project does not accept App Attest.")
        }
        guard let encodedKeyID = headers[AuthHeaders.attestKeyID],
            let encodedAssertion = headers[AuthHeaders.attestAssertion]
        else {
            throw .unauthenticated("App Attest needs both relay-attest-key-id and relay-attest-assertion.")
        }
        guard let keyID = AppAttestKeyID.canonical(encodedKeyID) else {
            throw .unauthenticated("The relay-attest-key-id is not a base64 key id.")
        }
        guard let assertion = Data(base64Encoded: encodedAssertion) ?? Base64URL.decode(encodedAssertion) else {
            throw .unauthenticated("The relay-attest-assertion is not base64.")
        }

        guard let key = try await attestedKey(id: keyID), key.projectID == project.id else {
            throw .unauthenticated("The App Attest key is not registered for this project.")
        }
        guard !key.revoked else { throw .unauthenticated("The App Attest key has been revoked.") }
        guard settings.allowDevelopment || key.environment == AppAttestKeyID.productionEnvironment else {
            throw .unauthenticated("This project no longer accepts development App Attest keys.")
        }

        let verifier = AppAttestVerifier(
            appID: settings.appID, allowDevelopment: settings.allowDevelopment, trustedRoots: appAttestRoots)
        let counter: UInt32
        do {
            counter = try verifier.verifyAssertion(
                assertion,
                clientData: AppAttestClientData.forRequest(method: method.rawValue, path: path, body: body),
                publicKey: key.publicKey,
                previousCounter: key.counter)
        } catch {
            throw .unauthenticated("The App Attest assertion was refused: \(error.reason).")
        }
        let advanced: Bool
        do {
            advanced = try await store.advanceAttestedKeyCounter(id: keyID, to: counter)
        } catch {
            throw .unavailable("The relay's database could not be reached.")
        }
        // Another request with this counter (or a higher one) got there first, or the key was revoked meanwhile.
        guard advanced else {
            throw .unauthenticated(
                "The App Attest assertion was refused: its counter was already used (replayed assertion).")
        }
        return ClientIdentity(kind: .appAttest, id: keyID, limits: project.clientLimits)
    }

    private func attestedKey(id: String) async throws(RelayError) -> AttestedKey? {
        do {
            return try await store.attestedKey(id: id)
        } catch {
            throw .unavailable("The relay's database could not be reached.")
        }
    }
}
