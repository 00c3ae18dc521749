import Foundation

/// How the sandbox should misbehave for one request.
///
/// Behaviors are queued with ``Sandbox/enqueue(_:path:)`` and consumed in order by the next requests
/// whose path matches. Fields combine: a delay before headers, then a status with an error body, or a
/// normal response written in split pieces, stalled, cut off or corrupted.
public struct SandboxBehavior: Sendable {
    /// How the response bytes are cut into separate writes.
    public enum Splitting: Sendable, Equatable {
        /// One write per event (streams) or one write for the body.
        case none
        /// Writes of at most `n` bytes.
        case every(Int)
        /// Cuts at these byte offsets of the body.
        case at([Int])
        /// Writes of random sizes between 1 and `maxSize`, reproducible from `seed`.
        case random(seed: UInt64, maxSize: Int)
    }

    /// Replace the response with this status and an OpenAI-style error body.
    public var status: Int?
    /// The error body's `type` (a default for the status when nil).
    public var errorType: String?
    /// The error body's `code`.
    public var errorCode: String?
    /// The error body's `message` (a default for the status when nil).
    public var errorMessage: String?
    /// Replace the body with these bytes and this content type (e.g. an HTML error page).
    public var rawBody: Data?
    /// The content type sent with ``rawBody``.
    public var rawContentType: String?
    /// Extra response headers (e.g. `retry-after`, `x-should-retry`).
    public var headers: [String: String]
    /// Seconds to wait before sending the response head.
    public var delayBeforeHeaders: TimeInterval
    /// How body bytes are cut into writes.
    public var splitting: Splitting
    /// Seconds to pause between split writes, and between the events of a stream written without splitting (a model
    /// generating at a pace: each event then reaches the client in a network read of its own).
    public var writeInterval: TimeInterval
    /// After this many stream events, pause for ``stallDuration`` (or forever when it is nil).
    public var stallAfterEvents: Int?
    /// How many seconds a stall set by ``stallAfterEvents`` lasts (nil: forever).
    public var stallDuration: TimeInterval?
    /// After this many stream events (or body bytes), close the connection without ending the response.
    /// On a plain (non-stream) response, `closeAfterEvents` closes right after the head.
    public var closeAfterEvents: Int?
    /// After this many body bytes, close the connection without ending the response.
    public var closeAfterBytes: Int?
    /// Seconds to wait between the last bytes and the close (0: the close follows the bytes at once, as a
    /// crashing proxy would; a client that stops reading while its reader is busy may then lose the bytes
    /// that arrived together with the close, as AsyncHTTPClient's `async` body interface does).
    public var closeDelay: TimeInterval
    /// Corrupt the JSON: a JSON body is cut in half; in a stream, the second event's payload is broken.
    public var malformedJSON: Bool
    /// In a stream, send an error event after this many events and end the stream.
    public var streamErrorAfterEvents: Int?
    /// Omit the final event of a stream (`data: [DONE]`, or Anthropic's `message_stop`).
    public var omitDone: Bool
    /// Close the connection as soon as the request has arrived, before any response byte (a reset before the head).
    public var closeBeforeHead: Bool
    /// In a stream, send an event of a type no client knows after the first event (named for the stream's
    /// protocol: `ping` for chat, `response.sandbox_future` for Responses, `sandbox_future` for Anthropic,
    /// `thread.sandbox_future` for Assistants).
    public var unknownEvents: Bool
    /// Replace every `ZQX` in the body with `Z`, the byte 0xFF (never valid UTF-8) and `X`: the answers echo the
    /// prompt, so a prompt containing `ZQX` puts invalid UTF-8 into the deltas that carry it.
    public var invalidUTF8: Bool
    /// Close the connection right after the first byte of the body's first multi-byte UTF-8 character, so the
    /// last bytes a client gets end inside a character.
    public var closeInsideCharacter: Bool
    /// Send the body gzip-compressed with `Content-Encoding: gzip`, whatever the request accepted.
    public var gzip: Bool
    /// In a stream, leave `output_index`, `content_index`, `summary_index` and `sequence_number` out of every event, as
    /// llama.cpp's llama-server writes its Responses stream (an OpenAI-compatible server a client should still read).
    public var omitStreamIndexes = false
    /// Realtime sessions: at ``closeAfterEvents``, close with this WebSocket close code (and a reason) instead of
    /// dropping the connection without a close frame.
    public var webSocketCloseCode: Int?
    /// What the model answers instead of its usual reply (a refusal, a cut-off answer, tool calls …); nil: the usual reply.
    /// Only the chat completions, Responses and Anthropic messages routes use it.
    public var answer: ModelAnswer?
    /// Answer with a stream of this many identical events of a kind, written as fast as the socket takes them
    /// (a benchmark load; set through ``benchmarkStream(_:events:)``).
    package var repeatedStream: (kind: BenchmarkStream, count: Int)?
    /// Before the repeated events, pause 2 ms after the head and write one event stamped with the time it
    /// is written (see ``BenchmarkStream/stampedEvent``).
    package var stampFirstEvent = false

    /// A behavior with the given fields; the defaults leave the response as the route writes it.
    public init(
        status: Int? = nil, errorType: String? = nil, errorCode: String? = nil, errorMessage: String? = nil,
        rawBody: Data? = nil, rawContentType: String? = nil, headers: [String: String] = [:],
        delayBeforeHeaders: TimeInterval = 0, splitting: Splitting = .none, writeInterval: TimeInterval = 0,
        stallAfterEvents: Int? = nil, stallDuration: TimeInterval? = nil, closeAfterEvents: Int? = nil,
        closeAfterBytes: Int? = nil, closeDelay: TimeInterval = 0, malformedJSON: Bool = false, streamErrorAfterEvents: Int? = nil,
        omitDone: Bool = false, closeBeforeHead: Bool = false, closeInsideCharacter: Bool = false, unknownEvents: Bool = false,
        invalidUTF8: Bool = false, gzip: Bool = false, answer: ModelAnswer? = nil, webSocketCloseCode: Int? = nil
    ) {
        self.webSocketCloseCode = webSocketCloseCode
        self.status = status
        self.errorType = errorType
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.rawBody = rawBody
        self.rawContentType = rawContentType
        self.headers = headers
        self.delayBeforeHeaders = delayBeforeHeaders
        self.splitting = splitting
        self.writeInterval = writeInterval
        self.stallAfterEvents = stallAfterEvents
        self.stallDuration = stallDuration
        self.closeAfterEvents = closeAfterEvents
        self.closeAfterBytes = closeAfterBytes
        self.closeDelay = closeDelay
        self.malformedJSON = malformedJSON
        self.streamErrorAfterEvents = streamErrorAfterEvents
        self.omitDone = omitDone
        self.closeBeforeHead = closeBeforeHead
        self.closeInsideCharacter = closeInsideCharacter
        self.unknownEvents = unknownEvents
        self.invalidUTF8 = invalidUTF8
        self.gzip = gzip
        self.answer = answer
    }

    /// An error status with an OpenAI-style body, optionally asking the client to retry after `retryAfter` seconds.
    public static func status(
        _ status: Int, type: String? = nil, code: String? = nil, message: String? = nil,
        retryAfter: TimeInterval? = nil, headers: [String: String] = [:]
    ) -> SandboxBehavior {
        var allHeaders = headers
        if let retryAfter {
            allHeaders["retry-after-ms"] = String(Int((retryAfter * 1000).rounded()))
        }
        return SandboxBehavior(
            status: status, errorType: type, errorCode: code, errorMessage: message, headers: allHeaders)
    }

    /// A status with a raw body, e.g. an HTML page from a proxy.
    public static func raw(_ status: Int, body: String, contentType: String = "text/html") -> SandboxBehavior {
        SandboxBehavior(status: status, rawBody: Data(body.utf8), rawContentType: contentType)
    }

    /// Wait before sending the response head.
    public static func delay(_ seconds: TimeInterval) -> SandboxBehavior {
        SandboxBehavior(delayBeforeHeaders: seconds)
    }

    /// Cut the response into writes as `splitting` says, pausing `interval` seconds between them.
    public static func split(_ splitting: Splitting, interval: TimeInterval = 0) -> SandboxBehavior {
        SandboxBehavior(splitting: splitting, writeInterval: interval)
    }

    /// Stall a stream after `events` events, for `seconds` or forever.
    public static func stall(afterEvents events: Int, seconds: TimeInterval? = nil) -> SandboxBehavior {
        SandboxBehavior(stallAfterEvents: events, stallDuration: seconds)
    }

    /// Close the connection after `events` stream events, `delay` seconds after the last of them.
    public static func close(afterEvents events: Int, delay: TimeInterval = 0.05) -> SandboxBehavior {
        SandboxBehavior(closeAfterEvents: events, closeDelay: delay)
    }

    /// A chat stream of `chunks` identical content chunks (see ``Sandbox/benchmarkChunkJSON``), then a
    /// finish chunk and `[DONE]`: a benchmark load.
    package static func benchmarkStream(chunks: Int) -> SandboxBehavior {
        benchmarkStream(.chat, events: chunks)
    }

    /// A stream of `events` identical events of `kind` between that kind's opening and closing events, whatever
    /// route the request takes: a benchmark load.
    package static func benchmarkStream(_ kind: BenchmarkStream, events: Int) -> SandboxBehavior {
        var behavior = SandboxBehavior()
        behavior.repeatedStream = (kind, events)
        return behavior
    }

    /// A stream whose first event carries the server's monotonic clock at the moment it was written, 2 ms
    /// after the head, followed by `events` repeated events: measures the client's first-event latency.
    package static func latencyProbe(_ kind: BenchmarkStream, events: Int = 10) -> SandboxBehavior {
        var behavior = benchmarkStream(kind, events: events)
        behavior.stampFirstEvent = true
        return behavior
    }

    /// Answer as `answer` says instead of the model's usual reply.
    public static func answer(_ answer: ModelAnswer) -> SandboxBehavior {
        SandboxBehavior(answer: answer)
    }

    /// Corrupt the JSON of the response.
    public static let malformed = SandboxBehavior(malformedJSON: true)
}
