import AIServerKit

extension AnthropicMessages {
    /// Messages, token counting and the legacy text completions.
    static func register(on routes: inout SandboxRoutes) {
        // Tool types are checked against the request's betas; code execution writes into this sandbox's Files store.
        routes.add(.post, "/v1/messages") { route in
            AnthropicServerTools.invalidTool(route.request)
                ?? AnthropicServerTools.$files.withValue(route.state.anthropic) { messages(route.json, answer: route.answer) }
        }
        routes.add(.post, "/v1/messages/count_tokens") { route in AnthropicServerTools.invalidTool(route.request) ?? countTokens(route.json) }
        routes.add(.post, "/v1/complete") { route in complete(route.json) }
    }
}

extension AnthropicResources {
    /// Models, message batches and files (each area answers its own methods and ids).
    static func register(on routes: inout SandboxRoutes) {
        let resources: SandboxRoutes.Handler = { route in
            route.state.anthropic.route(route.request)
                ?? AnthropicMessages.error(404, type: "not_found_error", message: "Not found: \(route.request.method) \(route.request.path)")
        }
        routes.add(.get, "/v1/models", resources)
        routes.add(.get, "/v1/models/{model_id}", resources)
        for pattern: RoutePattern in ["/v1/messages/batches", "/v1/messages/batches/{rest...}", "/v1/files", "/v1/files/{rest...}"] {
            routes.add(SandboxRoutes.anyMethod, pattern, resources)
        }
    }
}
