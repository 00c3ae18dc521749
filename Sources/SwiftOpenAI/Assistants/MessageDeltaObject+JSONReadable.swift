@_spi(Streaming) import AICore
import Foundation

// The fast path of an Assistants run stream's hot event: `thread.message.delta` with a text fragment makes up
// nearly every event of a run. It is read with AICore's JSONReader; `JSONDecoder` stays the reference and takes
// every other event, and any delta the reader doesn't fully accept (an image part, annotations, a refusal, a field
// it doesn't know, a key sent twice).

/// What the readers throw to leave a payload to the decoder.
private struct NotAFragment: Error {}

extension MessageDeltaObject {
    /// The fields the reader fills, per model; the coverage test checks them against the models' stored
    /// properties, so a field added to a model fails the test until the reader reads it or declines on it.
    static let readerFields: [String: Set<String>] = [
        "MessageDeltaObject": ["id", "object", "delta"],
        "Delta": ["role", "content"],
        "Text": ["type", "text", "index"],
        "TextContent": ["value", "annotations"],
    ]

    /// Reads a message delta whose parts are all plain text (no annotations), or returns nil to leave the payload
    /// to `FastJSONDecoder`. Debug test runs check every delta it reads against `JSONDecoder`.
    package static func readTextFragment(_ data: Data) throws -> MessageDeltaObject? {
        try JSONReader.readOrDecline(data) { try MessageDeltaObject(readingFragment: &$0) }
    }

    private init(readingFragment reader: inout JSONReader) throws {
        var id: String?, object: String?, delta: Delta?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("id") {
                try seen.first(0)
                id = try reader.readString()
            } else if key.matches("object") {
                try seen.first(1)
                object = try reader.readString()
            } else if key.matches("delta") {
                try seen.first(2)
                delta = try Delta(readingFragment: &reader)
            } else {
                throw NotAFragment()
            }
        }
        guard let id, let object, let delta else { throw NotAFragment() }
        self.init(id: id, object: object, delta: delta)
    }
}

extension MessageDeltaObject.Delta {
    fileprivate init(readingFragment reader: inout JSONReader) throws {
        var role: String?, content: [MessageContent]?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("role") {
                try seen.first(0)
                role = try reader.readOptional { try $0.readString() }
            } else if key.matches("content") {
                try seen.first(1)
                content = try reader.readOptional { try $0.readArray(of: { .text(try Text(readingFragment: &$0)) }) }
            } else {
                throw NotAFragment()
            }
        }
        self.init(role: role, content: content ?? [])
    }

    private init(role: String?, content: [MessageContent]) {
        self.role = role
        self.content = content
    }
}

extension Text {
    /// A `text` part without annotations; anything else makes the reader decline.
    fileprivate init(readingFragment reader: inout JSONReader) throws {
        var isText = false, index: Int?, text: TextContent?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("type") {
                try seen.first(0)
                guard try reader.readSymbol().matches("text") else { throw NotAFragment() }
                isText = true
            } else if key.matches("index") {
                try seen.first(1)
                index = try reader.readOptional { try $0.readInt() }
            } else if key.matches("text") {
                try seen.first(2)
                text = try TextContent(readingFragment: &reader)
            } else {
                throw NotAFragment()
            }
        }
        guard isText, let text else { throw NotAFragment() }
        self.init(type: "text", text: text, index: index)
    }
}

extension Text.TextContent {
    fileprivate init(readingFragment reader: inout JSONReader) throws {
        var value: String?
        var seen = SeenKeys()
        try reader.readObject { reader, key in
            if key.matches("value") {
                try seen.first(0)
                value = try reader.readString()
            } else if key.matches("annotations") {
                try seen.first(1)
                // An empty list is read here; annotations go to JSONDecoder.
                _ = try reader.readOptional { try $0.readArray(of: { _ -> Int in throw NotAFragment() }) }
            } else {
                throw NotAFragment()
            }
        }
        guard let value else { throw NotAFragment() }
        self.init(value: value, annotations: [])
    }
}
