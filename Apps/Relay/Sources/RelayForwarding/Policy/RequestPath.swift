import RelayCore

/// The part of a proxied request's target after `/{project}/{provider}`, checked to be a plain path the relay can
/// match and forward safely.
///
/// Traversal and smuggling tricks are refused before any matching, so an allowed pattern can't be escaped:
/// `..` and `.` segments (also percent-encoded, as `%2e%2e`), empty segments (`//`), backslashes, encoded slashes
/// and backslashes (`%2F`, `%5C`), encoded percent signs (`%25`, double encoding), absolute URLs (`http://…`),
/// fragments, control characters, spaces and raw non-ASCII bytes. The query is kept as written (it is forwarded)
/// but must be free of control characters too.
public struct RequestPath: Sendable, Equatable {
    /// The path without the query, starting with `/` (`/v1/chat/completions`).
    public let path: String
    /// The query without its `?` (`api-version=2024-10-21`), or nil when there is none.
    public let query: String?
    /// The path's segments as written (still percent-encoded).
    public let segments: [Substring]

    /// Checks `rest` (path and optional query, as the client sent them).
    ///
    /// - Throws: `RelayError.badRequest` naming what is wrong with the path.
    public init(_ rest: String) throws(RelayError) {
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let query = parts.count > 1 ? String(parts[1]) : nil
        guard path.hasPrefix("/") else { throw .badRequest("The request path must start with '/'.") }
        for byte in rest.utf8 {
            guard byte >= 0x21, byte < 0x7F else {
                throw .badRequest("The request path contains a control character, a space or a non-ASCII byte.")
            }
            guard byte != UInt8(ascii: "\\") else { throw .badRequest("The request path contains a backslash.") }
            guard byte != UInt8(ascii: "#") else { throw .badRequest("The request path contains a fragment.") }
        }
        if path.containsBytes("://") { throw .badRequest("The request path must not be an absolute URL.") }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            guard !segment.isEmpty else { throw .badRequest("The request path contains an empty segment ('//' or a trailing '/').") }
            let decoded = try Self.decodeSegment(segment)
            guard decoded != ".", decoded != ".." else { throw .badRequest("The request path contains a '.' or '..' segment.") }
        }
        self.path = path
        self.query = query
        self.segments = segments
    }

    /// Path and query as they go upstream.
    public var pathAndQuery: String { query.map { "\(path)?\($0)" } ?? path }

    /// A segment's text with percent escapes decoded, refusing escapes that would change how the path is split or
    /// decoded again (`/`, `\`, `%`), control characters and malformed escapes.
    private static func decodeSegment(_ segment: Substring) throws(RelayError) -> String {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return String(segment) }
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .badRequest("The request path contains a malformed percent escape.")
            }
            let decoded = high << 4 | low
            switch decoded {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "%"):
                throw .badRequest("The request path contains an encoded '/', '\\' or '%'.")
            case 0..<0x20, 0x7F:
                throw .badRequest("The request path contains an encoded control character.")
            default:
                bytes.append(decoded)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
