import AIServerKit
import HTTPTypes

/// What a sandbox route handler gets: the request, the path's parameters, the sandbox's state and the queued
/// behavior's model answer (for the routes where a model answers).
struct SandboxRouteRequest {
    let request: RecordedRequest
    let parameters: PathParameters
    let state: SandboxState
    let answer: SandboxBehavior.ModelAnswer?

    /// The value of the pattern's `{name}` (present whenever the route matched).
    func parameter(_ name: String) -> String { parameters[name] ?? "" }

    /// The body as a JSON object; `[:]` for an empty or non-object body (the router has already answered 400 to
    /// a JSON body that does not parse).
    var json: JSON { request.jsonBody ?? [:] }
}

/// One provider's routes: method + path pattern → handler.
struct SandboxRoutes: Sendable {
    typealias Handler = @Sendable (SandboxRouteRequest) -> ResponsePlan

    /// The methods a route that answers every method (with its own error for the wrong one) is registered for.
    static let anyMethod: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options]

    private(set) var table = RouteTable<Handler>()

    /// Registers `handler` for `method` on `pattern` (e.g. `.get, "/v1/files/{file_id}/content"`).
    mutating func add(_ method: HTTPRequest.Method, _ pattern: RoutePattern, _ handler: @escaping Handler) {
        table.add(method, pattern, handler)
    }

    /// Registers `handler` for each of `methods` on `pattern`.
    mutating func add(_ methods: [HTTPRequest.Method], _ pattern: RoutePattern, _ handler: @escaping Handler) {
        for method in methods { table.add(method, pattern, handler) }
    }
}
