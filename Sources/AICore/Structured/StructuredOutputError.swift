import Foundation

/// Why a structured answer did not become a typed value. Each case keeps the provider's whole response in
/// ``rawResponse`` (a `ChatCompletionObject`, `ResponseModel` or `MessageResponse`), so nothing received is lost.
public struct StructuredOutputError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The model declined; the text is its explanation.
        case refusal(String)
        /// The answer hit the token limit (`finish_reason: length`, `max_output_tokens`, `max_tokens`) before the
        /// JSON was complete.
        case lengthLimit
        /// The provider's content filter stopped the answer.
        case contentFilter
        /// The answer had no text to decode (e.g. only tool calls).
        case noContent
        /// The text is not JSON of the requested type; `message` says where decoding failed.
        case invalidJSON(message: String)
    }

    public let reason: Reason
    /// The answer's text as received (possibly cut off).
    public let text: String?
    /// The provider's response object.
    public let rawResponse: (any Sendable)?

    public init(reason: Reason, text: String?, rawResponse: (any Sendable)?) {
        self.reason = reason
        self.text = text
        self.rawResponse = rawResponse
    }

    public var description: String {
        switch reason {
        case .refusal(let text): "The model refused: \(text)"
        case .lengthLimit: "The structured answer was cut off at the token limit before its JSON was complete."
        case .contentFilter: "The structured answer was stopped by the content filter."
        case .noContent: "The answer had no text to decode."
        case .invalidJSON(let message): "The structured answer is not valid JSON for the requested type: \(message)"
        }
    }
}

/// What a streamed structured answer is so far.
public struct StructuredSnapshot<Output: StructuredOutput>: Sendable {
    /// The text received so far.
    public let text: String
    /// The completed part of the JSON (see ``PartialJSON``), nil before the first `{`.
    public let json: JSONValue?
    /// The partial value: every field received so far, the others nil.
    public let partial: Output.Partial?
    /// The final value; set on the last snapshot only.
    public let value: Output?

    public init(text: String, json: JSONValue?, partial: Output.Partial?, value: Output?) {
        self.text = text
        self.json = json
        self.partial = partial
        self.value = value
    }

    public var isComplete: Bool { value != nil }
}

/// Decoding structured answers: one decoder setup for every provider (ISO 8601 dates, as the schemas of
/// `Date` say).
package enum StructuredOutputDecoding {
    /// The one check every provider's answer goes through before decoding: a refusal (non-nil), a cut-off, the content
    /// filter or no text is a ``StructuredOutputError`` that keeps `rawResponse`.
    package static func requireAnswer(
        text: String?, refusal: String?, lengthLimit: Bool, contentFilter: Bool, rawResponse: (any Sendable)?
    ) throws {
        if let refusal {
            throw StructuredOutputError(reason: .refusal(refusal), text: text, rawResponse: rawResponse)
        }
        if lengthLimit { throw StructuredOutputError(reason: .lengthLimit, text: text, rawResponse: rawResponse) }
        if contentFilter { throw StructuredOutputError(reason: .contentFilter, text: text, rawResponse: rawResponse) }
        if text?.isEmpty ?? true { throw StructuredOutputError(reason: .noContent, text: text, rawResponse: rawResponse) }
    }

    package static func decode<Output: StructuredOutput>(
        _ type: Output.Type, from text: String, rawResponse: (any Sendable)?
    ) throws -> Output {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Output.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw StructuredOutputError(
                reason: .invalidJSON(message: describe(error)), text: text, rawResponse: rawResponse)
        }
    }

    /// A snapshot of `text` as a partial answer.
    package static func snapshot<Output: StructuredOutput>(_ type: Output.Type, text: String) -> StructuredSnapshot<Output> {
        let json = PartialJSON.parse(text)
        var partial: Output.Partial?
        if let json, let data = try? JSONEncoder().encode(json) {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            partial = try? decoder.decode(Output.Partial.self, from: data)
        }
        return StructuredSnapshot(text: text, json: json, partial: partial, value: nil)
    }

    package static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(key.stringValue) at \(path(context))"
        case .typeMismatch(let type, let context): return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "missing \(type) value at \(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription) at \(path(context))"
        @unknown default: return String(describing: error)
        }
    }
}
