import AIServerKit
import Foundation
import HTTPTypes

/// Turns a response plan and a behavior into the sequence of writes, pauses and closes to perform.
struct ResponseActions: ResponseWrites {
    private var queue: [WriteAction] = []
    private var index = 0
    private var repeated: (event: [UInt8], remaining: Int, trailer: [[UInt8]])?
    private var live: SandboxLiveStream?

    /// Events per write when streaming a repeated body.
    private static let repeatedBlockSize = 512

    init(
        plan: ResponsePlan, behavior: SandboxBehavior, requestID: String, keepAlive: Bool, anthropic: Bool = false,
        responses: Bool = false, assistants: Bool = false
    ) {
        if behavior.closeBeforeHead {
            queue = [.close]
            return
        }
        var plan = plan
        var behavior = behavior
        var stamped: [UInt8]?
        if let (kind, count) = behavior.repeatedStream {
            if behavior.stampFirstEvent { stamped = Array(kind.stampedEvent.utf8) }
            plan = ResponsePlan(
                status: 200, contentType: "text/event-stream",
                body: .repeated(
                    prefix: Array(kind.prefix.utf8), event: Array(kind.event.utf8), count: count,
                    trailer: [Array(kind.trailer.utf8)]))
        }
        if let status = behavior.status {
            if let raw = behavior.rawBody {
                plan = ResponsePlan(
                    status: status, contentType: behavior.rawContentType ?? "text/plain",
                    body: .full(Array(raw)))
            } else if anthropic {
                plan = AnthropicMessages.error(
                    status, type: behavior.errorType ?? Self.anthropicType(for: status),
                    message: behavior.errorMessage ?? Self.defaultMessage(for: status))
            } else {
                plan = .error(
                    status: status, message: behavior.errorMessage ?? Self.defaultMessage(for: status),
                    type: behavior.errorType ?? Self.defaultType(for: status), code: behavior.errorCode)
            }
        }

        var headers = plan.headers
        headers.append(HTTPField(name: anthropic ? .requestID : .xRequestID, value: requestID))
        if anthropic {
            headers.append(HTTPField(name: .anthropicRequestsLimit, value: "4000"))
            headers.append(HTTPField(name: .anthropicRequestsRemaining, value: "3999"))
        }
        headers.append(HTTPField(name: .openAIProcessingMs, value: "1"))
        headers.append(HTTPField(name: .rateLimitLimitRequests, value: "10000"))
        headers.append(HTTPField(name: .rateLimitRemainingRequests, value: "9999"))
        headers.append(HTTPField(name: .rateLimitResetRequests, value: "6ms"))
        for (name, value) in behavior.headers.sorted(by: { $0.key < $1.key }) {
            guard let name = HTTPField.Name(name) else { continue }
            headers.replaceOrAppend(name, value)
        }
        if !keepAlive { headers.append(HTTPField(name: .connection, value: "close")) }

        if behavior.delayBeforeHeaders > 0 { queue.append(.pause(behavior.delayBeforeHeaders)) }

        if behavior.gzip { headers.replaceOrAppend(.contentEncoding, "gzip") }
        switch plan.body {
        case .full(var bytes):
            if behavior.malformedJSON { bytes = Array(bytes.prefix(max(1, bytes.count / 2))) }
            if behavior.invalidUTF8 { bytes = Self.corruptUTF8(bytes) }
            if behavior.gzip { bytes = Gzip.stored(bytes) }
            if behavior.closeInsideCharacter { behavior.closeAfterBytes = Self.insideFirstCharacter([bytes]) }
            headers.append(HTTPField(name: .contentLength, value: String(bytes.count)))
            queue.append(.head(HTTPResponse(status: .init(code: plan.status), headerFields: headers)))
            appendBody([bytes], behavior: behavior, eventBoundaries: false)
        case .events(var events):
            events = Self.applyStreamFaults(
                to: events, behavior: behavior, anthropic: anthropic, responses: responses, assistants: assistants)
            if behavior.invalidUTF8 { events = events.map(Self.corruptUTF8) }
            // A compressed stream is one piece: its events can no longer be told apart on the wire.
            if behavior.gzip { events = [Gzip.stored(events.flatMap { $0 })] }
            if behavior.closeInsideCharacter { behavior.closeAfterBytes = Self.insideFirstCharacter(events) }
            headers.append(HTTPField(name: .transferEncoding, value: "chunked"))
            queue.append(.head(HTTPResponse(status: .init(code: plan.status), headerFields: headers)))
            appendBody(events, behavior: behavior, eventBoundaries: true)
        case .repeated(let prefix, let event, let count, let trailer):
            headers.append(HTTPField(name: .transferEncoding, value: "chunked"))
            queue.append(.head(HTTPResponse(status: .init(code: plan.status), headerFields: headers)))
            if !prefix.isEmpty { queue.append(.write(prefix)) }
            if let stamped {
                // The head reaches the client first, so the stamp times the body alone.
                queue.append(.pause(0.002))
                queue.append(.writeNow {
                    var bytes = stamped
                    BenchmarkStream.stamp(&bytes, nanoseconds: DispatchTime.now().uptimeNanoseconds)
                    return bytes
                })
            }
            repeated = (event, count, trailer)
        case .live(let stream):
            headers.append(HTTPField(name: .transferEncoding, value: "chunked"))
            queue.append(.head(HTTPResponse(status: .init(code: plan.status), headerFields: headers)))
            if anthropic, let count = behavior.streamErrorAfterEvents {
                stream.fail(afterEvents: count, with: JSONText.sseEvent(
                    ["type": "error", "error": ["type": .string(behavior.errorType ?? "overloaded_error"), "message": .string(behavior.errorMessage ?? "Overloaded")]],
                    event: "error"))
            }
            live = stream
        }
    }

    mutating func next() -> WriteAction? {
        if index < queue.count {
            defer { index += 1 }
            return queue[index]
        }
        if let live { return live.nextAction() }
        guard var pending = repeated else { return nil }
        if pending.remaining > 0 {
            let count = min(pending.remaining, Self.repeatedBlockSize)
            pending.remaining -= count
            repeated = pending
            var block: [UInt8] = []
            block.reserveCapacity(pending.event.count * count)
            for _ in 0..<count { block.append(contentsOf: pending.event) }
            return .write(block)
        }
        repeated = nil
        queue = pending.trailer.map { .write($0) } + [.end]
        index = 0
        return next()
    }

    /// The event with `output_index`, `content_index`, `summary_index` and `sequence_number` taken out of its JSON
    /// (its `event:` line kept); an event whose data isn't a JSON object (`[DONE]`) is left as it is.
    private static func withoutIndexes(_ event: [UInt8]) -> [UInt8] {
        let text = String(decoding: event, as: UTF8.self)
        guard let data = text.range(of: "data: "),
            var object = (try? JSON(parsing: Data(text[data.upperBound...].utf8)))?.object
        else { return event }
        for key in ["output_index", "content_index", "summary_index", "sequence_number"] { object.removeValue(forKey: key) }
        let name = text.hasPrefix("event: ") ? text.dropFirst(7).prefix { $0 != "\n" } : nil
        return JSONText.sseEvent(.object(object), event: name.map(String.init))
    }

    private static func applyStreamFaults(
        to events: [[UInt8]], behavior: SandboxBehavior, anthropic: Bool, responses: Bool, assistants: Bool
    ) -> [[UInt8]] {
        var events = events
        if behavior.omitStreamIndexes { events = events.map(Self.withoutIndexes) }
        if behavior.omitDone, !events.isEmpty { events.removeLast() }
        if behavior.unknownEvents, !events.isEmpty {
            let unknown: [UInt8] =
                if anthropic {
                    JSONText.sseEvent(["type": "sandbox_future", "detail": "a newer event"], event: "sandbox_future")
                } else if responses {
                    JSONText.sseEvent(["type": "response.sandbox_future", "sequence_number": 1], event: "response.sandbox_future")
                } else if assistants {
                    JSONText.sseEvent(["object": "thread.sandbox_future"], event: "thread.sandbox_future")
                } else {
                    Array("event: ping\ndata: {}\n\n".utf8)
                }
            events.insert(unknown, at: 1)
        }
        if behavior.malformedJSON, !events.isEmpty {
            events[min(1, events.count - 1)] = truncatedPayload(events[min(1, events.count - 1)])
        }
        if let count = behavior.streamErrorAfterEvents, anthropic {
            events = Array(events.prefix(count))
            events.append(JSONText.sseEvent(
                ["type": "error", "error": ["type": .string(behavior.errorType ?? "overloaded_error"), "message": .string(behavior.errorMessage ?? "Overloaded")]],
                event: "error"))
        } else if let count = behavior.streamErrorAfterEvents, responses {
            events = Array(events.prefix(count))
            events.append(JSONText.sseEvent(
                [
                    "type": "error", "code": .string(behavior.errorType ?? "server_error"),
                    "message": .string(behavior.errorMessage ?? "The server had an error while processing your request."),
                    "param": nil, "sequence_number": .int(count),
                ],
                event: "error"))
        } else if let count = behavior.streamErrorAfterEvents, assistants {
            events = Array(events.prefix(count))
            events.append(JSONText.sseEvent(
                ["error": ["message": .string(behavior.errorMessage ?? "The server had an error while processing your request."), "type": .string(behavior.errorType ?? "server_error"), "code": nil, "param": nil]],
                event: "error"))
        } else if let count = behavior.streamErrorAfterEvents {
            events = Array(events.prefix(count))
            events.append(JSONText.sseEvent([
                "error": [
                    "message": "The server had an error while processing your request.", "type": "server_error",
                    "code": nil, "param": nil,
                ]
            ]))
        }
        return events
    }

    /// The event with the JSON of its `data:` line cut in half (its `event:` line kept, so the client takes it
    /// for the event it names).
    private static func truncatedPayload(_ event: [UInt8]) -> [UInt8] {
        let text = String(decoding: event, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("data: ") }) else { return event }
        let payload = lines[index].dropFirst("data: ".count)
        lines[index] = "data: " + payload.prefix(max(1, payload.count / 2))
        return Array((lines.joined(separator: "\n") + "\n\n").utf8)
    }

    /// The offset just after the lead byte of the first multi-byte UTF-8 character of `pieces` (nil: none).
    private static func insideFirstCharacter(_ pieces: [[UInt8]]) -> Int? {
        var offset = 0
        for piece in pieces {
            if let index = piece.firstIndex(where: { $0 >= 0xC0 }) { return offset + index + 1 }
            offset += piece.count
        }
        return nil
    }

    /// `ZQX` → `Z`, 0xFF, `X`.
    private static func corruptUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "Z"), bytes[index + 1] == UInt8(ascii: "Q"), bytes[index + 2] == UInt8(ascii: "X") {
                bytes[index + 1] = 0xFF
                index += 3
            } else {
                index += 1
            }
        }
        return bytes
    }

    /// Appends the body writes, honouring stalls and closes at event boundaries and the splitting.
    private mutating func appendBody(_ pieces: [[UInt8]], behavior: SandboxBehavior, eventBoundaries: Bool) {
        if !eventBoundaries, behavior.closeAfterEvents != nil {
            // A plain body has no events: close right after the head.
            queue.append(.close)
            return
        }
        var runs: [[UInt8]] = [[]]
        var controls: [WriteAction?] = []
        var written = 0
        var closedEarly = false
        for (number, piece) in pieces.enumerated() {
            if eventBoundaries, number == behavior.closeAfterEvents {
                closedEarly = true
                break
            }
            if eventBoundaries, number == behavior.stallAfterEvents {
                controls.append(behavior.stallDuration.map { .pause($0) } ?? .stall)
                runs.append([])
            }
            var piece = piece
            if let limit = behavior.closeAfterBytes, written + piece.count >= limit {
                piece = Array(piece.prefix(limit - written))
                runs[runs.count - 1].append(contentsOf: piece)
                closedEarly = true
                break
            }
            written += piece.count
            if eventBoundaries, behavior.splitting == .none, !runs[runs.count - 1].isEmpty {
                controls.append(nil)
                runs.append([])
            }
            runs[runs.count - 1].append(contentsOf: piece)
        }
        var offset = 0
        var random = SplitMix64(seed: { if case .random(let seed, _) = behavior.splitting { seed } else { 0 } }())
        for (number, run) in runs.enumerated() {
            if number > 0 {
                // Between events: a stall, or the pace (as a WebSocket session paces its events).
                if let control = controls[number - 1] {
                    queue.append(control)
                } else if behavior.writeInterval > 0 {
                    queue.append(.pause(behavior.writeInterval))
                }
            }
            for (position, write) in split(run, startingAt: offset, behavior.splitting, random: &random).enumerated() {
                if position > 0, behavior.writeInterval > 0 { queue.append(.pause(behavior.writeInterval)) }
                queue.append(.write(write))
            }
            offset += run.count
        }
        if closedEarly, behavior.closeDelay > 0 { queue.append(.pause(behavior.closeDelay)) }
        queue.append(closedEarly ? .close : .end)
    }

    private func split(_ bytes: [UInt8], startingAt offset: Int, _ splitting: SandboxBehavior.Splitting, random: inout SplitMix64) -> [[UInt8]] {
        guard !bytes.isEmpty else { return [] }
        var cuts: [Int] = []
        switch splitting {
        case .none:
            return [bytes]
        case .every(let size):
            cuts = Array(stride(from: max(1, size), to: bytes.count, by: max(1, size)))
        case .at(let offsets):
            cuts = offsets.map { $0 - offset }.filter { $0 > 0 && $0 < bytes.count }.sorted()
        case .random(_, let maxSize):
            var position = 0
            while true {
                position += 1 + Int(random.next() % UInt64(max(1, maxSize)))
                if position >= bytes.count { break }
                cuts.append(position)
            }
        }
        var result: [[UInt8]] = []
        var start = 0
        for cut in cuts where cut > start {
            result.append(Array(bytes[start..<cut]))
            start = cut
        }
        result.append(Array(bytes[start...]))
        return result
    }

    private static func defaultType(for status: Int) -> String {
        switch status {
        case 401: "invalid_request_error"
        case 429: "rate_limit_exceeded"
        case 500...: "server_error"
        default: "invalid_request_error"
        }
    }

    private static func anthropicType(for status: Int) -> String {
        switch status {
        case 400: "invalid_request_error"
        case 401: "authentication_error"
        case 403: "permission_error"
        case 404: "not_found_error"
        case 413: "request_too_large"
        case 429: "rate_limit_error"
        case 529: "overloaded_error"
        default: "api_error"
        }
    }

    private static func defaultMessage(for status: Int) -> String {
        switch status {
        case 400: "Invalid request (sandbox)."
        case 401: "Incorrect API key provided (sandbox)."
        case 403: "You are not allowed to do this (sandbox)."
        case 404: "Not found (sandbox)."
        case 429: "Rate limit reached (sandbox)."
        case 500...: "The server had an error while processing your request (sandbox)."
        default: "Sandbox error \(status)."
        }
    }
}

extension HTTPFields {
    /// Removes every field named `name`, then appends one (as NIO's `replaceOrAdd` did: the field goes last).
    fileprivate mutating func replaceOrAppend(_ name: HTTPField.Name, _ value: String) {
        self[name] = nil
        append(HTTPField(name: name, value: value))
    }
}

extension HTTPField.Name {
    fileprivate static let requestID = Self("request-id")!
    fileprivate static let xRequestID = Self("x-request-id")!
    fileprivate static let anthropicRequestsLimit = Self("anthropic-ratelimit-requests-limit")!
    fileprivate static let anthropicRequestsRemaining = Self("anthropic-ratelimit-requests-remaining")!
    fileprivate static let openAIProcessingMs = Self("openai-processing-ms")!
    fileprivate static let rateLimitLimitRequests = Self("x-ratelimit-limit-requests")!
    fileprivate static let rateLimitRemainingRequests = Self("x-ratelimit-remaining-requests")!
    fileprivate static let rateLimitResetRequests = Self("x-ratelimit-reset-requests")!
}

/// A small reproducible random generator (SplitMix64), shared by the sandbox, the benchmark and the tests.
package struct SplitMix64 {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number below `bound`.
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A number in [0, 1).
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
