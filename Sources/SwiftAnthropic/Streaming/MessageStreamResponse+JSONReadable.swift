@_spi(Streaming) import AICore
import Foundation

// The fast path of a streamed message's hot event: `content_block_delta` with a text, tool-input, thinking or
// signature fragment makes up nearly every event of a stream. It is read with AICore's JSONReader; `JSONDecoder`
// stays the reference and takes every other event, and any delta the reader doesn't fully accept (a citation, a
// compaction summary, a field it doesn't know, a key sent twice).

/// What the readers throw to leave a payload to the decoder.
private struct NotAFragment: Error {}

extension MessageStreamResponse {
    /// The fields of ``MessageStreamResponse`` the reader fills (a `content_block_delta` has no others); the
    /// coverage test checks this list against the type's stored properties.
    static let readerFields: Set<String> = ["type", "index", "delta"]

    /// Reads a `content_block_delta` event carrying a text, tool-input, thinking or signature fragment, or
    /// returns nil to leave the payload to `FastJSONDecoder`. Debug test runs check every event it reads against
    /// `JSONDecoder`.
    package static func readFragment(_ data: Data) throws -> MessageStreamResponse? {
        try JSONReader.readOrDecline(data) { reader in
            var isDelta = false, index: Int?, delta: Delta?
            var seen = SeenKeys()
            try reader.readObject { reader, key in
                if key.matches("type") {
                    try seen.first(0)
                    // Other events stop here (the API writes `type` first).
                    guard try reader.readSymbol().matches("content_block_delta") else { throw NotAFragment() }
                    isDelta = true
                } else if key.matches("index") {
                    try seen.first(1)
                    index = try reader.readOptional { try $0.readInt() }
                } else if key.matches("delta") {
                    try seen.first(2)
                    delta = try Delta(readingFragment: &reader)
                } else {
                    throw NotAFragment()
                }
            }
            guard isDelta, let delta else { throw NotAFragment() }
            return MessageStreamResponse(
                type: "content_block_delta", index: index, contentBlock: nil, message: nil, delta: delta, usage: nil,
                error: nil, contextManagement: nil)
        }
    }
}

extension MessageStreamResponse.Delta {
    /// The fields of ``MessageStreamResponse/Delta`` the reader fills; every other field makes it decline (the
    /// coverage test checks this list against the type's stored properties).
    static let readerFields: Set<String> = ["type", "text", "partialJson", "thinking", "signature"]

    /// Reads a `text_delta`, `input_json_delta`, `thinking_delta` or `signature_delta` object; throws for any
    /// other delta, and for any key it doesn't read.
    fileprivate init(readingFragment reader: inout JSONReader) throws {
        var type: String?, text: String?, partialJson: String?, thinking: String?, signature: String?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("type") {
                try seen.first(0)
                let symbol = try reader.readSymbol()
                if symbol.matches("text_delta") {
                    type = "text_delta"
                } else if symbol.matches("input_json_delta") {
                    type = "input_json_delta"
                } else if symbol.matches("thinking_delta") {
                    type = "thinking_delta"
                } else if symbol.matches("signature_delta") {
                    type = "signature_delta"
                } else {
                    throw NotAFragment()
                }
            } else if key.matches("text") {
                try seen.first(1)
                text = try reader.readOptional { try $0.readString() }
            } else if key.matches("partial_json") {
                try seen.first(2)
                partialJson = try reader.readOptional { try $0.readString() }
            } else if key.matches("thinking") {
                try seen.first(3)
                thinking = try reader.readOptional { try $0.readString() }
            } else if key.matches("signature") {
                try seen.first(4)
                signature = try reader.readOptional { try $0.readString() }
            } else {
                throw NotAFragment()
            }
        }
        guard let type else { throw NotAFragment() }
        self.init(type: type, text: text, partialJson: partialJson, thinking: thinking, signature: signature)
    }
}
