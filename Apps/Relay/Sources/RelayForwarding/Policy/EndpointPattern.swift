import Foundation
import HTTPTypes
import RelayCore

/// One entry of `Limits.allowedEndpoints`: a method and a path pattern, `POST /openai/deployments/*/chat/completions`.
///
/// `*` as a segment matches exactly one segment; `**` as the last segment matches any rest (none included), so
/// `GET /v1/models/**` allows `/v1/models` and every model. The method `*` matches any method. Segments are
/// compared exactly (case matters, as it does upstream); the query is never part of the match. A path is matched
/// only once ``RequestPath`` has accepted it, so traversal can't reach outside a pattern.
public struct EndpointPattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case any
        case rest
    }

    /// The method in upper case, or nil for `*`.
    let method: String?
    let segments: [Segment]
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

    /// Whether a request with `method` to `path` is what this pattern allows.
    public func matches(method requestMethod: HTTPRequest.Method, path: RequestPath) -> Bool {
        if let method, method != requestMethod.rawValue.uppercased() { return false }
        let requested = path.segments
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

    /// Whether any of `entries` allows the request. Entries that don't parse allow nothing (deny by default).
    public static func allows(_ entries: [String], method: HTTPRequest.Method, path: RequestPath) -> Bool {
        entries.contains { entry in
            parsed(entry)?.matches(method: method, path: path) ?? false
        }
    }

    /// `entry` parsed, from a cache: every request checks its project's patterns, and parsing them each time showed
    /// in the relay's profile. Bounded: emptied when it holds 4,096 patterns.
    static func parsed(_ entry: String) -> EndpointPattern? {
        if let cached = cache.withLock({ $0[entry] }) { return cached }
        let pattern = try? EndpointPattern(entry)
        cache.withLock { cache in
            if cache.count >= 4_096 { cache.removeAll(keepingCapacity: true) }
            cache[entry] = .some(pattern)
        }
        return pattern
    }

    private static let cache = PatternCache()
}

/// Parsed patterns by their text (`nil` for text that doesn't parse).
/// `@unchecked Sendable`: the dictionary is touched only under the lock.
private final class PatternCache: @unchecked Sendable {
    private let lock = NSLock()
    private var patterns: [String: EndpointPattern?] = [:]

    func withLock<T>(_ body: (inout [String: EndpointPattern?]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&patterns)
    }
}
