import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import RelayCore

/// Validates AIProxy's `aiproxy-devicecheck` tokens with Apple (`POST {endpoint}/v1/validate_device_token`),
/// authorised by a JWT signed with the developer's DeviceCheck key. A token Apple accepted is remembered (by its
/// hash) for `cacheLifetime`, so a device's burst of requests costs one call to Apple.
public actor DeviceCheckValidator {
    private let httpClient: HTTPClient
    private let timeoutSeconds: Int64
    private let logger: Logger
    private var cache: DeviceCheckCache

    /// The largest token sent to Apple; real ones are a few kilobytes.
    static let maximumTokenBytes = 16 * 1024

    /// - Parameters:
    ///   - httpClient: the client Apple is called with; the shared one unless the relay has its own.
    ///   - timeoutSeconds: how long one call to Apple may take before the device is answered "unavailable".
    ///   - cacheLifetime: how long a validated token is accepted again without asking Apple, in seconds.
    ///   - cacheCapacity: the most tokens remembered at once (each costs a hash and a date).
    public init(
        httpClient: HTTPClient = .shared,
        timeoutSeconds: Int64 = 10,
        cacheLifetime: TimeInterval = 300,
        cacheCapacity: Int = 10_000,
        logger: Logger = Logger(label: "relay.devicecheck")
    ) {
        self.httpClient = httpClient
        self.timeoutSeconds = timeoutSeconds
        self.logger = logger
        self.cache = DeviceCheckCache(lifetime: cacheLifetime, capacity: cacheCapacity)
    }

    /// Returns when Apple accepts `deviceToken` for the developer `settings` name (or accepted it recently).
    ///
    /// - Parameters:
    ///   - privateKeyPEM: reads the project's DeviceCheck `.p8` key; only called when Apple must be asked.
    /// - Throws: `DeviceCheckError.invalidToken` when Apple refuses the token, `.keyUnavailable` when the key can't
    ///   be read, `.unavailable` when Apple can't be asked or answers otherwise.
    public func validate(
        deviceToken: String,
        settings: DeviceCheckSettings,
        now: Date,
        privateKeyPEM: @Sendable () async throws(DeviceCheckError) -> String
    ) async throws(DeviceCheckError) {
        guard !deviceToken.isEmpty, deviceToken.utf8.count <= Self.maximumTokenBytes else { throw .invalidToken }
        let endpoint = settings.endpoint.hasSuffix("/") ? String(settings.endpoint.dropLast()) : settings.endpoint
        let key = DeviceCheckCache.key(token: deviceToken, teamID: settings.teamID, endpoint: endpoint)
        if cache.contains(key, now: now) { return }

        let authorization = try await Self.authorization(
            settings: settings, privateKeyPEM: try await privateKeyPEM(), now: now)
        try await ask(endpoint: endpoint, deviceToken: deviceToken, authorization: authorization, now: now)
        cache.insert(key, now: now)
    }

    /// The number of tokens remembered, for tests and metrics.
    public var cachedTokenCount: Int { cache.count }

    private static func authorization(settings: DeviceCheckSettings, privateKeyPEM: String, now: Date)
        async throws(DeviceCheckError) -> String
    {
        let signingKey: ES256PrivateKey
        do {
            signingKey = try ES256PrivateKey(pem: privateKeyPEM)
        } catch {
            throw .keyUnavailable("the secret \(settings.keySecretName) is not a P-256 private key in PEM")
        }
        let keys = JWTKeyCollection()
        let kid = JWKIdentifier(string: settings.keyID)
        await keys.add(ecdsa: signingKey, kid: kid)
        do {
            let claims = AppleDeviceCheckClaims(
                iss: IssuerClaim(value: settings.teamID), iat: IssuedAtClaim(value: now))
            return try await keys.sign(claims, kid: kid)
        } catch {
            throw .keyUnavailable("the DeviceCheck authorization could not be signed")
        }
    }

    private func ask(endpoint: String, deviceToken: String, authorization: String, now: Date)
        async throws(DeviceCheckError)
    {
        var request = HTTPClientRequest(url: endpoint + "/v1/validate_device_token")
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer \(authorization)")
        request.headers.add(name: "content-type", value: "application/json")
        let body = AppleValidationRequest(
            deviceToken: deviceToken,
            transactionID: UUID().uuidString,
            timestamp: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
        do {
            request.body = .bytes(try JSONEncoder().encode(body))
        } catch {
            throw .unavailable("the request to Apple could not be encoded")
        }

        let status: UInt
        let text: String
        do {
            let response = try await httpClient.execute(request, timeout: .seconds(timeoutSeconds), logger: logger)
            status = response.status.code
            let bytes = try await response.body.collect(upTo: 64 * 1024)
            text = String(decoding: bytes.readableBytesView, as: UTF8.self)
        } catch {
            logger.debug("DeviceCheck: Apple could not be reached", metadata: ["error": "\(type(of: error))"])
            throw .unavailable("Apple could not be reached")
        }
        switch status {
        case 200:
            return
        case 400 where text.localizedCaseInsensitiveContains("device token"):
            throw .invalidToken
        default:
            logger.debug("DeviceCheck: unexpected answer from Apple", metadata: ["status": "\(status)"])
            throw .unavailable("Apple answered \(status)")
        }
    }
}

/// The body of Apple's `validate_device_token`.
private struct AppleValidationRequest: Encodable {
    var deviceToken: String
    var transactionID: String
    /// Milliseconds since 1970.
    var timestamp: Int64

    enum CodingKeys: String, CodingKey {
        case deviceToken = "device_token"
        case transactionID = "transaction_id"
        case timestamp
    }
}
