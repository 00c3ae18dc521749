@_spi(Streaming) import AICore
import Foundation

extension DefaultOpenAIService {
    public func createAssistant(parameters: AssistantParameters, options: RequestOptions) async throws -> AssistantObject {
        try await assistantsDecode(AssistantObject.self, .json(.post, routing.path("/assistants"), body: parameters), options: options)
    }

    public func retrieveAssistant(id: String, options: RequestOptions) async throws -> AssistantObject {
        try await assistantsDecode(AssistantObject.self, APIRequest(method: .get, path: routing.path("/assistants/\(Self.pathComponent(id))")), options: options)
    }

    public func modifyAssistant(id: String, parameters: AssistantParameters, options: RequestOptions) async throws -> AssistantObject {
        try await assistantsDecode(AssistantObject.self, .json(.post, routing.path("/assistants/\(Self.pathComponent(id))"), body: parameters), options: options)
    }

    public func deleteAssistant(id: String, options: RequestOptions) async throws -> AssistantObject.DeletionStatus {
        try await assistantsDecode(AssistantObject.DeletionStatus.self, APIRequest(method: .delete, path: routing.path("/assistants/\(Self.pathComponent(id))")), options: options)
    }

    public func listAssistants(limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<AssistantObject> {
        try await assistantsDecode(OpenAIResponse<AssistantObject>.self, APIRequest(method: .get, path: routing.path("/assistants"), query: ListParameters(limit: limit, order: order, after: after, before: before).queryItems), options: options)
    }

    public func createThread(parameters: CreateThreadParameters, options: RequestOptions) async throws -> ThreadObject {
        try await assistantsDecode(ThreadObject.self, .json(.post, routing.path("/threads"), body: parameters), options: options)
    }

    public func retrieveThread(id: String, options: RequestOptions) async throws -> ThreadObject {
        try await assistantsDecode(ThreadObject.self, APIRequest(method: .get, path: threadPath(id)), options: options)
    }

    public func modifyThread(id: String, parameters: CreateThreadParameters, options: RequestOptions) async throws -> ThreadObject {
        try await assistantsDecode(ThreadObject.self, .json(.post, threadPath(id), body: parameters), options: options)
    }

    public func deleteThread(id: String, options: RequestOptions) async throws -> ThreadObject.DeletionStatus {
        try await assistantsDecode(ThreadObject.DeletionStatus.self, APIRequest(method: .delete, path: threadPath(id)), options: options)
    }

    public func createMessage(threadID: String, parameters: MessageParameter, options: RequestOptions) async throws -> MessageObject {
        try await assistantsDecode(MessageObject.self, .json(.post, threadPath(threadID) + "/messages", body: parameters), options: options)
    }

    public func retrieveMessage(threadID: String, messageID: String, options: RequestOptions) async throws -> MessageObject {
        try await assistantsDecode(MessageObject.self, APIRequest(method: .get, path: threadPath(threadID) + "/messages/\(Self.pathComponent(messageID))"), options: options)
    }

    public func modifyMessage(threadID: String, messageID: String, parameters: ModifyMessageParameters, options: RequestOptions) async throws -> MessageObject {
        try await assistantsDecode(MessageObject.self, .json(.post, threadPath(threadID) + "/messages/\(Self.pathComponent(messageID))", body: parameters), options: options)
    }

    public func deleteMessage(threadID: String, messageID: String, options: RequestOptions) async throws -> DeletionStatus {
        try await assistantsDecode(DeletionStatus.self, APIRequest(method: .delete, path: threadPath(threadID) + "/messages/\(Self.pathComponent(messageID))"), options: options)
    }

    public func listMessages(threadID: String, limit: Int?, order: String?, after: String?, before: String?, runID: String?, options: RequestOptions) async throws -> OpenAIResponse<MessageObject> {
        try await assistantsDecode(OpenAIResponse<MessageObject>.self, APIRequest(method: .get, path: threadPath(threadID) + "/messages", query: ListParameters(limit: limit, order: order, after: after, before: before).queryItems + (runID.map { [URLQueryItem(name: "run_id", value: $0)] } ?? [])), options: options)
    }

    public func createRun(threadID: String, parameters: RunParameter, options: RequestOptions) async throws -> RunObject {
        try await assistantsDecode(RunObject.self, .json(.post, threadPath(threadID) + "/runs", body: parameters.with(stream: false)), options: options)
    }

    public func retrieveRun(threadID: String, runID: String, options: RequestOptions) async throws -> RunObject {
        try await assistantsDecode(RunObject.self, APIRequest(method: .get, path: runPath(threadID, runID)), options: options)
    }

    public func modifyRun(threadID: String, runID: String, parameters: ModifyRunParameters, options: RequestOptions) async throws -> RunObject {
        try await assistantsDecode(RunObject.self, .json(.post, runPath(threadID, runID), body: parameters), options: options)
    }

    public func listRuns(threadID: String, limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<RunObject> {
        try await assistantsDecode(OpenAIResponse<RunObject>.self, APIRequest(method: .get, path: threadPath(threadID) + "/runs", query: ListParameters(limit: limit, order: order, after: after, before: before).queryItems), options: options)
    }

    public func cancelRun(threadID: String, runID: String, options: RequestOptions) async throws -> RunObject {
        try await assistantsDecode(RunObject.self, APIRequest(method: .post, path: runPath(threadID, runID) + "/cancel"), options: options)
    }

    public func submitToolOutputsToRun(threadID: String, runID: String, parameters: RunToolsOutputParameter, options: RequestOptions) async throws -> RunObject {
        try await assistantsDecode(RunObject.self, .json(.post, runPath(threadID, runID) + "/submit_tool_outputs", body: parameters.with(stream: false)), options: options)
    }

    public func createThreadAndRun(parameters: CreateThreadAndRunParameter, options: RequestOptions) async throws -> RunObject {
        try await assistantsDecode(RunObject.self, .json(.post, routing.path("/threads/runs"), body: parameters.with(stream: false)), options: options)
    }

    public func retrieveRunstep(threadID: String, runID: String, stepID: String, options: RequestOptions) async throws -> RunStepObject {
        try await assistantsDecode(RunStepObject.self, APIRequest(method: .get, path: runPath(threadID, runID) + "/steps/\(Self.pathComponent(stepID))"), options: options)
    }

    public func listRunSteps(threadID: String, runID: String, limit: Int?, order: String?, after: String?, before: String?, options: RequestOptions) async throws -> OpenAIResponse<RunStepObject> {
        try await assistantsDecode(OpenAIResponse<RunStepObject>.self, APIRequest(method: .get, path: runPath(threadID, runID) + "/steps", query: ListParameters(limit: limit, order: order, after: after, before: before).queryItems), options: options)
    }

    public func createRunAndStreamMessage(threadID: String, parameters: RunParameter, options: RequestOptions) async throws -> AIStream<AssistantStreamEvent> {
        try await assistantsStream(.eventStream(.post, threadPath(threadID) + "/runs", body: parameters.with(stream: true)), options: options)
    }

    public func createThreadAndRunStream(parameters: CreateThreadAndRunParameter, options: RequestOptions) async throws -> AIStream<AssistantStreamEvent> {
        try await assistantsStream(.eventStream(.post, routing.path("/threads/runs"), body: parameters.with(stream: true)), options: options)
    }

    public func submitToolOutputsToRunStream(threadID: String, runID: String, parameters: RunToolsOutputParameter, options: RequestOptions) async throws -> AIStream<AssistantStreamEvent> {
        try await assistantsStream(.eventStream(.post, runPath(threadID, runID) + "/submit_tool_outputs", body: parameters.with(stream: true)), options: options)
    }

    /// Sends an Assistants v2 request (with `OpenAI-Beta: assistants=v2`) and decodes the answer.
    private func assistantsDecode<T: Decodable>(_ type: T.Type, _ request: APIRequest, options: RequestOptions) async throws -> T {
        var request = request
        request.headers["OpenAI-Beta"] = "assistants=v2"
        return try await client.decode(type, for: request, options: options)
    }

    /// Streams the events of an Assistants v2 run.
    private func assistantsStream(
        _ request: APIRequest, options: RequestOptions
    ) async throws -> AIStream<AssistantStreamEvent> {
        var request = request
        request.headers["OpenAI-Beta"] = "assistants=v2"
        return try await client.eventStream(request, options: options, handler: EventStreamHandler.assistants)
    }

    private func threadPath(_ id: String) -> String { routing.path("/threads/\(Self.pathComponent(id))") }

    private func runPath(_ threadID: String, _ runID: String) -> String {
        threadPath(threadID) + "/runs/\(Self.pathComponent(runID))"
    }
}

extension RunParameter {
    func with(stream: Bool) -> RunParameter {
        var copy = self
        copy.stream = stream
        return copy
    }
}

extension CreateThreadAndRunParameter {
    func with(stream: Bool) -> CreateThreadAndRunParameter {
        var copy = self
        copy.stream = stream
        return copy
    }
}

extension RunToolsOutputParameter {
    func with(stream: Bool) -> RunToolsOutputParameter {
        var copy = self
        copy.stream = stream
        return copy
    }
}
