import Foundation
import HTTPTypes
import RelayCore
import RelayStorage

extension Authenticator {
    /// AIProxy's headers: the partial key must be this project's; then a DeviceCheck token, the bypass token, or
    /// (where the project allows it) the partial key alone.
    func aiProxyIdentity(project: Project, partialKey: String, headers: HTTPFields, now: Date) async throws(RelayError)
        -> ClientIdentity
    {
        guard ConstantTime.equals(partialKey, project.partialKey) else {
            throw .unauthenticated("The aiproxy-partial-key is not this project's.")
        }
        let clientID = headers[AuthHeaders.clientID].flatMap { $0.isEmpty ? nil : $0 }
        if let clientID, clientID.utf8.count > AuthHeaders.maximumClientIDBytes {
            throw .unauthenticated("The aiproxy-client-id is longer than \(AuthHeaders.maximumClientIDBytes) bytes.")
        }

        if let token = headers[AuthHeaders.deviceCheck], let settings = project.auth.deviceCheck {
            try await validateDeviceCheck(token: token, settings: settings, projectID: project.id, now: now)
            return ClientIdentity(kind: .deviceCheck, id: clientID ?? "device", limits: project.clientLimits)
        }
        if let bypass = headers[AuthHeaders.deviceCheckBypass] {
            guard let expected = project.auth.deviceCheckBypassToken else {
                throw .unauthenticated("This project accepts no aiproxy-devicecheck-bypass token.")
            }
            guard ConstantTime.equals(bypass, expected) else {
                throw .unauthenticated("The aiproxy-devicecheck-bypass token is not this project's.")
            }
            return ClientIdentity(kind: .clientID, id: clientID ?? "anonymous", limits: project.clientLimits)
        }
        if project.auth.allowPartialKeyOnly {
            return ClientIdentity(kind: .clientID, id: clientID ?? "anonymous", limits: project.clientLimits)
        }
        if headers[AuthHeaders.deviceCheck] != nil {
            throw .unauthenticated("This project does not validate DeviceCheck tokens and requires another proof.")
        }
        throw .unauthenticated(
            "The partial key alone is not enough for this project: send an aiproxy-devicecheck token.")
    }

    private func validateDeviceCheck(token: String, settings: DeviceCheckSettings, projectID: String, now: Date)
        async throws(RelayError)
    {
        let store = store
        let secrets = secrets
        do {
            try await deviceCheck.validate(deviceToken: token, settings: settings, now: now) {
                () async throws(DeviceCheckError) -> String in
                try await Self.deviceCheckKey(
                    store: store, secrets: secrets, projectID: projectID, name: settings.keySecretName)
            }
        } catch .invalidToken {
            throw .unauthenticated(DeviceCheckError.invalidToken.description)
        } catch {
            throw .unavailable(error.description)
        }
    }

    /// The PEM of a project's DeviceCheck key, opened from its sealed secret.
    private static func deviceCheckKey(store: RelayStore, secrets: SecretBox, projectID: String, name: String)
        async throws(DeviceCheckError) -> String
    {
        let sealed: SealedSecret?
        do {
            sealed = try await store.secret(projectID: projectID, name: name)
        } catch {
            throw .keyUnavailable("the relay's database could not be read")
        }
        guard let sealed else { throw .keyUnavailable("the project has no secret named \(name)") }
        guard let opened = try? secrets.open(sealed, context: SecretBox.context(projectID: projectID, name: name)),
            let pem = String(data: opened, encoding: .utf8)
        else {
            throw .keyUnavailable("the secret \(name) could not be opened")
        }
        return pem
    }
}
