import AIServerKit
import Foundation
import HTTPTypes

/// Azure OpenAI routes: `/openai/deployments/{deployment}/…?api-version=…` and the `/openai/v1/…` API.
enum AzureOpenAI {
    /// Every `/openai/…` path: Azure checks its own credentials and answers in its own error shape.
    static func register(on routes: inout SandboxRoutes) {
        routes.add(SandboxRoutes.anyMethod, "/openai/{rest...}") { route in
            AzureOpenAI.route(route.request, state: route.state, answer: route.answer)
        }
    }

    static let knownDeployments: Set<String> = [
        "gpt-4o", "gpt-4o-mini", "my-deployment", "DEPLOYMENT_NAME", "text-embedding-3-small", "tts-1", "tts-1-hd",
        "gpt-4o-mini-tts", "whisper-1", "gpt-4o-transcribe", "gpt-4o-mini-transcribe", "dall-e-2", "dall-e-3", "gpt-image-1",
    ]

    static func error(_ status: Int, code: String, message: String) -> ResponsePlan {
        .json(["error": ["code": code, "message": message]], status: status)
    }

    /// Resources Azure serves under `/openai/…` (not deployment-scoped), answered by the OpenAI routes.
    static let resources: Set<String> = ["files", "uploads", "batches", "fine_tuning", "assistants", "threads", "vector_stores"]

    private static func redispatch(
        _ request: RecordedRequest, rest: String, state: SandboxState, answer: SandboxBehavior.ModelAnswer?
    ) -> ResponsePlan {
        var forwarded = request
        forwarded.path = "/v1/" + rest
        return Router.plan(for: forwarded, state: state, answer: answer)
    }

    /// - Parameter answer: the queued behavior's model-answer override for chat completions and Responses.
    static func route(_ request: RecordedRequest, state: SandboxState, answer: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        let hasKey = request.header("api-key").map { !$0.isEmpty } ?? false
        let hasToken = request.header("authorization")?.hasPrefix("Bearer ") ?? false
        guard hasKey || hasToken else {
            return error(401, code: "401", message: "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.")
        }
        let segments = request.path.split(separator: "/").map(String.init)
        var json = request.jsonBody ?? [:]
        if segments.count >= 2, segments[1] == "v1" {
            if let version = request.queryValue("api-version"), !["preview", "latest", "v1"].contains(version) {
                return error(400, code: "BadRequest", message: "Azure OpenAI API version not supported: \(version). The v1 API accepts api-version 'preview' or 'latest', or none.")
            }
            let rest = segments.dropFirst(2).joined(separator: "/")
            if let first = rest.split(separator: "/").first, resources.contains(String(first)) || first == "images" {
                return redispatch(request, rest: rest, state: state, answer: answer)
            }
            if rest == "responses" || rest.hasPrefix("responses/") {
                var forwarded = request
                forwarded.path = "/v1/" + rest
                return responses(forwarded, state: state, answer: answer)
            }
            switch (request.method, rest) {
            case ("POST", "chat/completions"): return withPromptFilter(OpenAIChat.respond(to: json, answer: answer, answerer: state.answerer))
            case ("POST", "embeddings"): return OpenAIEmbeddings.respond(to: json)
            case ("POST", "audio/speech"): return OpenAIAudio.speech(json)
            case ("POST", "audio/transcriptions"): return OpenAIAudio.transcription(request, translate: false)
            case ("POST", "audio/translations"): return OpenAIAudio.transcription(request, translate: true)
            case ("GET", "models"): return OpenAIModels.list()
            default: return error(404, code: "404", message: "Resource not found")
            }
        }
        guard request.queryValue("api-version") != nil else {
            return error(400, code: "MissingApiVersionParameter", message: "The api-version query parameter (?api-version=) is required for all requests.")
        }
        if segments.count >= 2, segments[1] == "responses" {
            var forwarded = request
            forwarded.path = "/v1/responses" + segments.dropFirst(2).map { "/" + $0 }.joined()
            return responses(forwarded, state: state, answer: answer)
        }
        if segments.count == 5, segments[1] == "deployments" {
            let deployment = segments[2].removingPercentEncoding ?? segments[2]
            guard knownDeployments.contains(deployment) else {
                return error(404, code: "DeploymentNotFound", message: "The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.")
            }
            json["model"] = .string(deployment)
            switch (request.method, segments[3] + "/" + segments[4]) {
            case ("POST", "chat/completions"): return withPromptFilter(OpenAIChat.respond(to: json, answer: answer, answerer: state.answerer))
            default: break
            }
        }
        if segments.count == 5, segments[1] == "deployments", segments[3] == "audio", request.method == "POST" {
            switch segments[4] {
            case "speech":
                json["model"] = json["model"] ?? .string(segments[2])
                return OpenAIAudio.speech(json)
            case "transcriptions": return OpenAIAudio.transcription(request, translate: false)
            case "translations": return OpenAIAudio.transcription(request, translate: true)
            default: break
            }
        }
        if segments.count == 4, segments[1] == "deployments", segments[3] == "embeddings", request.method == "POST" {
            json["model"] = .string(segments[2])
            return OpenAIEmbeddings.respond(to: json)
        }
        if segments.count >= 2, resources.contains(segments[1]) {
            return redispatch(request, rest: segments.dropFirst().joined(separator: "/"), state: state, answer: answer)
        }
        if segments.count == 5, segments[1] == "deployments", segments[3] == "images", request.method == "POST" {
            var forwarded = request
            forwarded.path = "/v1/images/" + segments[4]
            return Router.plan(for: forwarded, state: state, answer: answer)
        }
        if request.method == "GET", segments.count == 2, segments[1] == "models" { return OpenAIModels.list() }
        return error(404, code: "404", message: "Resource not found")
    }

    /// The Responses routes of the OpenAI table for `request` (its path already `/v1/responses…`), without the
    /// OpenAI credential and JSON checks: Azure made its own.
    private static func responses(_ request: RecordedRequest, state: SandboxState, answer: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        guard let method = HTTPRequest.Method(request.method),
            case .found(let handler, let parameters) = Router.openAI.table.match(method, path: request.path)
        else {
            return .error(status: 404, message: "Invalid URL (\(request.method) \(request.path))", type: "invalid_request_error", code: "unknown_url")
        }
        return handler(SandboxRouteRequest(request: request, parameters: parameters, state: state, answer: answer))
    }

    /// Azure streams open with a chunk that carries only the prompt's content-filter results.
    private static func withPromptFilter(_ plan: ResponsePlan) -> ResponsePlan {
        guard case .events(var events) = plan.body else { return plan }
        let filter: [String: Any] = [
            "choices": [Any](), "created": 0, "id": "", "model": "", "object": "",
            "prompt_filter_results": [["prompt_index": 0, "content_filter_results": ["hate": ["filtered": false, "severity": "safe"]]]],
        ]
        events.insert(JSONText.sseEvent(filter), at: 0)
        var result = plan
        result.body = .events(events)
        return result
    }
}
