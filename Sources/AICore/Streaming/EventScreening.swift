import Foundation

/// `data: [DONE]`, made once.
private let doneMarker = Data("[DONE]".utf8)
/// The start of an error payload sent without an `event: error` line.
private let errorTypePrefix: StaticString = #"{"type":"error""#

/// Whether `data` starts with `prefix`, by one `memcmp` (`Data.starts(with:)` walks both through iterators: 3%
/// of a chat stream's CPU, measured with perf).
private func hasPrefix(_ data: Data, _ prefix: StaticString) -> Bool {
    guard data.count >= prefix.utf8CodeUnitCount else { return false }
    return data.withUnsafeBytes { memcmp($0.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0 }
}

/// What ``EventStreamHandler`` does with an event before decoding it — the part of its work that doesn't depend on
/// the element type, so it is compiled once, here, while the part that does is compiled in each provider's module.
@usableFromInline
package enum EventScreening {
    /// Not an element: ignore it (empty, or an event the provider sends no elements in).
    case skip
    /// The stream is complete.
    case finish
    /// The `[DONE]` end marker, for streams that have one.
    case endMarker
    /// An element to decode.
    case decode

    /// Screens `event`; throws ``APIError`` for an in-stream error (an `error` event, or a payload starting
    /// `{"type":"error"`).
    ///
    /// - Parameters:
    ///   - hasEndMarker: whether `[DONE]` means the end (else it is decoded like any payload).
    ///   - finishing: the final element arrived and the stream ends right after it.
    @usableFromInline
    package init(
        _ event: ServerSentEvent, context: StreamContext, events: StreamEventSelection, hasEndMarker: Bool, finishing: Bool
    ) throws {
        if finishing {
            self = .finish
            return
        }
        let data = event.data
        if data.isEmpty {
            self = .skip
            return
        }
        if hasEndMarker, data.count == 6, data == doneMarker {
            self = .endMarker
            return
        }
        if event.event == "error" || hasPrefix(data, errorTypePrefix) {
            throw APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
        }
        switch events {
        case .unnamed:
            if let name = event.event, name != "message" {
                self = .skip
                return
            }
        case .all(let skipped):
            if !skipped.isEmpty, let name = event.event, skipped.contains(name) {
                self = .skip
                return
            }
        case .named:
            if event.event == nil {
                self = .skip
                return
            }
        }
        self = .decode
    }

    /// The error for a payload that didn't decode: the provider's error when the payload is one (`{"type":"error",
    /// …}` with other spacing, or `{"error": {…}}`), else `.decoding` with the payload kept.
    @usableFromInline
    package static func decodingFailure(
        _ error: any Error, data: Data, context: StreamContext, decoder: FastJSONDecoder, what: String
    ) -> APIError {
        if (try? decoder.decode(ErrorProbe.self, from: data))?.isError == true {
            return APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
        }
        return APIError.decoding(error, body: data, status: context.status, headers: context.headers, what: what)
    }

    /// The error for an element that reports one (a Responses `error` event).
    @usableFromInline
    package static func streamError(_ data: Data, context: StreamContext) -> APIError {
        APIError.fromStreamPayload(data, headers: context.headers, status: context.status)
    }

    /// Recognises error payloads that aren't elements: `{"type":"error", …}` with other spacing, or `{"error": {…}}`.
    private struct ErrorProbe: Decodable {
        let type: String?
        let error: JSONValue?
        var isError: Bool { type == "error" || (error != nil && error != .null) }
    }
}
