import HTTPTypes

/// Method and path pattern → handler, matched by path segment.
///
/// A literal segment wins over a `{parameter}`, which wins over a `{rest...}` (tried only when no more specific
/// route has the path, with any method), whatever the order of registration,
/// so `/v1/files/{file_id}` and `/v1/files/search` can both exist. A path that matches with another method is
/// ``Match/methodNotAllowed(allowed:)`` (405 with `Allow`), a path that matches nothing ``Match/notFound``.
/// The table stores any `Handler`: each server decides what its handlers take and return.
public struct RouteTable<Handler: Sendable>: Sendable {
    /// The outcome of looking a request up.
    public enum Match {
        case found(Handler, PathParameters)
        /// The path exists for these methods only.
        case methodNotAllowed(allowed: [HTTPRequest.Method])
        case notFound
    }

    /// One path position. A value type (children in a dictionary and an array, which store them out of line), so
    /// the table is plainly `Sendable` and copying it copies the routes.
    private struct Node: Sendable {
        var literals: [String: Node] = [:]
        /// The `{name}` child: at most one element.
        var parameter: [Node] = []
        var parameterName = ""
        var restName = ""
        var restHandlers: [HTTPRequest.Method: Handler] = [:]
        var restOrder: [HTTPRequest.Method] = []
        var handlers: [HTTPRequest.Method: Handler] = [:]
        /// Methods in registration order, for a stable `Allow` header.
        var order: [HTTPRequest.Method] = []

        mutating func insert(
            _ method: HTTPRequest.Method, _ segments: ArraySlice<RoutePattern.Segment>, _ handler: Handler, pattern: RoutePattern
        ) {
            guard let first = segments.first else {
                precondition(handlers[method] == nil, "route \(method) \(pattern) registered twice")
                handlers[method] = handler
                order.append(method)
                return
            }
            switch first {
            case .literal(let text):
                literals[text, default: Node()].insert(method, segments.dropFirst(), handler, pattern: pattern)
            case .parameter(let name):
                if parameter.isEmpty {
                    parameter = [Node()]
                    parameterName = name
                }
                precondition(parameterName == name, "route \(pattern): {\(name)} where another route has {\(parameterName)}")
                parameter[0].insert(method, segments.dropFirst(), handler, pattern: pattern)
            case .rest(let name):
                if restOrder.isEmpty { restName = name }
                precondition(restName == name, "route \(pattern): {\(name)...} where another route has {\(restName)...}")
                precondition(restHandlers[method] == nil, "route \(method) \(pattern) registered twice")
                restHandlers[method] = handler
                restOrder.append(method)
            }
        }
    }

    private var root = Node()

    public init() {}

    /// Registers `handler` for `method` on `pattern`. Registering the same method and pattern twice, or two
    /// parameter names at one position, is a programming error and stops the program.
    public mutating func add(_ method: HTTPRequest.Method, _ pattern: RoutePattern, _ handler: Handler) {
        root.insert(method, pattern.segments[...], handler, pattern: pattern)
    }

    /// The handler for `method` and `path` (a path without its query), with the parameters' values.
    public func match(_ method: HTTPRequest.Method, path: String) -> Match {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var parameters = PathParameters()
        var allowed: [HTTPRequest.Method] = []
        if let handler = Self.find(method, segments[...], in: root, parameters: &parameters, allowed: &allowed) {
            return .found(handler, parameters)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// Depth first, literal before parameter before rest; collects the methods of paths that matched without
    /// `method` into `allowed`.
    private static func find(
        _ method: HTTPRequest.Method, _ segments: ArraySlice<Substring>, in node: Node, parameters: inout PathParameters,
        allowed: inout [HTTPRequest.Method]
    ) -> Handler? {
        guard let first = segments.first else {
            if let handler = node.handlers[method] { return handler }
            allowed.append(contentsOf: node.order.filter { !allowed.contains($0) })
            return nil
        }
        let remaining = segments.dropFirst()
        let allowedBefore = allowed.count
        if let next = node.literals[String(first)],
            let handler = find(method, remaining, in: next, parameters: &parameters, allowed: &allowed)
        {
            return handler
        }
        if let next = node.parameter.first {
            let saved = parameters
            parameters[node.parameterName] = String(first)
            if let handler = find(method, remaining, in: next, parameters: &parameters, allowed: &allowed) { return handler }
            parameters = saved
        }
        // A `{rest...}` route is the fallback for paths nothing more specific knows: where a more specific route
        // matched the path with other methods, the answer is 405, not the fallback.
        if !node.restOrder.isEmpty, allowed.count == allowedBefore {
            if let handler = node.restHandlers[method] {
                parameters[node.restName] = segments.joined(separator: "/")
                return handler
            }
            allowed.append(contentsOf: node.restOrder.filter { !allowed.contains($0) })
        }
        return nil
    }
}
