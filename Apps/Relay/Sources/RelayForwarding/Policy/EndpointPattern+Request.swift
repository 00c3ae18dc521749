import HTTPTypes
import RelayCore

extension EndpointPattern {
    /// Whether a request with `method` to `path` is what this pattern allows. A path is matched only once
    /// ``RequestPath`` has accepted it, so traversal can't reach outside a pattern.
    public func matches(method: HTTPRequest.Method, path: RequestPath) -> Bool {
        matches(method: method.rawValue, segments: path.segments)
    }

    /// Whether any of `entries` allows the request. Entries that don't parse allow nothing (deny by default).
    public static func allows(_ entries: [String], method: HTTPRequest.Method, path: RequestPath) -> Bool {
        entries.contains { entry in
            parsed(entry)?.matches(method: method, path: path) ?? false
        }
    }
}
