import AIServerKit
import Foundation
import HTTPTypes

/// What a route answers, before any misbehavior is applied.
struct ResponsePlan {
    enum Body {
        /// A complete body.
        case full([UInt8])
        /// A `text/event-stream` body, one element per event (each with its trailing blank line).
        case events([[UInt8]])
        /// A stream of `count` copies of `event`, then `trailer`, produced lazily (for benchmarks).
        case repeated(prefix: [UInt8], event: [UInt8], count: Int, trailer: [[UInt8]])
        /// A `text/event-stream` body whose events are written as they happen (a Managed Agents session's stream).
        case live(SandboxLiveStream)
    }

    var status: Int
    var headers: HTTPFields
    var body: Body

    init(status: Int, headers: HTTPFields, body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plan with one `Content-Type`.
    init(status: Int, contentType: String, body: Body) {
        self.init(status: status, headers: [.contentType: contentType], body: body)
    }

    /// Adds a header field (a name that can't be one is a programming error in the sandbox).
    mutating func addHeader(_ name: String, _ value: String) {
        guard let fieldName = HTTPField.Name(name) else { preconditionFailure("\(name) is not a header name") }
        headers.append(HTTPField(name: fieldName, value: value))
    }

    static let eventStreamHeaders: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"]

    static func json(_ value: JSON, status: Int = 200) -> ResponsePlan {
        ResponsePlan(
            status: status, headers: [.contentType: "application/json"], body: .full(Array(value.serialized())))
    }

    static func events(_ payloads: [JSON], done: Bool = true) -> ResponsePlan {
        var events = payloads.map { JSONText.sseEvent($0) }
        if done { events.append(Array("data: [DONE]\n\n".utf8)) }
        return ResponsePlan(
            status: 200, headers: Self.eventStreamHeaders,
            body: .events(events))
    }

    /// An Anthropic-style stream: every event has an `event:` line; there is no `[DONE]`.
    static func namedEvents(_ events: [(String, JSON)]) -> ResponsePlan {
        ResponsePlan(
            status: 200, headers: Self.eventStreamHeaders,
            body: .events(events.map { JSONText.sseEvent($0.1, event: $0.0) }))
    }

    static func error(status: Int, message: String, type: String, code: String? = nil, param: String? = nil) -> ResponsePlan {
        .json(
            ["error": ["message": .string(message), "type": .string(type), "code": JSON(code), "param": JSON(param)]] as JSON,
            status: status)
    }
}

/// JSON text for responses: keys sorted, as the sandbox has always written it (never with the SDK's models).
enum JSONText {
    static func encode(_ value: JSON) -> [UInt8] {
        Array(value.serialized())
    }

    static func string(_ value: JSON) -> String {
        value.serializedString()
    }

    static func sseEvent(_ value: JSON, event: String? = nil) -> [UInt8] {
        var text = event.map { "event: \($0)\n" } ?? ""
        text += "data: "
        return Array(text.utf8) + encode(value) + Array("\n\n".utf8)
    }
}
