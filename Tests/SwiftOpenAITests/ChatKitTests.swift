import AISandbox
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("ChatKit")
struct ChatKitTests {
    @Test("sessions: create with the beta header and every setting, cancel; the client secret stays out of descriptions", arguments: TransportKind.allCases)
    func sessions(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let parameters = ChatKitSessionParameters(
                workflow: ChatKitWorkflow(id: "wf_support", version: "3", stateVariables: ["plan": "pro", "seats": 4]),
                user: "user_42", expiresAfterSeconds: 300, maxRequestsPerMinute: 20,
                configuration: ChatKitConfiguration(fileUpload: .init(enabled: true, maxFiles: 3), history: .init(recentThreads: 5)))
            let session = try await service.createChatKitSession(parameters: parameters)
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST" && request.path == "/v1/chatkit/sessions" && request.header("openai-beta") == "chatkit_beta=v1")
            #expect(request.jsonBody == [
                "workflow": ["id": "wf_support", "version": "3", "state_variables": ["plan": "pro", "seats": 4]], "user": "user_42",
                "expires_after": ["anchor": "created_at", "seconds": 300], "rate_limits": ["max_requests_per_1_minute": 20],
                "chatkit_configuration": ["file_upload": ["enabled": true, "max_files": 3], "history": ["recent_threads": 5]],
            ])
            #expect(session.id.hasPrefix("cksess_") && session.status == .active && session.user == "user_42")
            #expect(session.workflow.id == "wf_support" && session.workflow.stateVariables?["seats"] == 4 && session.workflow.tracing?.enabled == true)
            #expect(session.maxRequestsPerMinute == 20 && session.configuration?.fileUpload?.maxFiles == 3)
            #expect(session.configuration?.fileUpload?.maxFileSize == 512 && session.configuration?.history?.recentThreads == 5)
            #expect(!session.clientSecret.isEmpty && !session.description.contains(session.clientSecret))

            let cancelled = try await service.cancelChatKitSession(id: session.id)
            #expect(sandbox.lastRequest?.path == "/v1/chatkit/sessions/\(session.id)/cancel")
            #expect(cancelled.status == .cancelled && cancelled.id == session.id)
            let unknown = await #expect(throws: APIError.self) { try await service.cancelChatKitSession(id: "cksess_nope") }
            #expect(unknown?.kind == .notFound)
            let invalid = await #expect(throws: APIError.self) {
                try await service.createChatKitSession(parameters: .init(workflow: .init(id: "wf_1"), user: "u", expiresAfterSeconds: 3600))
            }
            #expect(invalid?.kind == .badRequest && invalid?.param == "expires_after.seconds")
        }
    }

    @Test("threads: list (by user, paged), retrieve, items, delete, and unknown ids", arguments: TransportKind.allCases)
    func threads(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let first = sandbox.addChatKitThread(user: "ada", title: "Billing", messages: ["Why was I charged twice?", "I see two charges; one is refunded."])
            let second = sandbox.addChatKitThread(user: "ada", title: "Login", messages: ["I can't log in."])
            _ = sandbox.addChatKitThread(user: "grace")

            let page = try await service.listChatKitThreads(user: "ada", parameters: ListParameters(limit: 1))
            let request = try #require(sandbox.lastRequest)
            #expect(request.path == "/v1/chatkit/threads" && request.queryValue("user") == "ada" && request.queryValue("limit") == "1")
            #expect(request.header("openai-beta") == "chatkit_beta=v1")
            #expect(page.data.map(\.id) == [second] && page.hasMore == true)
            var ids: [String] = []
            for try await thread in service.allChatKitThreads(user: "ada", pageSize: 1) { ids.append(thread.id) }
            #expect(ids == [second, first])

            let thread = try await service.retrieveChatKitThread(id: first)
            #expect(thread.title == "Billing" && thread.status.type == "active" && thread.user == "ada" && thread.object == "chatkit.thread")

            let items = try await service.listChatKitThreadItems(threadID: first, parameters: ListParameters(order: "asc"))
            #expect(sandbox.lastRequest?.path == "/v1/chatkit/threads/\(first)/items" && sandbox.lastRequest?.queryValue("order") == "asc")
            #expect(items.data.map(\.kind) == [.userMessage, .assistantMessage])
            #expect(items.data.map(\.text) == ["Why was I charged twice?", "I see two charges; one is refunded."])
            #expect(items.data.allSatisfy { $0.threadID == first } && items.data[1].raw["content"]?[0]?["annotations"] == [])

            let deleted = try await service.deleteChatKitThread(id: first)
            #expect(sandbox.lastRequest?.method == "DELETE" && deleted.deleted && deleted.object == "chatkit.thread.deleted")
            let gone = await #expect(throws: APIError.self) { try await service.listChatKitThreadItems(threadID: first) }
            #expect(gone?.kind == .notFound)
            let missing = await #expect(throws: APIError.self) { try await service.retrieveChatKitThread(id: "cthr_nope") }
            #expect(missing?.kind == .notFound)
        }
    }

    @Test("a session opens an empty thread for its user; an item kind the SDK doesn't know is kept whole")
    func sessionThreadAndUnknownItems() async throws {
        try await withService(transport: .asyncHTTPClient) { sandbox, service in
            _ = try await service.createChatKitSession(parameters: .init(workflow: .init(id: "wf_1"), user: "lin"))
            let threads = try await service.listChatKitThreads(user: "lin")
            #expect(threads.data.count == 1 && threads.data[0].title == nil)
            #expect(try await service.listChatKitThreadItems(threadID: threads.data[0].id).data.isEmpty)

            let item = try JSONDecoder().decode(ChatKitThreadItem.self, from: Data(
                #"{"id":"cthi_1","object":"chatkit.thread_item","created_at":1,"thread_id":"cthr_1","type":"chatkit.hologram","beam":3}"#.utf8))
            #expect(item.kind.rawValue == "chatkit.hologram" && item.raw["beam"] == 3 && item.text == nil)
            #expect(try JSONValue(parsing: JSONEncoder().encode(item)) == item.raw)
        }
    }

    @Test("the sandbox wants the beta header; Azure has no ChatKit (nothing sent)")
    func betaHeaderAndAzure() async throws {
        try await withSandbox { sandbox in
            var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("v1/chatkit/threads"))
            request.setValue("Bearer sk-test", forHTTPHeaderField: "Authorization")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400 && String(decoding: data, as: UTF8.self).contains("chatkit_beta=v1"))

            let azure = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "v1", routing: .v1))
            let before = sandbox.requests.count
            let error = await #expect(throws: APIError.self) { try await azure.listChatKitThreads() }
            #expect(error?.kind == .invalidRequest && sandbox.requests.count == before)
        }
    }
}
