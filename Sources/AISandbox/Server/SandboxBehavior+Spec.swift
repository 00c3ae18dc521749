import Foundation

/// A behavior as it is written outside Swift — in the JSON body of `POST /sandbox/behaviors` or after
/// `swiftai sandbox --behavior` — with the path it applies to and how many requests it answers.
///
/// The JSON keys are the snake_case names of ``SandboxBehavior``'s fields, plus a few conveniences:
///
/// | key | meaning |
/// |---|---|
/// | `path` | applies to the next requests whose path ends with it (any request when absent) |
/// | `times` | queues the behavior this many times (1) |
/// | `status`, `error_type`, `error_code`, `error_message` (or `error: {type, code, message}`) | an error answer |
/// | `retry_after` | seconds, sent as `retry-after-ms` |
/// | `headers` | extra response headers |
/// | `raw_body`, `content_type` | replace the body, e.g. with an HTML page |
/// | `delay` | seconds before the head |
/// | `split` (`{"every": n}`, `{"at": [offsets]}`, `{"random": {"seed": s, "max_size": n}}`), `split_every`, `write_interval` | split writes; `write_interval` also paces the events of an unsplit stream |
/// | `stall_after_events`, `stall_seconds` | stall a stream (forever without `stall_seconds`) |
/// | `close_after_events`, `close_after_bytes`, `close_delay` | cut the connection |
/// | `websocket_close_code` | Realtime: close with this code at `close_after_events` (else the connection drops) |
/// | `malformed_json`, `stream_error_after_events`, `omit_done`, `unknown_events`, `invalid_utf8` | corrupt a body or a stream |
/// | `close_before_head`, `close_inside_character` | close before any response byte, or inside the body's first multi-byte character |
/// | `gzip` | send the body gzip-compressed |
/// | `omit_stream_indexes` | leave `output_index`, `content_index`, `summary_index` and `sequence_number` out of stream events, as llama.cpp's llama-server does |
/// | `refusal` (string) | the model refuses with this text (``SandboxBehavior/ModelAnswer/refusal(_:)``) |
/// | `length_cutoff` (bool) | the answer stops at the token limit, its text cut in half |
/// | `content_filter` (bool) | the answer is stopped by the content filter, its text cut in half |
/// | `malformed_output` (bool) | the text answer is broken JSON (`{"sandbox": tru`) |
/// | `tool_calls` (list of names; `tool_calls=a+b` in the command-line form) | the model calls these tools in one turn |
/// | `pause_turn` (bool) | Anthropic: the turn pauses (`stop_reason` `pause_turn`) |
/// | `answer_text` (string) | the model answers this text |
///
/// At most one of the answer keys (`refusal` … `answer_text`) may be given.
///
/// The command-line form is the same keys as comma-separated `key=value` pairs (dashes may replace
/// underscores, `header.NAME=value` adds a header): `path=/v1/chat/completions,status=429,retry-after=0.5,times=2`.
/// A string starting with `{` (or `[`) is read as JSON.
public struct SandboxBehaviorSpec: Sendable {
    /// The path suffix the behavior applies to (nil: any request).
    public var path: String?
    /// How many requests it answers.
    public var times: Int
    /// The behavior itself.
    public var behavior: SandboxBehavior

    /// Reads the command-line or JSON form; throws ``SandboxError/invalidBehavior(_:)`` naming what is wrong.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
            try self.init(json: Data(trimmed.utf8))
        } else {
            try self.init(fields: try Self.fields(fromPairs: trimmed))
        }
    }

    /// Reads the JSON form (a JSON object).
    public init(json: Data) throws {
        guard case .object(let fields)? = try? JSONDecoder().decode(SpecValue.self, from: json) else {
            throw SandboxError.invalidBehavior("the body is not a JSON object")
        }
        try self.init(fields: fields)
    }

    private init(fields: [String: SpecValue]) throws {
        var reader = FieldReader(fields: fields)
        path = try reader.string("path")
        times = try reader.int("times") ?? 1
        guard (1...10_000).contains(times) else { throw SandboxError.invalidBehavior("times must be 1...10000") }
        var behavior = SandboxBehavior()
        behavior.status = try reader.int("status")
        if let status = behavior.status, !(100...599).contains(status) {
            throw SandboxError.invalidBehavior("status must be an HTTP status (100...599)")
        }
        var error = try reader.object("error").map { FieldReader(fields: $0, prefix: "error.") }
        behavior.errorType = try reader.string("error_type") ?? error?.string("type")
        behavior.errorCode = try reader.string("error_code") ?? error?.string("code")
        behavior.errorMessage = try reader.string("error_message") ?? error?.string("message")
        try error?.rejectUnread()
        behavior.headers = try reader.stringMap("headers")
        if let retryAfter = try reader.double("retry_after") {
            behavior.headers["retry-after-ms"] = String(Int((retryAfter * 1000).rounded()))
        }
        if let body = try reader.string("raw_body") {
            behavior.rawBody = Data(body.utf8)
            behavior.status = behavior.status ?? 200
        }
        behavior.rawContentType = try reader.string("content_type")
        behavior.delayBeforeHeaders = try reader.seconds("delay") ?? 0
        behavior.splitting = try Self.splitting(&reader)
        behavior.writeInterval = try reader.seconds("write_interval") ?? 0
        behavior.stallAfterEvents = try reader.count("stall_after_events")
        behavior.stallDuration = try reader.seconds("stall_seconds")
        behavior.closeAfterEvents = try reader.count("close_after_events")
        behavior.closeAfterBytes = try reader.count("close_after_bytes")
        behavior.closeDelay = try reader.seconds("close_delay") ?? 0
        behavior.malformedJSON = try reader.bool("malformed_json") ?? false
        behavior.streamErrorAfterEvents = try reader.count("stream_error_after_events")
        behavior.omitDone = try reader.bool("omit_done") ?? false
        behavior.closeBeforeHead = try reader.bool("close_before_head") ?? false
        behavior.unknownEvents = try reader.bool("unknown_events") ?? false
        behavior.webSocketCloseCode = try reader.count("websocket_close_code")
        behavior.invalidUTF8 = try reader.bool("invalid_utf8") ?? false
        behavior.gzip = try reader.bool("gzip") ?? false
        behavior.omitStreamIndexes = try reader.bool("omit_stream_indexes") ?? false
        behavior.closeInsideCharacter = try reader.bool("close_inside_character") ?? false
        behavior.answer = try Self.answer(&reader)
        try reader.rejectUnread()
        self.behavior = behavior
    }

    /// The model-answer override: at most one of its keys, so a spec never silently drops one.
    private static func answer(_ reader: inout FieldReader) throws -> SandboxBehavior.ModelAnswer? {
        var answers: [(key: String, answer: SandboxBehavior.ModelAnswer)] = []
        if let text = try reader.string("refusal") { answers.append(("refusal", .refusal(text))) }
        if try reader.bool("length_cutoff") == true { answers.append(("length_cutoff", .lengthCutoff)) }
        if try reader.bool("content_filter") == true { answers.append(("content_filter", .contentFilter)) }
        if try reader.bool("malformed_output") == true { answers.append(("malformed_output", .malformedOutput)) }
        if let names = try reader.strings("tool_calls") {
            let names = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw SandboxError.invalidBehavior("tool_calls must name at least one tool") }
            answers.append(("tool_calls", .toolCalls(names)))
        }
        if try reader.bool("pause_turn") == true { answers.append(("pause_turn", .pauseTurn)) }
        if let text = try reader.string("answer_text") { answers.append(("answer_text", .text(text))) }
        guard answers.count <= 1 else {
            throw SandboxError.invalidBehavior("only one answer key at a time, not \(answers.map(\.key).joined(separator: ", "))")
        }
        return answers.first?.answer
    }

    private static func splitting(_ reader: inout FieldReader) throws -> SandboxBehavior.Splitting {
        if let every = try reader.count("split_every") { return .every(max(1, every)) }
        guard let split = try reader.object("split") else { return .none }
        var inner = FieldReader(fields: split, prefix: "split.")
        if let every = try inner.count("every") {
            try inner.rejectUnread()
            return .every(max(1, every))
        }
        if let offsets = try inner.counts("at") {
            try inner.rejectUnread()
            return .at(offsets)
        }
        if let random = try inner.object("random") {
            var options = FieldReader(fields: random, prefix: "split.random.")
            let seed = try options.count("seed") ?? 1
            let maxSize = try options.count("max_size") ?? 16
            try options.rejectUnread()
            try inner.rejectUnread()
            return .random(seed: UInt64(seed), maxSize: max(1, maxSize))
        }
        throw SandboxError.invalidBehavior("split takes every, at or random")
    }

    /// `key=value,key=value` into the JSON form's fields: numbers and booleans typed, dashes as underscores,
    /// `header.NAME` into `headers`, `split-every` kept as its own key, `tool_calls=a+b` into a list of names.
    private static func fields(fromPairs text: String) throws -> [String: SpecValue] {
        var fields: [String: SpecValue] = [:]
        var headers: [String: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw SandboxError.invalidBehavior("\(pair) is not key=value")
            }
            let key = pair[..<equals].trimmingCharacters(in: .whitespaces)
            let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if key.lowercased().hasPrefix("header.") {
                headers[String(key.dropFirst("header.".count))] = value
                continue
            }
            let name = key.replacingOccurrences(of: "-", with: "_")
            if ["path", "error_type", "error_code", "error_message", "raw_body", "content_type", "refusal", "answer_text"].contains(name) {
                fields[name] = .string(value)
            } else if name == "tool_calls" {
                fields[name] = .array(value.split(separator: "+").map { .string(String($0)) })
            } else if value == "true" || value == "false" {
                fields[name] = .bool(value == "true")
            } else if let number = Double(value) {
                fields[name] = .number(number)
            } else {
                fields[name] = .string(value)
            }
        }
        if !headers.isEmpty { fields["headers"] = .object(headers.mapValues { .string($0) }) }
        return fields
    }
}

/// A JSON value read strictly: a number is never taken for a boolean or the other way round.
enum SpecValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SpecValue])
    case object([String: SpecValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([SpecValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: SpecValue].self))
        }
    }
}

/// Reads typed fields from a JSON object and remembers which it read, so unknown keys can be refused.
private struct FieldReader {
    let fields: [String: SpecValue]
    var prefix = ""
    var read: Set<String> = []

    private mutating func value(_ key: String) -> SpecValue? {
        read.insert(key)
        guard let value = fields[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    private func invalid(_ key: String, _ expected: String) -> SandboxError {
        .invalidBehavior("\(prefix)\(key) must be \(expected)")
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw invalid(key, "a string") }
        return string
    }

    mutating func double(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else { throw invalid(key, "a number") }
        return number
    }

    mutating func seconds(_ key: String) throws -> TimeInterval? {
        guard let seconds = try double(key) else { return nil }
        guard seconds >= 0, seconds <= 3600 else { throw invalid(key, "seconds between 0 and 3600") }
        return seconds
    }

    mutating func int(_ key: String) throws -> Int? {
        guard let number = try double(key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e15 else { throw invalid(key, "a whole number") }
        return Int(number)
    }

    mutating func count(_ key: String) throws -> Int? {
        guard let number = try int(key) else { return nil }
        guard number >= 0 else { throw invalid(key, "zero or more") }
        return number
    }

    mutating func counts(_ key: String) throws -> [Int]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw invalid(key, "a list of whole numbers") }
        return try items.map { item in
            guard case .number(let number) = item, number >= 0, number == number.rounded(), number < 1e15 else {
                throw invalid(key, "a list of whole numbers")
            }
            return Int(number)
        }
    }

    mutating func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw invalid(key, "a list of strings") }
        return try items.map { item in
            guard case .string(let string) = item else { throw invalid(key, "a list of strings") }
            return string
        }
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let bool) = value else { throw invalid(key, "true or false") }
        return bool
    }

    mutating func object(_ key: String) throws -> [String: SpecValue]? {
        guard let value = value(key) else { return nil }
        guard case .object(let object) = value else { throw invalid(key, "an object") }
        return object
    }

    mutating func stringMap(_ key: String) throws -> [String: String] {
        guard let object = try object(key) else { return [:] }
        var map: [String: String] = [:]
        for (name, value) in object {
            guard case .string(let string) = value else { throw invalid("\(key).\(name)", "a string") }
            map[name] = string
        }
        return map
    }

    func rejectUnread() throws {
        let unknown = Set(fields.keys).subtracting(read).sorted()
        if !unknown.isEmpty {
            throw SandboxError.invalidBehavior("unknown key\(unknown.count == 1 ? "" : "s"): \(unknown.map { prefix + $0 }.joined(separator: ", "))")
        }
    }
}
