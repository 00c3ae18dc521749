import AICore
import Foundation
import HTTPTypes

// ChatKit is OpenAI's own: Azure OpenAI has no ChatKit routes, so these calls fail there before anything is sent.
extension DefaultOpenAIService {
    public func createChatKitSession(parameters: ChatKitSessionParameters, options: RequestOptions) async throws -> ChatKitSession {
        try await client.decode(ChatKitSession.self, for: Self.beta(.json(.post, try chatKitPath("/sessions"), body: parameters)), options: options)
    }

    public func cancelChatKitSession(id: String, options: RequestOptions) async throws -> ChatKitSession {
        let path = try chatKitPath("/sessions/\(Self.pathComponent(id))/cancel")
        return try await client.decode(ChatKitSession.self, for: Self.beta(APIRequest(method: .post, path: path)), options: options)
    }

    public func listChatKitThreads(user: String?, parameters: ListParameters, options: RequestOptions) async throws -> OpenAIResponse<ChatKitThread> {
        var query = parameters.queryItems
        if let user { query.append(URLQueryItem(name: "user", value: user)) }
        return try await client.decode(
            OpenAIResponse<ChatKitThread>.self, for: Self.beta(APIRequest(method: .get, path: try chatKitPath("/threads"), query: query)),
            options: options)
    }

    public func retrieveChatKitThread(id: String, options: RequestOptions) async throws -> ChatKitThread {
        try await client.decode(ChatKitThread.self, for: Self.beta(APIRequest(method: .get, path: try chatKitThreadPath(id))), options: options)
    }

    public func deleteChatKitThread(id: String, options: RequestOptions) async throws -> ChatKitThread.DeletionStatus {
        try await client.decode(
            ChatKitThread.DeletionStatus.self, for: Self.beta(APIRequest(method: .delete, path: try chatKitThreadPath(id))), options: options)
    }

    public func listChatKitThreadItems(
        threadID: String, parameters: ListParameters, options: RequestOptions
    ) async throws -> OpenAIResponse<ChatKitThreadItem> {
        let request = APIRequest(method: .get, path: try chatKitThreadPath(threadID) + "/items", query: parameters.queryItems)
        return try await client.decode(OpenAIResponse<ChatKitThreadItem>.self, for: Self.beta(request), options: options)
    }

    private func chatKitPath(_ path: String) throws -> String {
        try routing.openAIOnlyPath("/chatkit" + path, feature: "ChatKit")
    }

    private func chatKitThreadPath(_ id: String) throws -> String {
        try chatKitPath("/threads/\(Self.pathComponent(id))")
    }

    /// ChatKit is in beta: the API wants its beta header on every call.
    private static func beta(_ request: APIRequest) -> APIRequest {
        var request = request
        request.headers["OpenAI-Beta"] = "chatkit_beta=v1"
        return request
    }
}
