import AIServerKit
import Foundation
import HTTPTypes

/// Chooses the route for a request: route tables per protocol, looked up by method and path.
///
/// Order, as the real services answer: the Realtime handshake paths, Azure (`/openai/…`, its own credentials and
/// error shape) and the image downloads need no OpenAI key; then a request speaking Anthropic (an Anthropic path
/// or an `anthropic-version` header) goes to the Anthropic table with Anthropic's checks and error shape; every
/// other request needs credentials and, when sent as JSON, a body that parses. A path with no route — or one with
/// a route for other methods only — is the provider's 404, as the real APIs answer it.
enum Router {
    /// Which error and stream-event shape a response takes (see ``ResponseActions``).
    enum Area: Sendable {
        case openAI, anthropic, responses, assistants
    }

    /// Routes that answer before the OpenAI credential check.
    static let unauthenticated: SandboxRoutes = {
        var routes = SandboxRoutes()
        RealtimeRoutes.register(on: &routes)
        AzureOpenAI.register(on: &routes)
        routes.add(.get, "/sandbox-files/images/{name}") { route in OpenAIImages.download(route.request.path) }
        return routes
    }()

    static let openAI: SandboxRoutes = {
        var routes = SandboxRoutes()
        OpenAIRoutes.register(on: &routes)
        return routes
    }()

    static let anthropic: SandboxRoutes = {
        var routes = SandboxRoutes()
        AnthropicMessages.register(on: &routes)
        AnthropicResources.register(on: &routes)
        AnthropicSkills.register(on: &routes)
        AnthropicManagedAgents.register(on: &routes)
        return routes
    }()

    /// The paths whose streams and errors take the Responses or Assistants event shapes (Azure's included).
    private static let areas: RouteTable<Area> = {
        var table = RouteTable<Area>()
        for method in SandboxRoutes.anyMethod {
            for prefix in ["/v1", "/openai/v1", "/openai"] {
                table.add(method, RoutePattern(prefix + "/responses"), .responses)
                table.add(method, RoutePattern(prefix + "/responses/{rest...}"), .responses)
                table.add(method, RoutePattern(prefix + "/threads"), .assistants)
                table.add(method, RoutePattern(prefix + "/threads/{rest...}"), .assistants)
            }
        }
        return table
    }()

    /// Whether a request speaks the Anthropic protocol (its errors then use Anthropic's shape): an Anthropic-only
    /// path, or the `anthropic-version` header every Anthropic client sends.
    static func isAnthropic(_ request: RecordedRequest) -> Bool {
        if request.header("anthropic-version") != nil { return true }
        guard let method = HTTPRequest.Method(request.method) else { return false }
        if case .found = anthropicOnly.match(method, path: request.path) { return true }
        return false
    }

    /// Paths only Anthropic has (a request to them without `anthropic-version` still gets Anthropic's answer).
    private static let anthropicOnly: RouteTable<Bool> = {
        var table = RouteTable<Bool>()
        for method in SandboxRoutes.anyMethod {
            table.add(method, "/v1/messages", true)
            table.add(method, "/v1/messages/{rest...}", true)
            table.add(method, "/v1/complete", true)
        }
        return table
    }()

    /// The plan for `request` and the shape its errors and stream faults take.
    /// - Parameter answer: the queued behavior's model-answer override, for the routes where a model answers
    ///   (chat completions, Responses, Anthropic messages).
    static func route(
        _ method: HTTPRequest.Method, _ request: RecordedRequest, state: SandboxState, answer: SandboxBehavior.ModelAnswer?
    ) -> (plan: ResponsePlan, area: Area) {
        let plan = plan(method, request, state: state, answer: answer)
        if isAnthropic(request) { return (plan, .anthropic) }
        if case .found(let area, _) = areas.match(method, path: request.path) { return (plan, area) }
        return (plan, .openAI)
    }

    /// The plan for a request (Azure re-dispatches its `/openai/v1/…` paths here as `/v1/…`).
    static func plan(for request: RecordedRequest, state: SandboxState, answer: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        guard let method = HTTPRequest.Method(request.method) else {
            return .error(status: 400, message: "Invalid method \(request.method).", type: "invalid_request_error")
        }
        return plan(method, request, state: state, answer: answer)
    }

    private static func plan(
        _ method: HTTPRequest.Method, _ request: RecordedRequest, state: SandboxState, answer: SandboxBehavior.ModelAnswer?
    ) -> ResponsePlan {
        if isAnthropic(request) {
            if state.requireAuthorization, let failure = AnthropicMessages.checkHeaders(request) { return failure }
            if hasMalformedJSON(request) {
                return AnthropicMessages.error(400, type: "invalid_request_error", message: "The request body is not valid JSON.")
            }
            return dispatch(anthropic, method, request, state: state, answer: answer)
                ?? AnthropicMessages.error(404, type: "not_found_error", message: "Not found: \(request.method) \(request.path)")
        }
        if let plan = dispatch(unauthenticated, method, request, state: state, answer: answer) {
            return plan
        }
        if state.requireAuthorization, !hasCredentials(request) {
            return .error(
                status: 401,
                message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
                type: "invalid_request_error", code: "invalid_api_key")
        }
        if hasMalformedJSON(request) {
            return .error(
                status: 400,
                message: "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
                type: "invalid_request_error")
        }
        return dispatch(openAI, method, request, state: state, answer: answer)
            ?? .error(
                status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error",
                code: "unknown_url")
    }

    /// Runs the route `routes` has for the request; nil when there is none (or one for other methods only).
    private static func dispatch(
        _ routes: SandboxRoutes, _ method: HTTPRequest.Method, _ request: RecordedRequest, state: SandboxState,
        answer: SandboxBehavior.ModelAnswer?
    ) -> ResponsePlan? {
        guard case .found(let handler, let parameters) = routes.table.match(method, path: request.path) else { return nil }
        return handler(SandboxRouteRequest(request: request, parameters: parameters, state: state, answer: answer))
    }

    /// A body sent as JSON that does not parse.
    private static func hasMalformedJSON(_ request: RecordedRequest) -> Bool {
        guard !request.body.isEmpty, request.header("content-type")?.lowercased().contains("json") == true else { return false }
        return (try? JSON(parsing: request.body)) == nil
    }

    /// The answer to a body over the sandbox's limit, in the provider's error shape.
    static func tooLarge(_ request: RecordedRequest, limit: Int) -> ResponsePlan {
        let message = "Request body too large: the limit is \(limit) bytes."
        if isAnthropic(request) {
            return AnthropicMessages.error(413, type: "request_too_large", message: message)
        }
        return .error(status: 413, message: message, type: "invalid_request_error", code: "request_too_large")
    }

    private static func hasCredentials(_ request: RecordedRequest) -> Bool {
        if let authorization = request.header("authorization"), authorization.hasPrefix("Bearer "),
            authorization.count > "Bearer ".count
        {
            return true
        }
        return request.header("api-key") != nil || request.header("x-api-key") != nil
            || request.header("aiproxy-partial-key") != nil
    }
}
