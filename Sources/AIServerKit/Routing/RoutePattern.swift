/// A path pattern such as `/v1/files/{file_id}/content`: literal segments, `{name}` segments that match any one
/// segment, and an optional last `{name...}` segment that matches the rest of the path (one segment or more).
///
/// Paths are compared by segment, empty segments left out (`/v1/files/` is `/v1/files`), as the sandbox always
/// has; segments are matched as sent, without percent-decoding.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    let segments: [Segment]
    public let description: String

    /// Reads a pattern; a malformed one (an empty or unclosed `{}`, a `{name...}` that is not last) is a
    /// programming error in a route registration and stops the program with the pattern in the message.
    public init(_ pattern: String) {
        var segments: [Segment] = []
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        for (index, part) in parts.enumerated() {
            guard part.hasPrefix("{") else {
                precondition(!part.contains("{") && !part.contains("}"), "route pattern \(pattern): braces inside a segment")
                segments.append(.literal(String(part)))
                continue
            }
            precondition(part.hasSuffix("}") && part.count > 2, "route pattern \(pattern): malformed parameter \(part)")
            let name = part.dropFirst().dropLast()
            if name.hasSuffix("...") {
                precondition(index == parts.count - 1, "route pattern \(pattern): \(part) must be the last segment")
                segments.append(.rest(String(name.dropLast(3))))
            } else {
                segments.append(.parameter(String(name)))
            }
        }
        self.segments = segments
        self.description = pattern
    }
}

extension RoutePattern: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value) }
}

/// The values a matched path gave a pattern's parameters.
public struct PathParameters: Sendable, Hashable {
    private var values: [String: String] = [:]

    public init() {}

    /// The value of `{name}` (for `{name...}`: the rest of the path, segments joined with `/`).
    public subscript(_ name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
