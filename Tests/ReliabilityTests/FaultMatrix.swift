import AISandbox
import Foundation
import SwiftOpenAI

/// The fault matrix: every streaming and plain API the SDK offers, under every fault a network or a server can
/// produce, with the outcome each cell must have. `FaultMatrixTests` runs every cell on both transports, and
/// `docs/fault-matrix.md` is generated from this table (see `FaultMatrixTests.documentIsCurrent`).
enum FaultMatrix {
    /// The APIs under test.
    enum API: String, CaseIterable, Sendable {
        case chat, chatStream, responses, responsesStream, anthropic, anthropicStream, assistantsStream, speechStream, fileDownload

        var isStream: Bool { [.chatStream, .responsesStream, .anthropicStream, .assistantsStream, .speechStream].contains(self) }
        /// Server-sent events (every stream but speech, which is raw audio bytes).
        var isEventStream: Bool { isStream && self != .speechStream }
        /// What the answer is: text that echoes the prompt, or bytes.
        var isText: Bool { self != .speechStream && self != .fileDownload }
        var isAnthropic: Bool { self == .anthropic || self == .anthropicStream }

        /// The path suffix the fault is queued for.
        var path: String {
            switch self {
            case .chat, .chatStream: "/v1/chat/completions"
            case .responses, .responsesStream: "/v1/responses"
            case .anthropic, .anthropicStream: "/v1/messages"
            case .assistantsStream: "/v1/threads/runs"
            case .speechStream: "/v1/audio/speech"
            case .fileDownload: "/content"
            }
        }

        /// The event after which mid-stream faults strike: two text deltas after the protocol's opening events.
        var faultEvent: Int {
            switch self {
            case .chatStream: 3  // role chunk, then deltas
            case .responsesStream: 6  // created, in_progress, output_item.added, content_part.added, then deltas
            case .anthropicStream: 5  // message_start, content_block_start, ping, then deltas
            case .assistantsStream: 10  // thread, run ×3, step ×2, message ×2, then deltas
            default: 2
            }
        }

        /// How many deltas precede `faultEvent`.
        var deltasBeforeFault: Int { 2 }
    }

    /// The faults.
    enum Fault: String, CaseIterable, Sendable {
        case rateLimitRetryAfterMs, rateLimitRetryAfterSeconds, rateLimitRetryAfterDate
        case status500, status502, status503, status504, status529, shouldRetryFalse
        case connectionRefused, resetBeforeHead, resetMidBody, cutInsideCharacter, truncatedJSON, htmlErrorPage
        case jsonErrorOn200, slowDrip, stallAfterEvents, stallBeforeHead, cancelled, unknownEvents, inStreamError
        case hugeEvent, missingEndMarker, invalidUTF8, gzip, redirectToOtherHost

        var title: String {
            switch self {
            case .rateLimitRetryAfterMs: "429, `retry-after-ms: 200`"
            case .rateLimitRetryAfterSeconds: "429, `retry-after: 1`"
            case .rateLimitRetryAfterDate: "429, `retry-after` as an HTTP date 2 s ahead"
            case .status500: "500"
            case .status502: "502"
            case .status503: "503"
            case .status504: "504"
            case .status529: "529"
            case .shouldRetryFalse: "500 with `x-should-retry: false`"
            case .connectionRefused: "connection refused"
            case .resetBeforeHead: "connection closed before the head"
            case .resetMidBody: "connection closed mid-body"
            case .cutInsideCharacter: "body cut inside a UTF-8 character"
            case .truncatedJSON: "truncated JSON"
            case .htmlErrorPage: "HTML error page (502, every attempt)"
            case .jsonErrorOn200: "JSON error body on 200 to a stream request"
            case .slowDrip: "1-byte writes with pauses"
            case .stallAfterEvents: "stall after some events (idle timeout 0.4 s)"
            case .stallBeforeHead: "stall before the head, every attempt (timeout 0.6 s per attempt)"
            case .cancelled: "caller cancels mid-response"
            case .unknownEvents: "an unknown event type"
            case .inStreamError: "an in-stream error event"
            case .hugeEvent: "a 4 MB event (or body)"
            case .missingEndMarker: "no end marker"
            case .invalidUTF8: "invalid UTF-8 in a delta"
            case .gzip: "`Content-Encoding: gzip` body"
            case .redirectToOtherHost: "307 to another host"
            }
        }
    }

    /// What a cell must do.
    struct Expected: Sendable {
        enum Outcome: Sendable, Equatable {
            case success
            case failure(APIError.Kind)
            case cancelled
        }

        enum Delivered: Sendable, Equatable {
            /// Everything: equal to the answer without a fault.
            case all
            /// Exactly the first n deltas of the answer without a fault, in order.
            case first(Int)
            /// A prefix of the answer without a fault (the cut falls inside a delta's event).
            case prefix
            /// Nothing (the call failed before any value).
            case nothing
        }

        var outcome: Outcome
        /// Requests the sandbox must have seen (nil: none can be seen).
        var attempts: Int?
        /// Fewer requests that may be seen on URLSession (Linux), with the reason.
        var urlSessionAttempts: (Int, String)?
        var delivered: Delivered
        /// Bounds of the whole call, in seconds (upper bounds far above what the cell needs: the rest of the
        /// test suite runs beside the first cells).
        var seconds: ClosedRange<Double> = 0...10
        /// The sandbox must see the connection closed within a second of the outcome.
        var closesConnection = false
    }

    /// The retry policy of every cell: 2 retries, short backoff.
    static let retryPolicy = RetryPolicy(maxRetries: 2, initialDelay: 0.01, maxDelay: 0.05)
    static let idleTimeout: TimeInterval = 0.4
    static let totalTimeout: TimeInterval = 0.6

    /// Why a cell does not exist (nil: it does).
    static func notApplicable(_ api: API, _ fault: Fault) -> String? {
        switch fault {
        case .status529 where !api.isAnthropic: "529 is Anthropic's"
        case .jsonErrorOn200 where !api.isEventStream, .unknownEvents where !api.isEventStream,
            .inStreamError where !api.isEventStream, .missingEndMarker where !api.isEventStream,
            .stallAfterEvents where !api.isEventStream:
            "event streams only"
        case .invalidUTF8 where !api.isText, .truncatedJSON where api == .speechStream || api == .fileDownload,
            .cutInsideCharacter where !api.isText:
            "not text"
        case .hugeEvent where api == .speechStream: "speech input is limited to 4,096 characters"
        case .redirectToOtherHost where api == .assistantsStream || api == .fileDownload:
            "the thread or file lives on one host; credentials on redirects are covered by the other calls"
        case .hugeEvent where api == .assistantsStream: "covered by chat and Responses (same decoder path)"
        default: nil
        }
    }

    /// The expected outcome of a cell.
    static func expected(_ api: API, _ fault: Fault) -> Expected {
        let retried = Expected(outcome: .success, attempts: 2, delivered: .all)
        let midStream: Expected.Delivered = api.isEventStream ? .first(api.deltasBeforeFault) : .nothing
        switch fault {
        case .rateLimitRetryAfterMs:
            return Expected(outcome: .success, attempts: 2, delivered: .all, seconds: 0.19...10)
        case .rateLimitRetryAfterSeconds:
            return Expected(outcome: .success, attempts: 2, delivered: .all, seconds: 0.95...10)
        case .rateLimitRetryAfterDate:
            return Expected(outcome: .success, attempts: 2, delivered: .all, seconds: 0.5...10)
        case .status500, .status502, .status503, .status504, .status529, .resetBeforeHead, .redirectToOtherHost:
            return fault == .redirectToOtherHost ? Expected(outcome: .success, attempts: 1, delivered: .all) : retried
        case .shouldRetryFalse:
            return Expected(outcome: .failure(.server), attempts: 1, delivered: .nothing)
        case .connectionRefused:
            return Expected(outcome: .failure(.connection), attempts: nil, delivered: .nothing)
        case .resetMidBody, .cutInsideCharacter:
            // A plain body that breaks is read again (the official SDKs retry it too); a stream that has
            // delivered values is not replayed, so the caller sees the values, then the error.
            if !api.isStream { return retried }
            let delivered: Expected.Delivered = fault == .cutInsideCharacter ? .prefix : (api == .speechStream ? .prefix : midStream)
            return Expected(outcome: .failure(.connection), attempts: 1, delivered: delivered, closesConnection: true)
        case .truncatedJSON:
            return Expected(
                outcome: .failure(.decoding), attempts: 1, delivered: api.isStream ? .first(api.eventsBeforeBrokenEvent) : .nothing)
        case .htmlErrorPage:
            return Expected(outcome: .failure(.server), attempts: 3, delivered: .nothing)
        case .jsonErrorOn200:
            return Expected(outcome: .failure(.server), attempts: 1, delivered: .nothing)
        case .slowDrip, .unknownEvents, .gzip:
            return Expected(outcome: .success, attempts: 1, delivered: .all, seconds: 0...15)
        case .stallAfterEvents:
            return Expected(
                outcome: .failure(.timeout), attempts: 1, delivered: midStream, seconds: idleTimeout...10, closesConnection: true)
        case .stallBeforeHead:
            // The timeout is per attempt, as in the official SDKs, and a timed-out attempt is retried.
            var expected = Expected(
                outcome: .failure(.timeout), attempts: 3, delivered: .nothing, seconds: 3 * totalTimeout...10, closesConnection: true)
            if api == .fileDownload {
                expected.urlSessionAttempts = (2, "URLSession on Linux may hold a retried GET until its cancelled predecessor's connection is gone")
            }
            return expected
        case .cancelled:
            return Expected(
                outcome: .cancelled, attempts: 1, delivered: api.isStream ? .prefix : .nothing, seconds: 0...10,
                closesConnection: true)
        case .inStreamError:
            return Expected(
                outcome: .failure(api.isAnthropic ? .overloaded : .server), attempts: 1, delivered: midStream)
        case .hugeEvent:
            return Expected(outcome: .success, attempts: 1, delivered: .all, seconds: 0...20)
        case .missingEndMarker where api == .chatStream:
            // A chat stream whose last chunk carried the finish reason is complete without `[DONE]`.
            return Expected(outcome: .success, attempts: 1, delivered: .all)
        case .missingEndMarker:
            return Expected(outcome: .failure(.connection), attempts: 1, delivered: .all)
        case .invalidUTF8:
            return Expected(
                outcome: .failure(.decoding), attempts: 1, delivered: api.isStream ? .prefix : .nothing)
        }
    }
}

extension FaultMatrix.API {
    /// How many deltas precede the event the sandbox breaks for `malformedJSON` (its second event).
    var eventsBeforeBrokenEvent: Int { 0 }
}
