import Foundation

/// `data: [DONE]`, made once (a generic type can't hold static stored properties).
private let doneMarker = Data("[DONE]".utf8)
/// The start of an error payload sent without an `event: error` line.
private let errorTypePrefix: StaticString = #"{"type":"error""#

/// Whether `data` starts with `prefix`, by one `memcmp` (`Data.starts(with:)` walks both through iterators: 3%
/// of a chat stream's CPU, measured with perf).
private func hasPrefix(_ data: Data, _ prefix: StaticString) -> Bool {
    guard data.count >= prefix.utf8CodeUnitCount else { return false }
    return data.withUnsafeBytes { memcmp($0.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0 }
}

/// Which events of a stream carry elements. Not nested in the generic handler, so reading it per event
/// needs no generic metadata.
package enum StreamEventSelection: Sendable {
    /// Only events without an `event:` name (or named `message`, the default name): any other named
    /// event (`ping`, or one a server adds later) is skipped, never decoded as an element.
    case unnamed
    /// Every event except the listed names.
    case all(except: Set<String>)
    /// Only named events (the name says how to decode the payload).
    case named
}

/// The one handler of the providers' JSON event streams (chat chunks, Responses events, Assistants events,
/// Anthropic events), configured by a provider's ``Rules``.
///
/// For every event it: skips empty payloads and events the provider doesn't send elements in; stops at the
/// end marker; throws an in-stream error (an `error` event, a `{"type":"error"…}` or `{"error":…}` payload,
/// or an element the rules call an error) as ``APIError``; decodes the payload, wrapping a failure as
/// `.decoding` with the payload kept; and remembers whether the final element arrived, so a body that ends
/// before it is reported as truncated (`.connection`) instead of looking like a complete answer.
package struct EventStreamHandler<Element: Sendable>: StreamHandler {
    /// A provider's stream conventions.
    package struct Rules: Sendable {
        /// Which events carry elements.
        package typealias Events = StreamEventSelection

        /// What the `data: [DONE]` end marker does.
        package enum EndMarker: Sendable {
            /// Ends the stream.
            case finish
            /// Yields this element as the final one, then ends the stream.
            case yield(Element)
        }

        package var events: Events
        package var endMarker: EndMarker?
        /// Decodes one event's payload.
        package var decode: @Sendable (ServerSentEvent, FastJSONDecoder) throws -> Element
        /// Whether a decoded element reports an error (e.g. a Responses `error` event).
        package var isError: @Sendable (Element) -> Bool
        /// Whether an element completes the answer, so the stream may end after it.
        package var isFinal: @Sendable (Element) -> Bool
        /// Whether the stream ends right after the final element instead of reading to the end of the body.
        package var finishesAfterFinal: Bool
        /// What the payload is, for decoding errors (e.g. "a stream chunk").
        package var payloadName: String
        /// What was missing when the body ended early, after "The stream ended before ".
        package var missingEnd: String

        package init(
            events: Events, endMarker: EndMarker? = nil,
            decode: @escaping @Sendable (ServerSentEvent, FastJSONDecoder) throws -> Element,
            isError: @escaping @Sendable (Element) -> Bool = { _ in false },
            isFinal: @escaping @Sendable (Element) -> Bool, finishesAfterFinal: Bool = false,
            payloadName: String, missingEnd: String
        ) {
            self.events = events
            self.endMarker = endMarker
            self.decode = decode
            self.isError = isError
            self.isFinal = isFinal
            self.finishesAfterFinal = finishesAfterFinal
            self.payloadName = payloadName
            self.missingEnd = missingEnd
        }
    }

    // The rules' parts are kept apart so that each event reads only what it needs (copying the whole generic
    // `Rules` value per event would cost retains and metadata lookups on the hottest path of every stream).
    private let events: StreamEventSelection
    private let endMarker: Rules.EndMarker?
    private let decode: @Sendable (ServerSentEvent, FastJSONDecoder) throws -> Element
    private let isError: @Sendable (Element) -> Bool
    private let isFinal: @Sendable (Element) -> Bool
    private let finishesAfterFinal: Bool
    private let payloadName: String
    private let missingEnd: String
    private let decoder = FastJSONDecoder()
    private var sawFinal = false

    package init(_ rules: Rules) {
        events = rules.events
        endMarker = rules.endMarker
        decode = rules.decode
        isError = rules.isError
        isFinal = rules.isFinal
        finishesAfterFinal = rules.finishesAfterFinal
        payloadName = rules.payloadName
        missingEnd = rules.missingEnd
    }

    package mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Element> {
        if sawFinal, finishesAfterFinal { return .finish }
        let data = event.data
        if data.isEmpty { return .skip }
        // Length first: reading `endMarker` copies a generic enum, which shouldn't happen for every event.
        if data.count == 6, data == doneMarker, let marker = endMarker {
            switch marker {
            case .finish:
                return .finish
            case .yield(let element):
                sawFinal = true
                return .yield(element)
            }
        }
        if event.event == "error" || hasPrefix(data, errorTypePrefix) {
            throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
        }
        switch events {
        case .unnamed:
            if let name = event.event, name != "message" { return .skip }
        case .all(let skipped):
            if !skipped.isEmpty, let name = event.event, skipped.contains(name) { return .skip }
        case .named:
            if event.event == nil { return .skip }
        }
        let element: Element
        do {
            element = try decode(event, decoder)
        } catch {
            if (try? decoder.decode(ErrorProbe.self, from: data))?.isError == true {
                throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
            }
            throw APIError.decoding(
                error, body: data, status: context.status, headers: context.headers, what: payloadName)
        }
        if isError(element) {
            throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
        }
        if !sawFinal, isFinal(element) { sawFinal = true }
        return .yield(element)
    }

    package mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        guard droppedPartialEvent || !sawFinal else { return }
        throw APIError(
            kind: .connection, statusCode: context.status,
            message: "The stream ended before \(missingEnd)"
                + (droppedPartialEvent ? "; a partial event was dropped." : "."),
            requestID: context.requestID, headers: context.headers)
    }


    /// Recognises error payloads that aren't elements: `{"type":"error", …}` with other spacing, or `{"error": {…}}`.
    private struct ErrorProbe: Decodable {
        let type: String?
        let error: JSONValue?
        var isError: Bool { type == "error" || (error != nil && error != .null) }
    }
}
