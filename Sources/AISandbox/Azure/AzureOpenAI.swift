import AIServerKit
import Foundation
import HTTPTypes

/// Azure OpenAI routes: `/openai/deployments/{deployment}/…?api-version=…` and the `/openai/v1/…` API.
///
/// Every `/openai/…` path checks Azure's own credentials (and its `api-version` rules) and answers in Azure's error
/// shape; what Azure serves is then answered by the OpenAI table. `/openai/v1/{rest...}` forwards to `/v1/{rest...}`,
/// so an OpenAI route added to the sandbox is reachable there without a change here.
enum AzureOpenAI {
    static func register(on routes: inout SandboxRoutes) {
        let any = SandboxRoutes.anyMethod
        // The v1 layout: the OpenAI API under `/openai/v1`.
        routes.add(any, "/openai/v1") { route in v1(route) { _ in notFound() } }
        routes.add(any, "/openai/v1/{rest...}") { route in v1(route) { route in forwardV1(route, rest: route.parameter("rest")) } }
        // The deployments layout: the model is the deployment in the path.
        routes.add(any, "/openai/deployments/{deployment}/chat/completions") { route in
            deployment(route) { route, deployment in
                guard route.request.method == "POST" else { return notFound() }
                var json = route.json
                json["model"] = .string(deployment)
                return withPromptFilter(forward(route, to: "/v1/chat/completions", body: json, missing: notFound()))
            }
        }
        routes.add(any, "/openai/deployments/{deployment}/audio/{operation}") { route in
            deployment(route) { route, deployment in
                guard route.request.method == "POST" else { return notFound() }
                switch route.parameter("operation") {
                case "speech":
                    var json = route.json
                    json["model"] = .string(deployment)
                    return forward(route, to: "/v1/audio/speech", body: json, missing: notFound())
                case "transcriptions", "translations":
                    return forward(route, to: "/v1/audio/" + route.parameter("operation"), missing: notFound())
                default:
                    return notFound()
                }
            }
        }
        routes.add(any, "/openai/deployments/{deployment}/images/{operation}") { route in
            deployment(route) { route, _ in
                guard route.request.method == "POST" else { return notFound() }
                return redispatch(route, path: "/v1/images/" + route.parameter("operation"))
            }
        }
        // Embeddings take the deployment as it is written (no known-deployment check).
        routes.add(any, "/openai/deployments/{deployment}/embeddings") { route in
            versioned(route) { route in
                guard route.request.method == "POST" else { return notFound() }
                var json = route.json
                json["model"] = .string(route.parameter("deployment"))
                return forward(route, to: "/v1/embeddings", body: json, missing: notFound())
            }
        }
        routes.add(any, "/openai/deployments/{deployment}/{rest...}") { route in
            versioned(route) { route in
                // Any `deployments/{deployment}/{a}/{b}` path names a deployment, which must exist.
                if route.parameter("rest").split(separator: "/").count == 2, knownDeployment(route) == nil {
                    return deploymentNotFound()
                }
                return notFound()
            }
        }
        // Resources that are not deployment-scoped, answered by the OpenAI routes.
        for resource in resources.sorted() {
            let handler: SandboxRoutes.Handler = { route in
                versioned(route) { route in redispatch(route, path: "/v1" + route.request.path.dropFirst("/openai".count)) }
            }
            routes.add(any, RoutePattern("/openai/\(resource)"), handler)
            routes.add(any, RoutePattern("/openai/\(resource)/{rest...}"), handler)
        }
        let responses: SandboxRoutes.Handler = { route in
            versioned(route) { route in
                let path = "/v1" + route.request.path.dropFirst("/openai".count)
                return forward(route, to: path, missing: openAINotFound(route.request.method, path))
            }
        }
        routes.add(any, "/openai/responses", responses)
        routes.add(any, "/openai/responses/{rest...}", responses)
        routes.add(any, "/openai/models") { route in
            versioned(route) { route in route.request.method == "GET" ? OpenAIModels.list() : notFound() }
        }
        routes.add(any, "/openai/{rest...}") { route in versioned(route) { _ in notFound() } }
    }

    static let knownDeployments: Set<String> = [
        "gpt-4o", "gpt-4o-mini", "my-deployment", "DEPLOYMENT_NAME", "text-embedding-3-small", "tts-1", "tts-1-hd",
        "gpt-4o-mini-tts", "whisper-1", "gpt-4o-transcribe", "gpt-4o-mini-transcribe", "dall-e-2", "dall-e-3", "gpt-image-1",
    ]

    static func error(_ status: Int, code: String, message: String) -> ResponsePlan {
        .json(["error": ["code": .string(code), "message": .string(message)]] as JSON, status: status)
    }

    /// Resources Azure serves under `/openai/…` (not deployment-scoped), answered by the OpenAI routes.
    static let resources: Set<String> = ["files", "uploads", "batches", "fine_tuning", "assistants", "threads", "vector_stores"]

    private static func notFound() -> ResponsePlan { error(404, code: "404", message: "Resource not found") }

    private static func deploymentNotFound() -> ResponsePlan {
        error(404, code: "DeploymentNotFound", message: "The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.")
    }

    private static func openAINotFound(_ method: String, _ path: String) -> ResponsePlan {
        .error(status: 404, message: "Invalid URL (\(method) \(path))", type: "invalid_request_error", code: "unknown_url")
    }

    // MARK: Checks, in Azure's order

    /// Azure's credentials: an `api-key` or an Entra ID bearer token.
    private static func authorized(_ route: SandboxRouteRequest, then answer: (SandboxRouteRequest) -> ResponsePlan) -> ResponsePlan {
        let hasKey = route.request.header("api-key").map { !$0.isEmpty } ?? false
        let hasToken = route.request.header("authorization")?.hasPrefix("Bearer ") ?? false
        guard hasKey || hasToken else {
            return error(401, code: "401", message: "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.")
        }
        return answer(route)
    }

    /// The v1 layout: credentials, and an `api-version` (when sent) that the v1 API takes.
    private static func v1(_ route: SandboxRouteRequest, then answer: (SandboxRouteRequest) -> ResponsePlan) -> ResponsePlan {
        authorized(route) { route in
            if let version = route.request.queryValue("api-version"), !["preview", "latest", "v1"].contains(version) {
                return error(400, code: "BadRequest", message: "Azure OpenAI API version not supported: \(version). The v1 API accepts api-version 'preview' or 'latest', or none.")
            }
            return answer(route)
        }
    }

    /// The deployments layout: credentials, and the `api-version` it requires.
    private static func versioned(_ route: SandboxRouteRequest, then answer: (SandboxRouteRequest) -> ResponsePlan) -> ResponsePlan {
        authorized(route) { route in
            guard route.request.queryValue("api-version") != nil else {
                return error(400, code: "MissingApiVersionParameter", message: "The api-version query parameter (?api-version=) is required for all requests.")
            }
            return answer(route)
        }
    }

    /// A deployment-scoped operation: the layout's checks, then a deployment that exists (its name percent-decoded).
    private static func deployment(
        _ route: SandboxRouteRequest, then answer: (SandboxRouteRequest, String) -> ResponsePlan
    ) -> ResponsePlan {
        versioned(route) { route in
            guard let deployment = knownDeployment(route) else { return deploymentNotFound() }
            return answer(route, deployment)
        }
    }

    private static func knownDeployment(_ route: SandboxRouteRequest) -> String? {
        let written = route.parameter("deployment")
        let deployment = written.removingPercentEncoding ?? written
        return knownDeployments.contains(deployment) ? deployment : nil
    }

    // MARK: Forwarding into the OpenAI table

    /// `/openai/v1/{rest}`: the resources and images through the whole OpenAI pipeline, as before; everything else
    /// straight to the OpenAI route for `/v1/{rest}` (chat streams get Azure's prompt-filter chunk).
    private static func forwardV1(_ route: SandboxRouteRequest, rest: String) -> ResponsePlan {
        let path = "/v1/" + rest
        let first = rest.split(separator: "/").first.map(String.init) ?? ""
        if resources.contains(first) || first == "images" { return redispatch(route, path: path) }
        if first == "responses" {
            return forward(route, to: path, missing: openAINotFound(route.request.method, path))
        }
        let plan = forward(route, to: path, missing: notFound())
        return route.request.method == "POST" && rest == "chat/completions" ? withPromptFilter(plan) : plan
    }

    /// The request at `path`, through the router's OpenAI checks and table (its JSON check and OpenAI 404).
    private static func redispatch(_ route: SandboxRouteRequest, path: String) -> ResponsePlan {
        var forwarded = route.request
        forwarded.path = path
        return Router.plan(for: forwarded, state: route.state, answer: route.answer)
    }

    /// The OpenAI route for `path` (with `body` instead of the request's, when given), without the OpenAI credential
    /// and JSON checks: Azure made its own. `missing` when the OpenAI table has no route for it.
    private static func forward(_ route: SandboxRouteRequest, to path: String, body: JSON? = nil, missing: ResponsePlan) -> ResponsePlan {
        var forwarded = route.request
        forwarded.path = path
        if let body { forwarded.body = body.serialized() }
        guard let method = HTTPRequest.Method(forwarded.method),
            case .found(let handler, let parameters) = Router.openAI.table.match(method, path: path)
        else { return missing }
        return handler(SandboxRouteRequest(request: forwarded, parameters: parameters, state: route.state, answer: route.answer))
    }

    /// Azure streams open with a chunk that carries only the prompt's content-filter results.
    private static func withPromptFilter(_ plan: ResponsePlan) -> ResponsePlan {
        guard case .events(var events) = plan.body else { return plan }
        let filter: JSON = [
            "choices": [], "created": 0, "id": "", "model": "", "object": "",
            "prompt_filter_results": [["prompt_index": 0, "content_filter_results": ["hate": ["filtered": false, "severity": "safe"]]]],
        ]
        events.insert(JSONText.sseEvent(filter), at: 0)
        var result = plan
        result.body = .events(events)
        return result
    }
}
