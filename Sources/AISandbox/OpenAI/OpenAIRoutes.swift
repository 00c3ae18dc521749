import AIServerKit
import HTTPTypes

/// Every OpenAI route of the sandbox (chat, models, embeddings, moderations, images, audio, files and uploads,
/// batches, fine-tuning, vector stores, Assistants, Responses), registered area by area. Azure's `/openai/v1/…`
/// routes re-dispatch into the same table with the path `/v1/…`.
enum OpenAIRoutes {
    static func register(on routes: inout SandboxRoutes) {
        OpenAIChat.register(on: &routes)
        OpenAIModels.register(on: &routes)
        OpenAIEmbeddings.register(on: &routes)
        OpenAIModerations.register(on: &routes)
        OpenAIImages.register(on: &routes)
        OpenAIAudio.register(on: &routes)
        OpenAIFiles.register(on: &routes)
        OpenAIBatches.register(on: &routes)
        OpenAIFineTuning.register(on: &routes)
        OpenAIVectorStores.register(on: &routes)
        OpenAIAssistants.register(on: &routes)
        OpenAIResponses.register(on: &routes)
        OpenAIConversations.register(on: &routes)
        OpenAIStoredChat.register(on: &routes)
        OpenAIGraders.register(on: &routes)
        OpenAIContainers.register(on: &routes)
        OpenAISkills.register(on: &routes)
        OpenAIEvals.register(on: &routes)
        OpenAIRealtimeCalls.register(on: &routes)
        OpenAIVoices.register(on: &routes)
        OpenAIChatKit.register(on: &routes)
        OpenAIProvenance.register(on: &routes)
    }
}

extension OpenAIChat {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/chat/completions") { route in
            guard let json = route.request.jsonBody else {
                return .error(status: 400, message: "We could not parse the JSON body of your request.", type: "invalid_request_error")
            }
            return respond(to: json, answer: route.answer, answerer: route.state.answerer, stored: OpenAIStoredChat.store(route.state))
        }
    }
}

extension OpenAIModels {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.get, "/v1/models") { _ in list() }
        routes.add(.get, "/v1/models/{model...}") { route in retrieve(id: route.parameter("model")) }
        routes.add(.delete, "/v1/models/{model...}") { route in delete(id: route.parameter("model")) }
    }
}

extension OpenAIEmbeddings {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/embeddings") { route in respond(to: route.json) }
    }
}

extension OpenAIModerations {
    static func register(on routes: inout SandboxRoutes) {
        // Flags the trigger word `sandbox-unsafe` (optionally `sandbox-unsafe:<category>`) and words starting with
        // kill/hurt/attack; see the type's documentation.
        routes.add(.post, "/v1/moderations") { route in respond(to: route.json) }
    }
}

extension OpenAIImages {
    /// The generation and edit routes; the `/sandbox-files/images/…` downloads need no credentials, so the router
    /// serves them before its authorization check.
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/images/generations") { route in generations(route.json, origin: route.request.origin) }
        routes.add(.post, "/v1/images/edits") { route in multipart(route.request, edit: true) }
        routes.add(.post, "/v1/images/variations") { route in multipart(route.request, edit: false) }
    }
}

extension OpenAIAudio {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/audio/speech") { route in speech(route.json, customVoices: OpenAIVoices.store(route.state)) }
        routes.add(.post, "/v1/audio/transcriptions") { route in transcription(route.request, translate: false) }
        routes.add(.post, "/v1/audio/translations") { route in transcription(route.request, translate: true) }
    }
}

extension OpenAIFiles {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/files") { route in route.state.files.create(route.request) }
        routes.add(.get, "/v1/files") { route in route.state.files.list(route.request) }
        routes.add(.get, "/v1/files/{file_id}") { route in route.state.files.retrieve(route.parameter("file_id")) }
        routes.add(.delete, "/v1/files/{file_id}") { route in route.state.files.delete(route.parameter("file_id")) }
        routes.add(.get, "/v1/files/{file_id}/content") { route in route.state.files.content(route.parameter("file_id")) }

        routes.add(.post, "/v1/uploads") { route in route.state.files.createUpload(route.request) }
        routes.add(.post, "/v1/uploads/{upload_id}/{action}") { route in
            route.state.files.upload(route.parameter("upload_id"), action: route.parameter("action"), route.request)
        }
    }
}

extension OpenAIBatches {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/batches") { route in route.state.batches.create(route.json) }
        routes.add(.get, "/v1/batches") { route in route.state.batches.list(route.request) }
        routes.add(.get, "/v1/batches/{batch_id}") { route in route.state.batches.retrieve(route.parameter("batch_id")) }
        routes.add(.post, "/v1/batches/{batch_id}/cancel") { route in route.state.batches.cancel(route.parameter("batch_id")) }
    }
}

extension OpenAIFineTuning {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/fine_tuning/jobs") { route in route.state.fineTuning.create(route.json) }
        routes.add(.get, "/v1/fine_tuning/jobs") { route in route.state.fineTuning.list(route.request) }
        routes.add(.get, "/v1/fine_tuning/jobs/{job_id}") { route in route.state.fineTuning.retrieve(route.parameter("job_id")) }
        routes.add(.post, "/v1/fine_tuning/jobs/{job_id}/cancel") { route in route.state.fineTuning.cancel(route.parameter("job_id")) }
        routes.add(.get, "/v1/fine_tuning/jobs/{job_id}/events") { route in
            route.state.fineTuning.list(.events, of: route.parameter("job_id"), route.request)
        }
        routes.add(.get, "/v1/fine_tuning/jobs/{job_id}/checkpoints") { route in
            route.state.fineTuning.list(.checkpoints, of: route.parameter("job_id"), route.request)
        }
    }
}

extension OpenAIVectorStores {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/vector_stores") { route in route.state.vectorStores.create(route.json) }
        routes.add(.get, "/v1/vector_stores") { route in route.state.vectorStores.list(route.request) }
        routes.add(.get, "/v1/vector_stores/{store_id}") { route in route.state.vectorStores.retrieve(route.parameter("store_id")) }
        routes.add(.post, "/v1/vector_stores/{store_id}") { route in route.state.vectorStores.modify(route.parameter("store_id"), route.json) }
        routes.add(.delete, "/v1/vector_stores/{store_id}") { route in route.state.vectorStores.delete(route.parameter("store_id")) }
        routes.add(.post, "/v1/vector_stores/{store_id}/search") { route in route.state.vectorStores.search(route.parameter("store_id"), route.json) }

        routes.add(.post, "/v1/vector_stores/{store_id}/files") { route in route.state.vectorStores.addFile(route.parameter("store_id"), route.json) }
        routes.add(.get, "/v1/vector_stores/{store_id}/files") { route in
            route.state.vectorStores.listFiles(route.parameter("store_id"), route.request)
        }
        routes.add(.get, "/v1/vector_stores/{store_id}/files/{file_id}") { route in
            route.state.vectorStores.retrieveFile(route.parameter("store_id"), fileID: route.parameter("file_id"))
        }
        routes.add(.delete, "/v1/vector_stores/{store_id}/files/{file_id}") { route in
            route.state.vectorStores.deleteFile(route.parameter("store_id"), fileID: route.parameter("file_id"))
        }

        routes.add(.post, "/v1/vector_stores/{store_id}/file_batches") { route in
            route.state.vectorStores.createFileBatch(route.parameter("store_id"), route.json)
        }
        let actions: [(HTTPRequest.Method, String, FileBatchAction)] = [
            (.get, "", .retrieve), (.post, "/cancel", .cancel), (.get, "/files", .listFiles),
        ]
        for (method, suffix, action) in actions {
            routes.add(method, RoutePattern("/v1/vector_stores/{store_id}/file_batches/{batch_id}\(suffix)")) { route in
                route.state.vectorStores.fileBatch(
                    route.parameter("store_id"), batchID: route.parameter("batch_id"), action, route.request)
            }
        }
    }
}

extension OpenAIAssistants {
    static func register(on routes: inout SandboxRoutes) {
        /// Registers a route that needs the `OpenAI-Beta: assistants=v2` header and works on the locked state.
        func add(
            _ method: HTTPRequest.Method, _ pattern: RoutePattern,
            _ body: @escaping @Sendable (inout State, SandboxRouteRequest) -> ResponsePlan
        ) {
            routes.add(method, pattern) { route in
                route.state.assistants.handle(route.request) { state, _ in body(&state, route) }
            }
        }
        add(.post, "/v1/assistants") { state, route in state.createAssistant(route.json) }
        add(.get, "/v1/assistants") { state, route in state.listAssistants(route.request) }
        add(.get, "/v1/assistants/{assistant_id}") { state, route in state.retrieveAssistant(route.parameter("assistant_id")) }
        add(.post, "/v1/assistants/{assistant_id}") { state, route in
            state.modifyAssistant(route.parameter("assistant_id"), route.json)
        }
        add(.delete, "/v1/assistants/{assistant_id}") { state, route in state.deleteAssistant(route.parameter("assistant_id")) }

        add(.post, "/v1/threads") { state, route in state.createThread(route.json) }
        add(.post, "/v1/threads/runs") { state, route in state.createThreadAndRun(route.json) }
        add(.get, "/v1/threads/{thread_id}") { state, route in state.retrieveThread(route.parameter("thread_id")) }
        add(.post, "/v1/threads/{thread_id}") { state, route in state.modifyThread(route.parameter("thread_id"), route.json) }
        add(.delete, "/v1/threads/{thread_id}") { state, route in state.deleteThread(route.parameter("thread_id")) }

        add(.post, "/v1/threads/{thread_id}/messages") { state, route in state.createMessage(route.parameter("thread_id"), route.json) }
        add(.get, "/v1/threads/{thread_id}/messages") { state, route in state.listMessages(route.parameter("thread_id"), route.request) }
        let messageActions: [(HTTPRequest.Method, State.MessageAction)] = [(.get, .retrieve), (.post, .modify), (.delete, .delete)]
        for (method, action) in messageActions {
            add(method, "/v1/threads/{thread_id}/messages/{message_id}") { state, route in
                state.message(route.parameter("thread_id"), route.parameter("message_id"), action, route.json)
            }
        }

        add(.post, "/v1/threads/{thread_id}/runs") { state, route in state.createRun(route.parameter("thread_id"), route.json) }
        add(.get, "/v1/threads/{thread_id}/runs") { state, route in state.listRuns(route.parameter("thread_id"), route.request) }
        let runActions: [(HTTPRequest.Method, String, State.RunAction)] = [
            (.get, "", .retrieve), (.post, "", .modify), (.post, "/cancel", .cancel),
            (.post, "/submit_tool_outputs", .submitToolOutputs), (.get, "/steps", .listSteps),
        ]
        for (method, suffix, action) in runActions {
            add(method, RoutePattern("/v1/threads/{thread_id}/runs/{run_id}\(suffix)")) { state, route in
                state.run(route.parameter("thread_id"), route.parameter("run_id"), action, route.json, route.request)
            }
        }
        add(.get, "/v1/threads/{thread_id}/runs/{run_id}/steps/{step_id}") { state, route in
            state.run(
                route.parameter("thread_id"), route.parameter("run_id"), .retrieveStep(route.parameter("step_id")), route.json,
                route.request)
        }
    }
}

extension OpenAIResponses {
    static func register(on routes: inout SandboxRoutes) {
        routes.add(.post, "/v1/responses") { route in route.state.responses.create(route.request, answer: route.answer) }
        routes.add(.post, "/v1/responses/input_tokens") { route in route.state.responses.inputTokens(route.request) }
        routes.add(.post, "/v1/responses/compact") { route in route.state.responses.compact(route.request) }
        routes.add(.get, "/v1/responses/{response_id}") { route in
            route.state.responses.retrieve(route.parameter("response_id"), route.request)
        }
        routes.add(.delete, "/v1/responses/{response_id}") { route in route.state.responses.delete(route.parameter("response_id")) }
        routes.add(.post, "/v1/responses/{response_id}/cancel") { route in route.state.responses.cancel(route.parameter("response_id")) }
        routes.add(.get, "/v1/responses/{response_id}/input_items") { route in
            route.state.responses.inputItems(route.parameter("response_id"), route.request)
        }
    }
}
