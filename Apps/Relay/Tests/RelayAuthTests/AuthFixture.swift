import Crypto
import Foundation
import HTTPTypes
import Logging
import RelayAuth
import RelayCore
import RelayStorage
import RelayTestSupport

/// An authenticator on a real SQLite store of the test's own, trusting the tests' App Attest authority.
struct AuthFixture {
    let store: RelayStore
    let secrets: SecretBox
    let authority: TestAppAttestAuthority
    let authenticator: Authenticator
    let registration: AppAttestRegistration

    static let appID = "TEAM123456.com.example.story"

    static func with(_ body: (AuthFixture) async throws -> Void) async throws {
        try await TestStore.with(.sqlite) { store in
            let secrets = try SecretBox(keys: ["k1": SymmetricKey(size: .bits256)], currentKeyID: "k1")
            let authority = try TestAppAttestAuthority()
            let logger = Logger(label: "relay.auth.tests")
            let fixture = AuthFixture(
                store: store, secrets: secrets, authority: authority,
                authenticator: Authenticator(
                    store: store, secrets: secrets, deviceCheck: DeviceCheckValidator(timeoutSeconds: 30),
                    appAttestRoots: [authority.rootCertificate], logger: logger),
                registration: AppAttestRegistration(
                    store: store, appAttestRoots: [authority.rootCertificate], logger: logger))
            try await body(fixture)
        }
    }

    /// The identity, or the refusal.
    func authenticate(
        _ project: Project, _ headers: HTTPFields, method: HTTPRequest.Method = .post,
        path: String = "/story-app/openai/v1/chat/completions", body: Data = Data(#"{"model":"gpt-4o"}"#.utf8),
        now: Date = Date()
    ) async -> Result<ClientIdentity, RelayError> {
        do {
            return .success(
                try await authenticator.authenticate(
                    project: project, method: method, path: path, headers: headers, body: body, now: now))
        } catch {
            return .failure(error)
        }
    }
}

extension HTTPFields {
    init(_ pairs: [String: String]) {
        self.init()
        for (name, value) in pairs { self[HTTPField.Name(name)!] = value }
    }
}

extension Result where Failure == RelayError {
    var identity: Success? { try? get() }
    var error: RelayError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
