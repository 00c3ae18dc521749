/// ASCII-only helpers for the per-request path: header values, media types and paths are ASCII, and Foundation's
/// `trimmingCharacters(in:)` and `contains(_:)` bridge through `NSString` on Linux, which showed up in the relay's
/// profile at a few percent of a request.
extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces and tabs.
    public var trimmingASCIIWhitespace: Substring {
        let text = self[...]
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    /// The media type of a `Content-Type` value, lowercased, parameters dropped (`"Text/Event-Stream; charset=utf-8"`
    /// → `"text/event-stream"`).
    public var mediaType: String {
        let type = self[...].prefix { $0 != ";" }
        return String(type.trimmingASCIIWhitespace).lowercased()
    }

    /// Whether the UTF-8 bytes of `needle` occur in this text.
    public func containsBytes(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        return pattern.isEmpty || utf8.firstRange(of: pattern) != nil
    }
}
