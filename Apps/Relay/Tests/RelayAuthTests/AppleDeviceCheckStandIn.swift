import Foundation
import Hummingbird
import JWTKit

/// A local stand-in for Apple's DeviceCheck `validate_device_token`, on 127.0.0.1: it checks the authorization JWT
/// as Apple does (ES256, signed by the developer's key, `kid` that key's id, `iss` the team, a recent `iat`) and
/// the body's fields, then answers by the token: `valid…` → 200, `down` → 500, anything else → 400 with Apple's
/// text for a bad device token. A bad JWT → 401, a bad body field → 400 with another text.
struct AppleDeviceCheckStandIn: Sendable {
    let teamID: String
    let keyID: String
    let publicKeyPEM: String
    let log = Log()

    actor Log {
        private(set) var requests = 0
        private(set) var refusedAuthorizations = 0
        private(set) var deviceTokens: [String] = []

        func request(token: String?) {
            requests += 1
            if let token { deviceTokens.append(token) }
        }

        func refusedAuthorization() { refusedAuthorizations += 1 }
    }

    private struct Body: Decodable {
        var device_token: String
        var transaction_id: String
        var timestamp: Int64
    }

    private struct Claims: JWTPayload {
        var iss: IssuerClaim
        var iat: IssuedAtClaim
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    private struct Header: Decodable {
        var alg: String
        var kid: String
    }

    /// Runs the stand-in for the duration of `body`, which gets its endpoint (`http://127.0.0.1:PORT`).
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.post("/v1/validate_device_token") { request, context -> EditedResponse<String> in
            try await answer(request, context: context)
        }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            })
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await app.run()
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            let result = try await body("http://127.0.0.1:\(port)")
            group.cancelAll()
            return result
        }
    }

    private func answer(_ request: Request, context: BasicRequestContext) async throws -> EditedResponse<String> {
        let body = try? await request.decode(as: Body.self, context: context)
        await log.request(token: body?.device_token)
        guard await authorizationIsValid(request.headers[.authorization]) else {
            await log.refusedAuthorization()
            return EditedResponse(status: .unauthorized, response: "Unable to verify authorization token")
        }
        guard let body else {
            return EditedResponse(
                status: .badRequest, response: "Missing or incorrectly formatted device token payload")
        }
        guard UUID(uuidString: body.transaction_id) != nil else {
            return EditedResponse(status: .badRequest, response: "Missing or incorrectly formatted transaction id")
        }
        guard abs(Date().timeIntervalSince1970 * 1000 - Double(body.timestamp)) < 60_000 else {
            return EditedResponse(status: .badRequest, response: "Missing or incorrectly formatted time stamp")
        }
        if body.device_token == "down" {
            return EditedResponse(status: .internalServerError, response: "")
        }
        if body.device_token.hasPrefix("valid") {
            return EditedResponse(status: .ok, response: "")
        }
        return EditedResponse(status: .badRequest, response: "Missing or incorrectly formatted device token payload")
    }

    private func authorizationIsValid(_ authorization: String?) async -> Bool {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return false }
        let jwt = String(authorization.dropFirst("Bearer ".count))
        guard let encodedHeader = jwt.split(separator: ".").first,
            let headerData = Data(base64Encoded: Self.padded(encodedHeader)),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            header.alg == "ES256", header.kid == keyID,
            let publicKey = try? ES256PublicKey(pem: publicKeyPEM)
        else { return false }
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: publicKey, kid: JWKIdentifier(string: keyID))
        guard let claims = try? await keys.verify(jwt, as: Claims.self) else { return false }
        return claims.iss.value == teamID && abs(claims.iat.value.timeIntervalSinceNow) < 60
    }

    private static func padded(_ base64URL: Substring) -> String {
        var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return text
    }
}
