import AIServerKit
import Foundation
import HTTPTypes

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
    private typealias Handler = @Sendable (RecordedRequest, SandboxState) -> ResponsePlan

    /// Every path under `/sandbox/`: the three resources, and a catch-all that answers the control API's 404.
    private static let routes: RouteTable<Handler> = {
        var table = RouteTable<Handler>()
        table.add(.post, "/sandbox/behaviors") { request, state in
            do {
                let spec = try SandboxBehaviorSpec(json: request.body)
                for _ in 0..<spec.times { state.enqueue(spec.behavior, path: spec.path) }
                return .json(["queued": .int(spec.times), "pending": .int(state.queuedPaths.count)] as JSON)
            } catch SandboxError.invalidBehavior(let reason) {
                return error(400, "Invalid behavior: \(reason).")
            } catch {
                return ControlAPI.error(400, "Invalid behavior: \(error).")
            }
        }
        table.add(.get, "/sandbox/behaviors") { _, state in
            .json(["object": "list", "data": .array(state.queuedPaths.map { ["path": JSON($0)] })] as JSON)
        }
        table.add(.get, "/sandbox/requests") { _, state in
            .json(["object": "list", "data": .array(state.requests.map(describe))] as JSON)
        }
        table.add(.post, "/sandbox/reset") { _, state in
            state.reset()
            return .json(["reset": true] as JSON)
        }
        for method in SandboxRoutes.anyMethod {
            table.add(method, "/sandbox/{rest...}") { request, _ in
                error(404, "No sandbox control route \(request.path); there are /sandbox/behaviors, /sandbox/requests and /sandbox/reset.")
            }
        }
        return table
    }()

    /// The control API's answer, or nil for a request that is not for it.
    static func plan(for method: HTTPRequest.Method, _ request: RecordedRequest, state: SandboxState) -> ResponsePlan? {
        var plan: ResponsePlan
        switch routes.match(method, path: request.path) {
        case .found(let handler, _):
            plan = handler(request, state)
        case .methodNotAllowed(let allowed):
            let names = allowed.map(\.rawValue)
            plan = error(405, "\(request.path) takes \(names.joined(separator: " or ")), not \(request.method).")
            plan.addHeader("Allow", names.joined(separator: ", "))
        case .notFound:
            return nil
        }
        plan.addHeader("x-sandbox-control", "1")
        return plan
    }

    private static func error(_ status: Int, _ message: String) -> ResponsePlan {
        .json(["error": ["type": "sandbox_control_error", "message": .string(message)]] as JSON, status: status)
    }

    /// A recorded request as JSON, credentials masked.
    static func describe(_ request: RecordedRequest) -> JSON {
        var object: JSON = [
            "method": .string(request.method), "path": .string(request.path),
            "query": .array(request.query.map { JSON([$0.name, $0.value]) }),
            "headers": .array(request.headers.map { JSON([$0.name.rawName, maskedIfCredential(name: $0.name.rawName, value: $0.value)]) }),
        ]
        if let text = String(data: request.body, encoding: .utf8) {
            object["body"] = .string(text)
        } else {
            object["body_base64"] = .string(request.body.base64EncodedString())
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
