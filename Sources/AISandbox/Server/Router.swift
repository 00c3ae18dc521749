import Foundation

/// Chooses the route for a request.
enum Router {
    /// Whether a request speaks the Anthropic protocol (its errors then use Anthropic's shape).
    static func isAnthropic(_ request: RecordedRequest) -> Bool {
        request.path.hasPrefix("/v1/messages") || request.path == "/v1/complete"
            || request.header("anthropic-version") != nil
    }

    /// - Parameter answer: the queued behavior's model-answer override, for the routes where a model answers
    ///   (chat completions, Responses, Anthropic messages).
    static func plan(for request: RecordedRequest, state: SandboxState, answer: SandboxBehavior.ModelAnswer?) -> ResponsePlan {
        let requireAuthorization = state.requireAuthorization
        if isAnthropic(request) {
            if requireAuthorization, let failure = AnthropicMessages.checkHeaders(request) { return failure }
            if hasMalformedJSON(request) {
                return AnthropicMessages.error(400, type: "invalid_request_error", message: "The request body is not valid JSON.")
            }
            if let plan = state.anthropic.route(request) { return plan }
            let json = request.json ?? [:]
            switch (request.method, request.path) {
            case ("POST", "/v1/messages"): return AnthropicMessages.messages(json, answer: answer)
            case ("POST", "/v1/messages/count_tokens"): return AnthropicMessages.countTokens(json)
            case ("POST", "/v1/complete"): return AnthropicMessages.complete(json)
            default:
                return AnthropicMessages.error(404, type: "not_found_error", message: "Not found: \(request.method) \(request.path)")
            }
        }
        if let plan = RealtimeRoutes.plan(for: request, state: state) { return plan }
        if request.path.hasPrefix("/openai/") { return AzureOpenAI.route(request, state: state, answer: answer) }
        if request.method == "GET", request.path.hasPrefix("/sandbox-files/images/") { return OpenAIImages.download(request.path) }
        if requireAuthorization, !hasCredentials(request) {
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
        let path = request.path
        let method = request.method
        let json = request.json ?? [:]
        switch (method, path) {
        case ("POST", "/v1/chat/completions"):
            if request.json == nil {
                return .error(status: 400, message: "We could not parse the JSON body of your request.", type: "invalid_request_error")
            }
            return OpenAIChat.respond(to: json, answer: answer)
        case ("GET", "/v1/models"):
            return OpenAIModels.list()
        case ("GET", _) where path.hasPrefix("/v1/models/"):
            return OpenAIModels.retrieve(id: String(path.dropFirst("/v1/models/".count)))
        case ("DELETE", _) where path.hasPrefix("/v1/models/"):
            return OpenAIModels.delete(id: String(path.dropFirst("/v1/models/".count)))
        case ("POST", "/v1/embeddings"):
            return OpenAIEmbeddings.respond(to: json)
        case ("POST", "/v1/moderations"):
            // Flags the trigger word `sandbox-unsafe` (optionally `sandbox-unsafe:<category>`) and words starting
            // with kill/hurt/attack; see OpenAIModerations.
            return OpenAIModerations.respond(to: json)
        case (_, _) where path == "/v1/files" || path.hasPrefix("/v1/files/"):
            return state.files.route(request, segments: path.split(separator: "/").map(String.init))
        case (_, _) where path.hasPrefix("/v1/assistants") || path.hasPrefix("/v1/threads"):
            return state.assistants.route(request, segments: path.split(separator: "/").map(String.init))
        case (_, _) where path == "/v1/vector_stores" || path.hasPrefix("/v1/vector_stores/"):
            return state.vectorStores.route(request, segments: path.split(separator: "/").map(String.init))
        case (_, _) where path.hasPrefix("/v1/fine_tuning/jobs"):
            return state.fineTuning.route(request, segments: path.split(separator: "/").map(String.init))
        case (_, _) where path == "/v1/batches" || path.hasPrefix("/v1/batches/"):
            return state.batches.route(request, segments: path.split(separator: "/").map(String.init))
        case (_, _) where path == "/v1/uploads" || path.hasPrefix("/v1/uploads/"):
            return state.files.uploadRoute(request, segments: path.split(separator: "/").map(String.init))
        case ("POST", "/v1/images/generations"):
            return OpenAIImages.generations(json, origin: request.origin)
        case ("POST", "/v1/images/edits"):
            return OpenAIImages.multipart(request, edit: true)
        case ("POST", "/v1/images/variations"):
            return OpenAIImages.multipart(request, edit: false)
        case ("POST", "/v1/audio/speech"):
            return OpenAIAudio.speech(json)
        case ("POST", "/v1/audio/transcriptions"):
            return OpenAIAudio.transcription(request, translate: false)
        case ("POST", "/v1/audio/translations"):
            return OpenAIAudio.transcription(request, translate: true)
        case (_, _) where path == "/v1/responses" || path.hasPrefix("/v1/responses/"):
            return state.responses.route(request, path: String(path.dropFirst("/v1/responses".count)), answer: answer)
        default:
            return .error(
                status: 404, message: "Invalid URL (\(method) \(path))", type: "invalid_request_error",
                code: "unknown_url")
        }
    }

    /// A body sent as JSON that does not parse.
    private static func hasMalformedJSON(_ request: RecordedRequest) -> Bool {
        guard !request.body.isEmpty, request.header("content-type")?.lowercased().contains("json") == true else { return false }
        return (try? JSONSerialization.jsonObject(with: request.body, options: [.fragmentsAllowed])) == nil
    }

    /// The answer to a body over the sandbox's limit, in the provider's error shape.
    static func tooLarge(path: String, anthropicVersion: String?, limit: Int) -> ResponsePlan {
        let message = "Request body too large: the limit is \(limit) bytes."
        if path.hasPrefix("/v1/messages") || path == "/v1/complete" || anthropicVersion != nil {
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

/// Plain-text helpers shared by the routes.
enum SandboxText {
    /// Splits text into word tokens that keep their leading space, as model streams do.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if character == " ", !current.isEmpty, current != " " {
                tokens.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// A rough token count: words.
    static func countTokens(_ text: String) -> Int {
        max(1, text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count)
    }

    /// The text of a message's `content`: a string, or the text of its parts (OpenAI `image_url` and
    /// Anthropic `image` parts are counted).
    static func text(ofContent content: Any?) -> String {
        if let string = content as? String { return string }
        guard let parts = content as? [[String: Any]] else { return "" }
        var texts: [String] = []
        var images = 0
        for part in parts {
            switch part["type"] as? String {
            case "text": texts.append(part["text"] as? String ?? "")
            case "image_url", "image": images += 1
            default: break
            }
        }
        if images > 0 { texts.append("[\(images) image\(images == 1 ? "" : "s")]") }
        return texts.joined(separator: " ")
    }

    /// A stable 64-bit hash (FNV-1a) of a string.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
