import AIServerKit
import Foundation

/// One Responses WebSocket (`GET /v1/responses` upgraded) as the sandbox keeps it.
///
/// `response.create` runs as `POST /v1/responses` does — stored, chained with `previous_response_id`, in
/// conversations — and its events are played out one response after another, each event carrying the lane
/// (`stream_id`) it was asked on. A refused create is an `error` event (with the HTTP `status`); the socket stays
/// open.
///
/// `response.steer` is accepted while its response is being played out: that response then ends `incomplete`
/// (reason `steered`) and a successor continues from it with the steering input and the same settings. Steering a
/// finished response that stopped for the client's tool output is accepted and held (`response.steer.pending` with
/// the stubs to fill); anything else is `response.steer.failed` with the API's codes.
final class ResponsesSocketState: SandboxSocketConversation {
    let recordedPath = "/v1/responses"
    var greeting: JSON? { nil }

    private let responses: OpenAIResponses
    private let answer: SandboxBehavior.ModelAnswer?
    /// The requests of the responses created on this socket, with their lanes.
    private var requests: [String: (body: JSON, lane: String?)] = [:]
    private var playing: String?
    private var finished: Set<String> = []
    private var steers = 0
    /// Numbers the steering events sent outside a response's own events.
    private var sequence = 0

    /// The output item types the client answers (its tools' results, approvals): a response that ends with one of
    /// them waits for the client.
    private static let clientOwned: [String: String] = [
        "function_call": "function_call_output", "custom_tool_call": "custom_tool_call_output",
        "computer_call": "computer_call_output", "shell_call": "shell_call_output",
        "apply_patch_call": "apply_patch_call_output", "mcp_approval_request": "mcp_approval_response",
    ]

    init(responses: OpenAIResponses, answer: SandboxBehavior.ModelAnswer?) {
        self.responses = responses
        self.answer = answer
    }

    func started(_ id: String) { playing = id }

    func ended(_ id: String) {
        if playing == id { playing = nil }
        finished.insert(id)
    }

    func unknownEvent() -> JSON {
        ["type": "response.sandbox_future_event", "sequence_number": 0, "detail": "an event type no client knows yet"]
    }

    func failure(responseID: String) -> [JSON] {
        playing = nil
        finished.insert(responseID)
        var event = Self.error(status: 500, type: "server_error", code: "server_error", message: "The sandbox failed in the middle of the response.")
        event["sequence_number"] = 0
        if let lane = requests[responseID]?.lane { event["stream_id"] = .string(lane) }
        return [event]
    }

    func handle(_ text: String) -> [SandboxSocketOutput] {
        guard let event = try? JSON(parsing: Data(text.utf8)), event.object != nil else {
            return [.event(Self.error(status: 400, code: "invalid_json", message: "The message is not a JSON object."))]
        }
        switch event["type"]?.string {
        case "response.create": return create(event)
        case "response.steer": return steer(event)
        case let type?:
            return [.event(Self.error(status: 400, code: "invalid_value", message: "Unsupported event type '\(type)'.", param: "type"))]
        case nil:
            return [.event(Self.error(status: 400, code: "missing_required_parameter", message: "Missing required parameter: 'type'.", param: "type"))]
        }
    }

    // MARK: - response.create

    private func create(_ event: JSON) -> [SandboxSocketOutput] {
        var body = event
        body["type"] = nil
        body["stream_id"] = nil
        body["stream"] = true
        let lane = event["stream_id"]?.string
        switch start(body, lane: lane) {
        case .success(let response): return [.response(id: response.id, events: response.events)]
        case .failure(let refusal): return [.event(refusal.event)]
        }
    }

    /// A create that was refused: its `error` event, with the HTTP route's status and error.
    private struct Refusal: Error {
        var event: JSON
    }

    /// Runs a create: the response's events on `lane`, or the `error` event of its refusal.
    private func start(_ body: JSON, lane: String?) -> Result<(id: String, events: [JSON]), Refusal> {
        switch responses.make(body, answer: answer) {
        case .made(_, let streamed):
            let id = streamed["id"]?.string ?? ""
            requests[id] = (body, lane)
            return .success((id, OpenAIResponses.events(for: streamed).map { _, event in Self.onLane(event, lane) }))
        case .refused(let plan):
            guard case .full(let bytes) = plan.body, let answer = try? JSON(parsing: Data(bytes)), let error = answer["error"] else {
                return .failure(Refusal(event: Self.onLane(
                    Self.error(status: plan.status, type: "server_error", code: "server_error", message: "The response could not be created."), lane)))
            }
            return .failure(Refusal(event: Self.onLane(["type": "error", "status": .int(plan.status), "error": error], lane)))
        }
    }

    // MARK: - response.steer

    private func steer(_ event: JSON) -> [SandboxSocketOutput] {
        let target = event["previous_response_id"]?.string ?? ""
        let input = event["input"] ?? .null
        let lane = requests[target]?.lane
        func failed(_ code: String, _ message: String, id: String? = nil) -> [SandboxSocketOutput] {
            var steer: JSON = ["input": input, "previous_response_id": .string(target)]
            if let id { steer["id"] = .string(id) }
            return [.event(numbered(Self.onLane([
                "type": "response.steer.failed", "steer": steer,
                "error": ["type": "invalid_request_error", "code": .string(code), "message": .string(message)],
            ], lane)))]
        }
        if let problem = Self.steeringProblem(event) { return failed("invalid_input", problem) }
        guard let request = requests[target] else {
            return failed("response_not_found", "Response '\(target)' is not available on this connection.")
        }
        steers += 1
        let id = "steer_sandbox_\(steers)"
        let receipt: JSON = ["id": .string(id), "previous_response_id": .string(target)]
        let accepted = Self.onLane(["type": "response.steer.accepted", "steer": receipt], lane)
        if playing == target {
            var successor = request.body
            successor["input"] = input
            successor["previous_response_id"] = .string(target)
            guard case .success(let next) = start(successor, lane: lane), let steered = responses.markSteered(target) else {
                return failed("successor_creation_failed", "The successor response could not be created.", id: id)
            }
            let incomplete = Self.onLane(["type": "response.incomplete", "response": steered], lane)
            let late = failed("response_already_completed", "Response '\(target)' completed and no longer accepts steering input.", id: id)
            return [.interrupt(id: target, events: [accepted, incomplete], next: next, otherwise: late.compactMap {
                if case .event(let event) = $0 { event } else { nil }
            })]
        }
        guard finished.contains(target) else {
            return failed("response_not_active", "Response '\(target)' is not accepting steering input yet.")
        }
        let stubs = (responses.stored(target)?["output"]?.objects ?? []).compactMap { item -> JSON? in
            guard let type = item["type"]?.string, let answerType = Self.clientOwned[type] else { return nil }
            var stub: JSON = ["type": .string(answerType)]
            if type == "mcp_approval_request" {
                stub["approval_request_id"] = item["id"] ?? .null
            } else {
                stub["call_id"] = item["call_id"] ?? .null
            }
            if type == "function_call" { stub["name"] = item["name"] ?? .null }
            return stub
        }
        guard !stubs.isEmpty else {
            return failed("response_already_completed", "Response '\(target)' completed and no longer accepts steering input.", id: id)
        }
        let pending = Self.onLane([
            "type": "response.steer.pending", "steer": receipt, "reason": "waiting_for_required_input", "required_input": .array(stubs),
        ], lane)
        return [.event(numbered(accepted)), .event(numbered(pending))]
    }

    /// Why a `response.steer` event can't be taken (nil: it can): it carries only `type`, `previous_response_id` and
    /// `input`, and the input is text or user messages of text, image and file parts.
    private static func steeringProblem(_ event: JSON) -> String? {
        let extra = (event.object ?? [:]).keys.filter { !["type", "previous_response_id", "input"].contains($0) }.sorted()
        if !extra.isEmpty { return "response.steer accepts only type, previous_response_id and input, not \(extra.joined(separator: ", "))." }
        guard event["previous_response_id"]?.string?.isEmpty == false else { return "previous_response_id is required." }
        if let text = event["input"]?.string { return text.isEmpty ? "input must not be empty." : nil }
        guard let items = event["input"]?.objects, !items.isEmpty else { return "input must be a string or a non-empty list of messages." }
        for item in items {
            guard item["type"]?.string ?? "message" == "message", item["role"]?.string == "user" else {
                return "Steering input accepts only user messages."
            }
            if item["content"]?.string != nil { continue }
            let kinds = ["input_text", "input_image", "input_file"]
            guard let parts = item["content"]?.objects, parts.allSatisfy({ kinds.contains($0["type"]?.string ?? "") }) else {
                return "A steering message's content is text, or input_text, input_image and input_file parts."
            }
        }
        return nil
    }

    // MARK: - Events

    private func numbered(_ event: JSON) -> JSON {
        var event = event
        event["sequence_number"] = .int(sequence)
        sequence += 1
        return event
    }

    private static func onLane(_ event: JSON, _ lane: String?) -> JSON {
        guard let lane else { return event }
        var event = event
        event["stream_id"] = .string(lane)
        return event
    }

    private static func error(status: Int, type: String = "invalid_request_error", code: String, message: String, param: String? = nil) -> JSON {
        [
            "type": "error", "status": .int(status),
            "error": ["type": .string(type), "code": .string(code), "message": .string(message), "param": JSON(param)],
        ]
    }
}
