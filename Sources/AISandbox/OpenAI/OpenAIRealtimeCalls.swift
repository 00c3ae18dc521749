import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// `/v1/realtime/calls` and `/v1/realtime/translations/client_secrets`.
///
/// A WebRTC call (`POST /realtime/calls`, an SDP offer) is answered with an SDP answer that mirrors the offer's
/// media sections, and starts `active`. An incoming SIP call is made with ``Sandbox/receiveSIPCall(from:to:)``
/// and starts `incoming`: accept makes it `active`, reject ends it `rejected`; refer ends an active SIP call
/// `referred`; hangup ends an active or incoming call `ended`. Anything else on a call answers 400, and an unknown
/// call 404.
final class OpenAIRealtimeCalls: Sendable {
    private struct Call: Sendable {
        var status: String
        let isSIP: Bool
    }

    private struct State: Sendable {
        var ids = SandboxCounter()
        var secrets = SandboxCounter()
        var calls: [String: Call] = [:]
    }

    private let state = NIOLockedValueBox(State())

    static func store(_ state: SandboxState) -> OpenAIRealtimeCalls {
        state.store(OpenAIRealtimeCalls.self) { OpenAIRealtimeCalls() }
    }

    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/realtime/calls") { route in store(route.state).create(route.request) }
        routes.add(.post, "/v1/realtime/calls/{call_id}/{action}") { route in
            store(route.state).control(route.parameter("call_id"), action: route.parameter("action"), route.request)
        }
        routes.add(.post, "/v1/realtime/translations/client_secrets") { route in store(route.state).translationSecret(route.json) }
    }

    /// A new incoming SIP call, waiting to be accepted or rejected; its id.
    func receiveSIPCall() -> String {
        state.withLockedValue { state in
            let id = state.ids.nextID("rtc", separator: "_sandbox_sip_")
            state.calls[id] = Call(status: "incoming", isSIP: true)
            return id
        }
    }

    /// `incoming`, `active`, `ended`, `rejected` or `referred`; nil for an unknown call.
    func status(of id: String) -> String? {
        state.withLockedValue { $0.calls[id]?.status }
    }

    private static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    // MARK: WebRTC

    /// `POST /realtime/calls`: the offer as an `application/sdp` body, or as the `sdp` part of a multipart form
    /// with an optional `session` part (JSON).
    func create(_ request: RecordedRequest) -> ResponsePlan {
        let contentType = request.header("content-type")?.lowercased() ?? ""
        let offer: String
        if contentType.hasPrefix("application/sdp") {
            offer = String(decoding: request.body, as: UTF8.self)
        } else if let parts = Multipart.parse(request.body, contentType: request.header("content-type")) {
            guard let sdp = parts.first(where: { $0.name == "sdp" }) else { return Self.invalid("Missing required parameter: 'sdp'.", param: "sdp") }
            offer = String(decoding: sdp.data, as: UTF8.self)
            if let session = parts.first(where: { $0.name == "session" }) {
                guard let json = try? JSON(parsing: session.data), json.object != nil else {
                    return Self.invalid("The 'session' part must be a JSON object.", param: "session")
                }
                if let type = json["type"]?.string, type != "realtime" {
                    return Self.invalid("Invalid value for 'session.type': '\(type)'; a call needs a 'realtime' session.", param: "session.type")
                }
            }
        } else {
            return Self.invalid("Send the SDP offer as application/sdp or as multipart/form-data with an 'sdp' part.")
        }
        let id = state.withLockedValue { state in
            let id = state.ids.nextID("rtc", separator: "_sandbox_")
            state.calls[id] = Call(status: "active", isSIP: false)
            return id
        }
        guard let answer = SDPAnswer.answer(to: offer, callID: id) else {
            state.withLockedValue { _ = $0.calls.removeValue(forKey: id) }
            return Self.invalid("Invalid SDP offer: it needs a 'v=0' line and at least one 'm=' media section.", param: "sdp")
        }
        var plan = ResponsePlan(status: 201, contentType: "application/sdp", body: .full(Array(answer.utf8)))
        plan.addHeader("Location", "/v1/realtime/calls/\(id)")
        return plan
    }

    // MARK: Control

    /// `POST /realtime/calls/{id}/accept|hangup|refer|reject`: 200 with an empty body, as the API answers.
    func control(_ id: String, action: String, _ request: RecordedRequest) -> ResponsePlan {
        let body = request.jsonBody
        if !request.body.isEmpty, body == nil {
            return Self.invalid("We could not parse the JSON body of your request.")
        }
        switch action {
        case "accept":
            guard let body else { return Self.invalid("Missing required parameter: 'type'.", param: "type") }
            guard body["type"]?.string == "realtime" else {
                return Self.invalid("Invalid value for 'type': a call is accepted with a 'realtime' session.", param: "type")
            }
            return transition(id, action: action, from: ["incoming"], to: "active", sipOnly: true)
        case "reject":
            if let code = body?["status_code"] {
                guard let value = code.int, (400...699).contains(value) else {
                    return Self.invalid("'status_code' must be a SIP error code between 400 and 699.", param: "status_code")
                }
            }
            return transition(id, action: action, from: ["incoming"], to: "rejected", sipOnly: true)
        case "refer":
            guard let target = body?["target_uri"]?.string, !target.isEmpty else {
                return Self.invalid("Missing required parameter: 'target_uri'.", param: "target_uri")
            }
            guard target.hasPrefix("tel:") || target.hasPrefix("sip:") || target.hasPrefix("sips:") else {
                return Self.invalid("Invalid 'target_uri': '\(target)'; use a tel: or sip: URI.", param: "target_uri")
            }
            return transition(id, action: action, from: ["active"], to: "referred", sipOnly: true)
        case "hangup":
            return transition(id, action: action, from: ["active", "incoming"], to: "ended", sipOnly: false)
        default:
            return .error(status: 404, message: "Invalid URL (POST /v1/realtime/calls/\(id)/\(action))", type: "invalid_request_error")
        }
    }

    private func transition(_ id: String, action: String, from: Set<String>, to: String, sipOnly: Bool) -> ResponsePlan {
        state.withLockedValue { state in
            guard var call = state.calls[id] else {
                return .error(status: 404, message: "Call '\(id)' not found.", type: "invalid_request_error", param: "call_id")
            }
            if sipOnly, !call.isSIP {
                return Self.invalid("Call '\(id)' is a WebRTC call; only SIP calls can be sent '\(action)'.", param: "call_id")
            }
            guard from.contains(call.status) else {
                return Self.invalid("Cannot \(action) call '\(id)': it is \(call.status).", param: "call_id")
            }
            call.status = to
            state.calls[id] = call
            return ResponsePlan(status: 200, headers: [:], body: .full([]))
        }
    }

    // MARK: Translation client secrets

    /// `POST /realtime/translations/client_secrets`.
    func translationSecret(_ body: JSON) -> ResponsePlan {
        guard let session = body["session"], session.object != nil else {
            return Self.invalid("Missing required parameter: 'session'.", param: "session")
        }
        guard let model = session["model"]?.string, !model.isEmpty else {
            return Self.invalid("Missing required parameter: 'session.model'.", param: "session.model")
        }
        let seconds = body["expires_after"]?["seconds"]?.int ?? 600
        guard (10...7200).contains(seconds) else {
            return Self.invalid("'expires_after.seconds' must be between 10 and 7200.", param: "expires_after.seconds")
        }
        let count = state.withLockedValue { state in
            _ = state.secrets.nextID("ek")
            return state.secrets.count
        }
        let expiresAt = Int(Date().timeIntervalSince1970) + seconds
        let input = session["audio"]?["input"]
        let audio: JSON = [
            "input": ["transcription": input?["transcription"] ?? .null, "noise_reduction": input?["noise_reduction"] ?? .null],
            "output": ["language": session["audio"]?["output"]?["language"] ?? "en"],
        ]
        return .json([
            "value": .string("ek_sandbox_translation_\(String(format: "%04d", count))"), "expires_at": .int(expiresAt),
            "session": [
                "id": .string("sess_sandbox_translation_\(String(format: "%04d", count))"), "type": "translation",
                "expires_at": .int(expiresAt), "model": .string(model), "audio": audio,
            ],
        ] as JSON)
    }
}

extension Sandbox {
    /// Makes an incoming SIP call arrive, as when someone dials the project's SIP number, and returns its id: the
    /// call is `incoming` until it is accepted, rejected or hung up (`POST /v1/realtime/calls/{id}/…`).
    public func receiveSIPCall() -> String {
        OpenAIRealtimeCalls.store(state).receiveSIPCall()
    }

    /// The state of a Realtime call: `incoming`, `active`, `ended`, `rejected` or `referred`; nil for an unknown id.
    public func realtimeCallStatus(_ id: String) -> String? {
        OpenAIRealtimeCalls.store(state).status(of: id)
    }
}
