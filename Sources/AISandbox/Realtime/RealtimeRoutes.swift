import AIServerKit
import Foundation
import Synchronization

/// The Realtime API's HTTP side: where sessions are opened (`GET /v1/realtime?model=…` upgraded to WebSocket,
/// Azure's `/openai/v1/realtime?model=…` and `/openai/realtime?deployment=…`) and ephemeral client secrets.
enum RealtimeRoutes {
    /// The paths that open a Realtime session.
    static let sessionPaths: Set<String> = ["/v1/realtime", "/openai/v1/realtime", "/openai/realtime"]

    static let clientSecretsPaths = ["/v1/realtime/client_secrets", "/openai/v1/realtime/client_secrets"]

    static func isSessionPath(_ path: String) -> Bool { sessionPaths.contains(path) }

    /// The HTTP side: a session path that did not become a WebSocket (any method: 401 without valid credentials,
    /// else 400), and client secrets (POST; another method is 405 in the API's shape).
    static func register(on routes: inout SandboxRoutes) {
        for path in sessionPaths.sorted() {
            routes.add(SandboxRoutes.anyMethod, RoutePattern(path)) { route in sessionPlan(route.request, state: route.state) }
        }
        for path in clientSecretsPaths {
            routes.add(SandboxRoutes.anyMethod, RoutePattern(path)) { route in
                guard route.request.method == "POST" else {
                    return .error(status: 405, message: "Use POST.", type: "invalid_request_error")
                }
                if route.state.requireAuthorization, route.request.header("authorization") == nil, route.request.header("api-key") == nil {
                    return missingKey()
                }
                return mint(route.json, state: route.state)
            }
        }
    }

    /// Whether a handshake may become a session: credentials present (when required), and an `ek_` key one that
    /// this sandbox minted and that has not expired.
    static func isAuthorized(_ request: RecordedRequest, state: SandboxState) -> Bool {
        let bearer = request.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        if let bearer, bearer.hasPrefix("ek_") { return state.realtimeSecrets.session(for: bearer) != nil }
        guard state.requireAuthorization else { return true }
        return (bearer.map { !$0.isEmpty } ?? false) || request.header("api-key") != nil
    }

    /// The model a handshake asks for: `model`, or Azure's `deployment`.
    static func model(of request: RecordedRequest) -> String {
        request.queryValue("model") ?? request.queryValue("deployment") ?? "gpt-realtime"
    }

    private static func sessionPlan(_ request: RecordedRequest, state: SandboxState) -> ResponsePlan {
        guard isAuthorized(request, state: state) else {
            let bearer = request.header("authorization").map { $0.dropFirst("Bearer ".count) } ?? ""
            return bearer.isEmpty && request.header("api-key") == nil ? missingKey() : unauthorized()
        }
        return .error(
            status: 400, message: "The Realtime API is reached over WebSocket: send an Upgrade: websocket request.",
            type: "invalid_request_error", code: "websocket_required")
    }

    private static func missingKey() -> ResponsePlan {
        .error(
            status: 401,
            message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            type: "invalid_request_error", code: "invalid_api_key")
    }

    private static func unauthorized() -> ResponsePlan {
        .error(
            status: 401, message: "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
            type: "invalid_request_error", code: "invalid_api_key")
    }

    /// `POST /v1/realtime/client_secrets`: an `ek_` key bound to the session asked for.
    private static func mint(_ json: JSON, state: SandboxState) -> ResponsePlan {
        var session = json["session"]?.object ?? [:]
        if let type = session["type"]?.string, type != "realtime" {
            return .error(status: 400, message: "Invalid session type '\(type)'.", type: "invalid_request_error", code: "invalid_value", param: "session.type")
        }
        let seconds = json["expires_after"]?["seconds"]?.int ?? 600
        guard (10...7200).contains(seconds) else {
            return .error(
                status: 400, message: "expires_after.seconds must be between 10 and 7200.", type: "invalid_request_error",
                code: "invalid_value", param: "expires_after.seconds")
        }
        let expiresAt = Int(Date().timeIntervalSince1970) + seconds
        let defaults = RealtimeSessionState.defaults(model: session["model"]?.string ?? "gpt-realtime")
        session = defaults.merging(session) { _, new in new }
        session["id"] = .string("sess_sandbox_\(state.realtimeSecrets.count + 1)")
        session["expires_at"] = .int(expiresAt)
        let value = state.realtimeSecrets.mint(session: session, expiresAt: expiresAt)
        return .json(["value": .string(value), "expires_at": .int(expiresAt), "session": .object(session)] as JSON)
    }
}

/// The client secrets this sandbox minted, with the session each one is for.
final class RealtimeSecrets: Sendable {
    private struct Secret {
        var session: [String: JSON]
        var expiresAt: Int
    }

    private let secrets = Mutex<[String: Secret]>([:])

    var count: Int { secrets.withLock { $0.count } }

    func mint(session: [String: JSON], expiresAt: Int) -> String {
        secrets.withLock { secrets in
            let value = "ek_sandbox_\(secrets.count + 1)_\(UInt32.random(in: 0...UInt32.max))"
            secrets[value] = Secret(session: session, expiresAt: expiresAt)
            return value
        }
    }

    /// The session of an unexpired secret.
    func session(for value: String) -> [String: JSON]? {
        secrets.withLock { secrets in
            guard let entry = secrets[value], entry.expiresAt > Int(Date().timeIntervalSince1970) else { return nil }
            return entry.session
        }
    }
}
