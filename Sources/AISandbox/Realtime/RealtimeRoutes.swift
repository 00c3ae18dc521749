import Foundation

/// The Realtime API's HTTP side: where sessions are opened (`GET /v1/realtime?model=…` upgraded to WebSocket,
/// Azure's `/openai/v1/realtime?model=…` and `/openai/realtime?deployment=…`) and ephemeral client secrets.
enum RealtimeRoutes {
    /// The paths that open a Realtime session.
    static func isSessionPath(_ path: String) -> Bool {
        path == "/v1/realtime" || path == "/openai/v1/realtime" || path == "/openai/realtime"
    }

    static func isClientSecretsPath(_ path: String) -> Bool {
        path == "/v1/realtime/client_secrets" || path == "/openai/v1/realtime/client_secrets"
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

    /// The HTTP answer to a Realtime path that did not become a WebSocket: 401 without valid credentials, 400 for
    /// a plain GET, the client secret for a POST to `client_secrets`; nil for other paths.
    static func plan(for request: RecordedRequest, state: SandboxState) -> ResponsePlan? {
        if isClientSecretsPath(request.path) {
            guard request.method == "POST" else { return .error(status: 405, message: "Use POST.", type: "invalid_request_error") }
            if state.requireAuthorization, request.header("authorization") == nil, request.header("api-key") == nil {
                return missingKey()
            }
            return mint(request.json ?? [:], state: state)
        }
        guard isSessionPath(request.path) else { return nil }
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
    private static func mint(_ json: [String: Any], state: SandboxState) -> ResponsePlan {
        var session = json["session"] as? [String: Any] ?? [:]
        if let type = session["type"] as? String, type != "realtime" {
            return .error(status: 400, message: "Invalid session type '\(type)'.", type: "invalid_request_error", code: "invalid_value", param: "session.type")
        }
        let seconds = (json["expires_after"] as? [String: Any])?["seconds"] as? Int ?? 600
        guard (10...7200).contains(seconds) else {
            return .error(
                status: 400, message: "expires_after.seconds must be between 10 and 7200.", type: "invalid_request_error",
                code: "invalid_value", param: "expires_after.seconds")
        }
        let expiresAt = Int(Date().timeIntervalSince1970) + seconds
        session = RealtimeSessionState.defaults(model: session["model"] as? String ?? "gpt-realtime").merging(session) { _, new in new }
        session["id"] = "sess_sandbox_\(state.realtimeSecrets.count + 1)"
        session["expires_at"] = expiresAt
        let value = state.realtimeSecrets.mint(session: session, expiresAt: expiresAt)
        return .json(["value": value, "expires_at": expiresAt, "session": session] as [String: Any])
    }
}

/// The client secrets this sandbox minted, with the session each one is for.
final class RealtimeSecrets: @unchecked Sendable {
    private let lock = NSLock()
    private var secrets: [String: (session: [String: Any], expiresAt: Int)] = [:]

    var count: Int { lock.withLock { secrets.count } }

    func mint(session: [String: Any], expiresAt: Int) -> String {
        lock.withLock {
            let value = "ek_sandbox_\(secrets.count + 1)_\(UInt32.random(in: 0...UInt32.max))"
            secrets[value] = (session, expiresAt)
            return value
        }
    }

    /// The session of an unexpired secret.
    func session(for value: String) -> [String: Any]? {
        lock.withLock {
            guard let entry = secrets[value], entry.expiresAt > Int(Date().timeIntervalSince1970) else { return nil }
            return entry.session
        }
    }
}
