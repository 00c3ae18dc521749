import Foundation

/// The sandbox's own HTTP API, so tests written in any language can make it misbehave and read what it saw.
///
/// - `POST /sandbox/behaviors`: queue a behavior (the JSON form of ``SandboxBehaviorSpec``); answers how many
///   behaviors are now waiting.
/// - `GET /sandbox/behaviors`: the queued behaviors' paths, in order.
/// - `GET /sandbox/requests`: every API request recorded so far (credential headers masked to their last
///   4 characters; a body that is not UTF-8 comes as `body_base64`).
/// - `POST /sandbox/reset`: forget recorded requests and queued behaviors.
///
/// It cannot be mistaken for an API route: it lives under `/sandbox/`, which neither provider's API uses; its
/// requests are never recorded, never take a queued behavior and need no API key; its answers carry
/// `x-sandbox-control: 1`; a wrong method is 405 and an unknown path 404 in its own error shape.
enum ControlAPI {
    static let prefix = "/sandbox/"

    static func isControl(_ path: String) -> Bool { path.hasPrefix(prefix) }

    static func plan(for request: RecordedRequest, state: SandboxState) -> ResponsePlan {
        var plan = route(request, state: state)
        plan.headers.append(("x-sandbox-control", "1"))
        return plan
    }

    private static func route(_ request: RecordedRequest, state: SandboxState) -> ResponsePlan {
        let resource = String(request.path.dropFirst(prefix.count))
        let methods: [String: [String]] = ["behaviors": ["GET", "POST"], "requests": ["GET"], "reset": ["POST"]]
        guard let allowed = methods[resource] else {
            return error(404, "No sandbox control route \(request.path); there are /sandbox/behaviors, /sandbox/requests and /sandbox/reset.")
        }
        guard allowed.contains(request.method) else {
            var plan = error(405, "\(request.path) takes \(allowed.joined(separator: " or ")), not \(request.method).")
            plan.headers.append(("Allow", allowed.joined(separator: ", ")))
            return plan
        }
        switch (request.method, resource) {
        case ("POST", "behaviors"):
            do {
                let spec = try SandboxBehaviorSpec(json: request.body)
                for _ in 0..<spec.times { state.enqueue(spec.behavior, path: spec.path) }
                return .json(["queued": spec.times, "pending": state.queuedPaths.count])
            } catch SandboxError.invalidBehavior(let reason) {
                return error(400, "Invalid behavior: \(reason).")
            } catch {
                return self.error(400, "Invalid behavior: \(error).")
            }
        case ("GET", "behaviors"):
            return .json(["object": "list", "data": state.queuedPaths.map { ["path": $0 as Any? ?? NSNull()] }])
        case ("GET", "requests"):
            return .json(["object": "list", "data": state.requests.map(describe)])
        default:
            state.reset()
            return .json(["reset": true])
        }
    }

    private static func error(_ status: Int, _ message: String) -> ResponsePlan {
        .json(["error": ["type": "sandbox_control_error", "message": message]], status: status)
    }

    /// A recorded request as JSON, credentials masked.
    static func describe(_ request: RecordedRequest) -> [String: Any] {
        var object: [String: Any] = [
            "method": request.method, "path": request.path,
            "query": request.query.map { [$0.name, $0.value] },
            "headers": request.headers.map { [$0.name, maskedIfCredential(name: $0.name, value: $0.value)] },
        ]
        if let text = String(data: request.body, encoding: .utf8) {
            object["body"] = text
        } else {
            object["body_base64"] = request.body.base64EncodedString()
        }
        return object
    }

    private static let credentialHeaders: Set<String> = [
        "authorization", "proxy-authorization", "api-key", "x-api-key", "aiproxy-partial-key", "cookie",
    ]

    /// `Bearer sk-…1234`: the scheme and the last 4 characters of a credential, so a test can tell which key
    /// was sent without the key being handed out again.
    static func maskedIfCredential(name: String, value: String) -> String {
        guard credentialHeaders.contains(name.lowercased()) else { return value }
        var scheme = ""
        var secret = Substring(value)
        if let space = value.firstIndex(of: " ") {
            scheme = String(value[...space])
            secret = value[value.index(after: space)...]
        }
        return scheme + (secret.count >= 12 ? "…" + secret.suffix(4) : "…")
    }
}
