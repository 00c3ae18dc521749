import Foundation
import NIOCore
import RelayCore

/// Makes a chat-completions stream report its usage, so that a client that didn't ask for it is still charged
/// what it used.
///
/// OpenAI and Azure send a chat stream's usage only with `stream_options.include_usage: true`. When a client
/// streams without it, the relay sets it on the way up and removes what it adds on the way down with
/// ``InjectedUsageChunkFilter``, so the client sees the stream it asked for.
public enum ChatUsageInjection {
    /// Whether a request needs the injection: a chat-completions stream (OpenAI `/v1/chat/completions`, Azure
    /// `/openai/deployments/{name}/chat/completions` and `/openai/v1/chat/completions`) that doesn't already ask
    /// for its usage.
    public static func applies(provider: Provider, path: String, inspection: RequestInspection) -> Bool {
        guard inspection.stream, !inspection.includeUsage, provider != .anthropic else { return false }
        let segments = path.split(separator: "?", maxSplits: 1)[0].split(separator: "/")
        switch provider {
        case .openai:
            return segments == ["v1", "chat", "completions"]
        case .azure:
            return segments == ["openai", "v1", "chat", "completions"]
                || (segments.count == 5 && segments[0] == "openai" && segments[1] == "deployments" && segments[3...] == ["chat", "completions"])
        case .anthropic:
            return false
        }
    }

    /// The body with `stream_options.include_usage` set to `true`; every other byte is left as it was (the member
    /// is inserted first in the top-level object, or the existing `stream_options` value alone is replaced).
    ///
    /// - Throws: `RelayError.badRequest` when the body isn't a JSON object or `stream_options` isn't an object.
    public static func inject(into body: ByteBuffer) throws(RelayError) -> ByteBuffer {
        let result = body.withUnsafeReadableBytes { bytes in
            Result { () throws(RelayError) -> ByteBuffer in try inject(bytes) }
        }
        return try result.get()
    }

    private static func inject(_ bytes: UnsafeRawBufferPointer) throws(RelayError) -> ByteBuffer {
        let json: TopLevelJSON
        let found: TopLevelJSON.Member?
        do {
            json = try TopLevelJSON(bytes)
            found = try json.member("stream_options")
        } catch {
            throw .badRequest("The request body is not a JSON object, or repeats 'stream_options'.")
        }
        guard let existing = found else {
            let insertAt = json.objectStart + 1
            let separator = json.members.isEmpty ? "" : ","
            return splice(bytes, replacing: insertAt..<insertAt, with: #""stream_options":{"include_usage":true}"# + separator)
        }
        let replacement: String
        if TopLevelJSON.isNull(bytes, existing) {
            replacement = #"{"include_usage":true}"#
        } else {
            let slice = Data(TopLevelJSON.slice(bytes, existing))
            guard var options = (try? JSONSerialization.jsonObject(with: slice)) as? [String: Any] else {
                throw .badRequest("'stream_options' must be an object.")
            }
            options["include_usage"] = true
            guard let data = try? JSONSerialization.data(withJSONObject: options, options: [.sortedKeys, .withoutEscapingSlashes]) else {
                throw .badRequest("'stream_options' must be an object.")
            }
            replacement = String(decoding: data, as: UTF8.self)
        }
        return splice(bytes, replacing: existing.valueStart..<existing.valueEnd, with: replacement)
    }

    private static func splice(_ bytes: UnsafeRawBufferPointer, replacing range: Range<Int>, with text: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(bytes.count + text.utf8.count)
        buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[0..<range.lowerBound]))
        buffer.writeString(text)
        buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[range.upperBound...]))
        return buffer
    }
}
