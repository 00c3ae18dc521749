import Foundation
import Hummingbird
import RelayAuth
import RelayCore
import RelayStorage

/// App Attest registration: an app asks for a one-time challenge, has the device attest its new key over it, and
/// sends the attestation; from then on each of its requests carries an assertion signed by that key.
///
/// - `POST /{project}/attest/challenge` → `{"challenge": "…"}` (valid five minutes, usable once)
/// - `POST /{project}/attest/register` with `{"keyId", "attestation", "challenge"}` (base64) → 201
///   `{"keyId", "environment"}`
struct AttestRoutes: Sendable {
    let directory: ProjectDirectory
    let registration: AppAttestRegistration
    let metrics: RelayMetrics

    struct RegisterBody: Decodable {
        var keyId: String
        var attestation: String
        var challenge: String
    }

    struct Registered: Encodable {
        var keyId: String
        var environment: String
    }

    /// The answer to `request` if it is an App Attest route, else `nil`.
    ///
    /// (Hummingbird's router can't hold `/{project}/attest/…` beside the relay's catch-all `/**`, so the catch-all
    /// asks here first.)
    func respond(to request: Request) async throws -> Response? {
        guard request.method == .post else { return nil }
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 4, segments[0].isEmpty, segments[2] == "attest" else { return nil }
        let projectID = String(segments[1])
        switch segments[3] {
        case "challenge": return try await challenge(projectID: projectID)
        case "register": return try await register(request, projectID: projectID)
        default: return nil
        }
    }

    private func challenge(projectID: String) async throws -> Response {
        let project = try await attestingProject(projectID)
        let challenge: String
        do throws(RelayError) {
            challenge = try await registration.challenge(projectID: project.id)
        } catch {
            metrics.rejected(reason: error.reason)
            var response = AdminJSON.error(.init(code: error.status), error.message)
            if case .rateLimited(_, let retryAfter) = error { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
        return try AdminJSON.response(["challenge": challenge])
    }

    private func register(_ request: Request, projectID: String) async throws -> Response {
        let project = try await attestingProject(projectID)
        let body = try await AdminJSON.decode(RegisterBody.self, from: request, limit: 64 << 10)
        guard let attestation = Data(base64Encoded: body.attestation) else {
            return AdminJSON.error(.badRequest, "attestation must be base64.")
        }
        let key: AttestedKey
        do throws(RelayError) {
            key = try await registration.register(
                project: project, keyID: body.keyId, attestation: attestation, challenge: body.challenge, now: Date())
        } catch {
            metrics.rejected(reason: "attestation_refused")
            return AdminJSON.error(.init(code: error.status), error.message)
        }
        return try AdminJSON.response(Registered(keyId: key.id, environment: key.environment), status: .created)
    }

    private func attestingProject(_ id: String) async throws -> Project {
        guard let project = try await directory.project(id: id), project.auth.appAttest != nil else {
            throw HTTPError(.notFound, message: "No project with App Attest enabled has this id.")
        }
        return project
    }
}
