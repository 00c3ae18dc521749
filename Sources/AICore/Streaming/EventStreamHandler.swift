import Foundation

/// Which events of a stream carry elements. Not nested in the generic handler, so reading it per event
/// needs no generic metadata.
@usableFromInline
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
///
/// SPI, not `package`: a `package` inlinable initializer is not compiled into the modules that call it (Swift 6.3
/// calls the generic one), so its per-event closure would not be specialized for the provider's element type.
@_spi(Streaming)
public struct EventStreamHandler<Element: Sendable>: StreamHandler {
    /// A provider's stream conventions.
    public struct Rules: Sendable {
        /// Which events carry elements.
        package typealias Events = StreamEventSelection

        /// What the `data: [DONE]` end marker does.
        public enum EndMarker: Sendable {
            /// Ends the stream.
            case finish
            /// Yields this element as the final one, then ends the stream.
            case yield(Element)
        }

        @usableFromInline package var events: StreamEventSelection
        @usableFromInline package var endMarker: EndMarker?
        /// Decodes one event's payload.
        @usableFromInline package var decode: @Sendable (ServerSentEvent, FastJSONDecoder) throws -> Element
        /// Whether a decoded element reports an error (e.g. a Responses `error` event).
        @usableFromInline package var isError: @Sendable (Element) -> Bool
        /// Whether an element completes the answer, so the stream may end after it.
        @usableFromInline package var isFinal: @Sendable (Element) -> Bool
        /// Whether the stream ends right after the final element instead of reading to the end of the body.
        @usableFromInline package var finishesAfterFinal: Bool
        /// What the payload is, for decoding errors (e.g. "a stream chunk").
        @usableFromInline package var payloadName: String
        /// What was missing when the body ended early, after "The stream ended before ".
        @usableFromInline package var missingEnd: String

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

    /// What the handler does with one event: built by the inlinable initializer, so it is compiled in the provider's
    /// module for its element type — decoding, the checks on the element and appending it to the batch run without
    /// generic metadata lookups or value-witness copies (~9% of an Anthropic stream's CPU, in perf, when they ran in
    /// this generic code).
    @usableFromInline let step: @Sendable (ServerSentEvent, StreamContext, FastJSONDecoder, inout Bool, inout [Element]) throws -> StreamControl
    /// What was missing when the body ended early.
    @usableFromInline let missingEnd: String
    @usableFromInline let decoder = FastJSONDecoder()
    /// The final element arrived.
    @usableFromInline var sawFinal = false

    @inlinable
    public init(_ rules: Rules) {
        missingEnd = rules.missingEnd
        let events = rules.events, endMarker = rules.endMarker, decode = rules.decode, isError = rules.isError
        let isFinal = rules.isFinal, finishesAfterFinal = rules.finishesAfterFinal, payloadName = rules.payloadName
        let hasEndMarker = endMarker != nil
        step = { event, context, decoder, sawFinal, outputs in
            switch try EventScreening(event, context: context, events: events, hasEndMarker: hasEndMarker, finishing: sawFinal && finishesAfterFinal) {
            case .skip:
                return .proceed
            case .finish:
                return .finish
            case .endMarker:
                guard case .yield(let element)? = endMarker else { return .finish }
                sawFinal = true
                outputs.append(element)
                return .proceed
            case .decode:
                break
            }
            let element: Element
            do {
                element = try decode(event, decoder)
            } catch {
                throw EventScreening.decodingFailure(error, data: event.data, context: context, decoder: decoder, what: payloadName)
            }
            if isError(element) { throw EventScreening.streamError(event.data, context: context) }
            if !sawFinal, isFinal(element) { sawFinal = true }
            outputs.append(element)
            return .proceed
        }
    }

    package mutating func handle(_ event: ServerSentEvent, context: StreamContext, into outputs: inout [Element]) throws -> StreamControl {
        try step(event, context, decoder, &sawFinal, &outputs)
    }

    package mutating func handle(_ event: ServerSentEvent, context: StreamContext) throws -> StreamAction<Element> {
        var outputs: [Element] = []
        let control = try step(event, context, decoder, &sawFinal, &outputs)
        if let element = outputs.first { return .yield(element) }
        return control == .finish ? .finish : .skip
    }

    package mutating func endOfStream(droppedPartialEvent: Bool, context: StreamContext) throws {
        guard droppedPartialEvent || !sawFinal else { return }
        throw APIError(
            kind: .connection, statusCode: context.status,
            message: "The stream ended before \(missingEnd)"
                + (droppedPartialEvent ? "; a partial event was dropped." : "."),
            requestID: context.requestID, headers: context.headers)
    }
}
