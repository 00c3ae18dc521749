import Foundation

/// One entry of `Limits.allowedEndpoints`: a method and a path pattern, `POST /openai/deployments/*/chat/completions`.
///
/// `*` as a segment matches exactly one segment; `**` as the last segment matches any rest (none included), so
/// `GET /v1/models/**` allows `/v1/models` and every model. The method `*` matches any method. Segments are
/// compared exactly (case matters, as it does upstream); the query is never part of the match. A path is matched
/// only once the relay's `RequestPath` has accepted it, so traversal can't reach outside a pattern.
public struct EndpointPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case any
        case rest
    }

    /// The method in upper case, or nil for `*`.
    public let method: String?
    public let segments: [Segment]
    public let description: String

    /// Parses `METHOD /path`.
    ///
    /// - Throws: `RelayError.badRequest` when the entry has no method, a path not starting with `/`, a query, or
    ///   `**` anywhere but last.
    public init(_ text: String) throws(RelayError) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else {
            throw .badRequest("The endpoint pattern '\(text)' must be 'METHOD /path', e.g. 'POST /v1/chat/completions'.")
        }
        let method = parts[0].uppercased()
        guard method == "*" || (method.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw .badRequest("The endpoint pattern '\(text)' has an invalid method.")
        }
        let path = parts[1]
        guard path.hasPrefix("/"), !path.utf8.contains(UInt8(ascii: "?")) else {
            throw .badRequest("The endpoint pattern '\(text)' must have a path starting with '/' and no query.")
        }
        var segments: [Segment] = []
        let pieces = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case "":
                throw .badRequest("The endpoint pattern '\(text)' has an empty path segment.")
            case "*":
                segments.append(.any)
            case "**":
                guard index == pieces.count - 1 else {
                    throw .badRequest("The endpoint pattern '\(text)' may use '**' only as its last segment.")
                }
                segments.append(.rest)
            default:
                segments.append(.literal(String(piece)))
            }
        }
        self.method = method == "*" ? nil : method
        self.segments = segments
        description = "\(method) \(path)"
    }

    /// Whether a request with `method` (any case) to a path of `requested` segments (as `RequestPath` splits it) is
    /// what this pattern allows.
    public func matches(method requestMethod: String, segments requested: [Substring]) -> Bool {
        if let method, method != requestMethod.uppercased() { return false }
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest:
                return true
            case .any:
                guard index < requested.count else { return false }
            case .literal(let literal):
                guard index < requested.count, requested[index] == literal else { return false }
            }
        }
        return requested.count == segments.count
    }

    /// Whether this pattern matches every request `other` matches: how a client token's claimed endpoints are
    /// checked against its project's (a claim never widens).
    public func covers(_ other: EndpointPattern) -> Bool {
        if let method, method != other.method { return false }
        if segments.last == .rest {
            // The segments before the `**` must each cover the other's; whatever the other has after them (nothing
            // included), the `**` matches.
            let fixed = segments.dropLast()
            return other.segments.count >= fixed.count && zip(fixed, other.segments).allSatisfy(Self.covers)
        }
        return segments.count == other.segments.count && zip(segments, other.segments).allSatisfy(Self.covers)
    }

    private static func covers(_ segment: Segment, _ other: Segment) -> Bool {
        switch (segment, other) {
        case (_, .rest): false
        case (.any, _): true
        case (.literal(let a), .literal(let b)): a == b
        default: false
        }
    }

    /// `entry` parsed, from a cache (nil when it doesn't parse): every request checks its project's patterns, and
    /// parsing them each time showed in the relay's profile. Bounded: emptied when it holds 4,096 patterns.
    public static func parsed(_ entry: String) -> EndpointPattern? {
        if let cached = cache[entry] { return cached }
        let pattern = try? EndpointPattern(entry)
        cache.insert(pattern, for: entry)
        return pattern
    }

    /// Parsed patterns by their text (`nil` for text that doesn't parse).
    private static let cache = BoundedCache<String, EndpointPattern?>(capacity: 4_096)
}
