import Foundation
import HTTPTypes
import Logging
import RelayAppAttest
import RelayCore
import RelayStorage
import X509

/// Decides who a proxied request comes from, or refuses it. A request passes with any one method its project
/// enables, tried in this order:
///
/// 1. An App Attest assertion (`relay-attest-key-id`, `relay-attest-assertion`) by a key registered for this
///    project and not revoked, over exactly this request, with a counter higher than any before.
/// 2. A client token (a JWT in `Authorization: Bearer`, `x-api-key` or `api-key`) signed with one of the project's
///    client token keys: the token's user, with the project's client limits narrowed by its claims.
/// 3. AIProxy's headers: the project's `aiproxy-partial-key`, then a DeviceCheck token Apple accepts, or the
///    simulator bypass token, or — where the project allows it — nothing more.
///
/// Every refusal is `RelayError.unauthenticated` naming the check that failed, never a credential; the database
/// or Apple being unreachable is `RelayError.unavailable`.
public struct Authenticator: Sendable {
    let store: RelayStore
    let secrets: SecretBox
    let deviceCheck: DeviceCheckValidator
    let appAttestRoots: [Certificate]
    let clientTokens: ClientTokenVerifier
    let logger: Logger

    /// - Parameters:
    ///   - secrets: opens the projects' DeviceCheck keys.
    ///   - appAttestRoots: the roots App Attest certificate chains must lead to; `nil` for Apple's App Attest root
    ///     (tests pass their own authority's).
    ///   - clientTokens: the leeway and maximum lifetime client tokens are checked with.
    public init(
        store: RelayStore,
        secrets: SecretBox,
        deviceCheck: DeviceCheckValidator,
        appAttestRoots: [Certificate]? = nil,
        clientTokens: ClientTokenVerifier = ClientTokenVerifier(),
        logger: Logger
    ) {
        self.store = store
        self.secrets = secrets
        self.deviceCheck = deviceCheck
        self.appAttestRoots = appAttestRoots ?? [AppAttestVerifier.appleRootCA]
        self.clientTokens = clientTokens
        self.logger = logger
    }

    /// The identity a request to `project` authenticates as.
    ///
    /// - Parameters:
    ///   - method: the request's method.
    ///   - path: the request target exactly as received (percent-encoded, with `/{project}/{provider}` and any
    ///     `?query`): an App Attest assertion is over these bytes (see `AppAttestClientData`).
    ///   - body: the request's body, which an App Attest assertion also covers.
    ///   - now: the time tokens and DeviceCheck validations are checked at.
    public func authenticate(
        project: Project,
        method: HTTPRequest.Method,
        path: String,
        headers: HTTPFields,
        body: Data,
        now: Date
    ) async throws(RelayError) -> ClientIdentity {
        do {
            return try await identify(
                project: project, method: method, path: path, headers: headers, body: body, now: now)
        } catch {
            logger.debug(
                "request refused",
                metadata: ["project": "\(project.id)", "status": "\(error.status)", "reason": "\(error.message)"])
            throw error
        }
    }

    private func identify(
        project: Project,
        method: HTTPRequest.Method,
        path: String,
        headers: HTTPFields,
        body: Data,
        now: Date
    ) async throws(RelayError) -> ClientIdentity {
        if headers[AuthHeaders.attestKeyID] != nil || headers[AuthHeaders.attestAssertion] != nil {
            return try await appAttestIdentity(
                project: project, method: method, path: path, headers: headers, body: body)
        }
        if let token = Self.clientToken(in: headers) {
            return try await clientTokenIdentity(project: project, token: token, now: now)
        }
        if let partialKey = headers[AuthHeaders.partialKey] {
            return try await aiProxyIdentity(project: project, partialKey: partialKey, headers: headers, now: now)
        }
        throw .unauthenticated(
            "No credentials: send an App Attest assertion, a client token, or the AIProxy partial key headers.")
    }

    /// The first JWT-shaped value of the headers a client token may travel in; other values (an SDK's placeholder
    /// key) are left alone.
    private static func clientToken(in headers: HTTPFields) -> String? {
        var candidates: [String] = []
        if let authorization = headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                candidates.append(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        candidates += [headers[AuthHeaders.apiKey], headers[AuthHeaders.azureAPIKey]].compactMap { $0 }
        return candidates.first(where: ClientTokenVerifier.looksLikeJWT)
    }

    private func clientTokenIdentity(project: Project, token: String, now: Date) async throws(RelayError)
        -> ClientIdentity
    {
        guard !project.auth.clientTokenKeys.isEmpty else {
            throw .unauthenticated("This project accepts no client tokens (it has no client token keys).")
        }
        do {
            let claims = try await clientTokens.verify(token, for: project, now: now)
            return ClientIdentity(
                kind: .user, id: claims.sub.value, limits: project.clientLimits.narrowed(by: claims.narrowing))
        } catch {
            throw .unauthenticated(error.description)
        }
    }
}
