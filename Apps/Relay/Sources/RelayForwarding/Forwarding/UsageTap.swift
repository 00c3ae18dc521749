@_spi(Forwarding) import AICore
import Foundation
import NIOCore
import RelayCore
import SwiftOpenAI

/// Reads the usage an upstream reports from its response body as the body passes through to the client, without
/// changing or delaying a byte.
///
/// A JSON body is collected (up to the cap) and its top-level `usage` read at the end. An event stream is parsed
/// as it goes and only its usage events are read: a chat chunk with `usage`, a Responses
/// `response.completed`/`response.incomplete`/`response.failed` event's `response.usage`, Anthropic's
/// `message_start` (`message.usage`) and `message_delta` (cumulative output). The tap never holds more than
/// `cap` bytes: a longer JSON body, or a single event longer than the cap, makes it give up (usage unknown).
///
/// On the way it also gathers what the call's span reports (``summary``: id, model, finish reasons, cached and
/// reasoning tokens) and tells which chunks carry generated output.
public struct UsageTap: Sendable {
    /// 4 MB: far more than any answer's JSON that carries usage; a larger body is a file download.
    public static let defaultCap = 4 << 20

    private enum Mode: Sendable {
        case json(ByteBuffer)
        case eventStream(ServerSentEventParser, bytesSinceEvent: Int)
        case ignored
    }

    private var mode: Mode
    private let cap: Int
    private var usage: ObservedUsage?
    /// What the body said about the generation so far; the token counts once ``finish()`` ran.
    @_spi(Forwarding) public private(set) var summary = ForwardedCallSummary()

    /// - Parameters:
    ///   - contentType: the response's `Content-Type`: `text/event-stream` is read as a stream, JSON as JSON,
    ///     anything else (audio, images, files) is ignored.
    ///   - cap: the most bytes held at once.
    public init(contentType: String?, cap: Int = defaultCap) {
        self.cap = cap
        let mediaType = contentType?.mediaType ?? ""
        if mediaType == "text/event-stream" {
            mode = .eventStream(ServerSentEventParser(), bytesSinceEvent: 0)
        } else if mediaType == "application/json" || mediaType.hasSuffix("+json") {
            mode = .json(ByteBuffer())
        } else {
            mode = .ignored
        }
    }

    /// Reads one chunk of the body, as it is passed on; returns whether it completed an event that carries
    /// generated output.
    @discardableResult
    public mutating func consume(_ chunk: ByteBuffer) -> Bool {
        switch mode {
        case .ignored:
            return false
        case .json(var collected):
            mode = .ignored
            guard collected.readableBytes + chunk.readableBytes <= cap else { return false }
            var chunk = chunk
            collected.writeBuffer(&chunk)
            mode = .json(collected)
            return false
        case .eventStream(var parser, var bytesSinceEvent):
            mode = .ignored
            var usage = self.usage
            var summary = self.summary
            var output = false
            chunk.withUnsafeReadableBytes { bytes in
                var dispatched = false
                parser.parse(bytes: bytes) { event in
                    dispatched = true
                    if Self.read(event, into: &usage, summary: &summary) { output = true }
                }
                // What the parser holds is at most what came since its last event: this chunk when it ended one.
                bytesSinceEvent = dispatched ? bytes.count : bytesSinceEvent + bytes.count
            }
            self.summary = summary
            guard bytesSinceEvent <= cap else {
                self.usage = nil
                return output
            }
            self.usage = usage
            mode = .eventStream(parser, bytesSinceEvent: bytesSinceEvent)
            return output
        }
    }

    /// The usage the body reported, or nil when it reported none (an error, a cut stream, a body past the cap).
    public mutating func finish() -> ObservedUsage? {
        defer { mode = .ignored }
        switch mode {
        case .json(let collected):
            usage = collected.withUnsafeReadableBytes { bytes in
                ResponseFactsReading.read(object: bytes, into: &summary)
                return UsageReading.usage(in: bytes)
            }
        case .eventStream(var parser, _):
            parser.finish()
        case .ignored:
            break
        }
        if let usage {
            summary.inputTokens = usage.inputTokens
            summary.outputTokens = usage.outputTokens
        }
        return usage
    }

    /// Reads one event's usage and facts; returns whether it carries generated output.
    private static func read(
        _ event: ServerSentEvent, into usage: inout ObservedUsage?, summary: inout ForwardedCallSummary
    ) -> Bool {
        event.data.withUnsafeBytes { bytes in
            guard let json = try? TopLevelJSON(bytes) else { return false }
            let type = (try? json.member("type")).flatMap { TopLevelJSON.string(bytes, $0) }
            let output = ResponseFactsReading.read(event: bytes, json: json, type: type, into: &summary)
            switch type {
            case "response.completed", "response.incomplete", "response.failed":
                if let found = UsageReading.usage(in: bytes, under: ["response"]) { usage = found }
            case "message_start":
                if let found = UsageReading.usage(in: bytes, under: ["message"]) { usage = found }
            case "message_delta":
                if let found = UsageReading.usage(in: bytes) {
                    usage = found
                } else if let outputTokens = UsageReading.outputTokens(in: bytes) {
                    usage = ObservedUsage(inputTokens: usage?.inputTokens ?? 0, outputTokens: outputTokens)
                }
            case nil:
                if let found = UsageReading.usage(in: bytes) { usage = found }
            default:
                break
            }
            return output
        }
    }
}
