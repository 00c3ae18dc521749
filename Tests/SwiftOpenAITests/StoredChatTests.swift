import AICore
import AISandbox
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Stored chat completions")
struct StoredChatTests {
    private func store(_ service: any OpenAIService, _ text: String, model: String = "gpt-4o-mini", metadata: [String: String]? = nil) async throws
        -> ChatCompletionObject
    {
        try await service.startChat(parameters: ChatCompletionParameters(
            messages: [.init(role: .system, content: .text("Be brief.")), userMessage(text)], model: .custom(model), store: true, metadata: metadata))
    }

    @Test("store: true keeps a completion; list (model, metadata, order, paging), get, update, messages, delete", arguments: TransportKind.allCases)
    func lifecycle(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let first = try await store(service, "Tell me a story", metadata: ["topic": "stories"])
            let second = try await store(service, "Name a color", model: "gpt-4o", metadata: ["topic": "colors"])
            _ = try await service.startChat(parameters: ChatCompletionParameters(messages: [userMessage("not kept")], model: .gpt4oMini))
            #expect(first.id != second.id)

            let all = try await service.listChatCompletions()
            #expect(all.data.map(\.id) == [first.id, second.id], "oldest first; the unstored one isn't listed")
            #expect(sandbox.lastRequest?.method == "GET" && sandbox.lastRequest?.path == "/v1/chat/completions")

            let byModel = try await service.listChatCompletions(model: "gpt-4o")
            #expect(byModel.data.map(\.id) == [second.id] && sandbox.lastRequest?.queryValue("model") == "gpt-4o")
            let byMetadata = try await service.listChatCompletions(metadata: ["topic": "stories"])
            #expect(byMetadata.data.map(\.id) == [first.id] && sandbox.lastRequest?.queryValue("metadata[topic]") == "stories")
            let newest = try await service.listChatCompletions(limit: 1, order: .descending)
            #expect(newest.data.map(\.id) == [second.id] && newest.hasMore == true && sandbox.lastRequest?.queryValue("order") == "desc")
            let page = try await service.listChatCompletions(after: first.id, limit: 1)
            #expect(page.data.map(\.id) == [second.id] && sandbox.lastRequest?.queryValue("after") == first.id)
            var walked: [String] = []
            for try await completion in service.allChatCompletions(pageSize: 1) { walked.append(completion.id) }
            #expect(walked == [first.id, second.id])

            let fetched = try await service.getChatCompletion(completionID: first.id)
            #expect(fetched.id == first.id && fetched.metadata == ["topic": "stories"])
            #expect(fetched.choices.first?.message.content == first.choices.first?.message.content)
            #expect(sandbox.lastRequest?.path == "/v1/chat/completions/\(first.id)")

            let updated = try await service.updateChatCompletion(completionID: first.id, metadata: ["topic": "bedtime", "reviewed": "yes"])
            #expect(updated.metadata == ["topic": "bedtime", "reviewed": "yes"])
            #expect(sandbox.lastRequest?.method == "POST" && sandbox.lastRequest?.jsonBody == ["metadata": ["topic": "bedtime", "reviewed": "yes"]])
            #expect(try await service.getChatCompletion(completionID: first.id).metadata?["reviewed"] == "yes")

            let messages = try await service.getChatCompletionMessages(completionID: first.id)
            #expect(messages.data.map(\.role) == ["system", "user"] && messages.data.map(\.content) == ["Be brief.", "Tell me a story"])
            #expect(sandbox.lastRequest?.path == "/v1/chat/completions/\(first.id)/messages")
            let lastMessage = try await service.getChatCompletionMessages(completionID: first.id, limit: 1, order: .descending)
            #expect(lastMessage.data.map(\.content) == ["Tell me a story"] && lastMessage.hasMore == true)
            var walkedMessages: [String] = []
            for try await message in service.allChatCompletionMessages(completionID: first.id, pageSize: 1) { walkedMessages.append(message.id) }
            #expect(walkedMessages == messages.data.map(\.id))

            let deleted = try await service.deleteChatCompletion(completionID: first.id)
            #expect(deleted.deleted && deleted.id == first.id && deleted.object == "chat.completion.deleted")
            #expect(sandbox.lastRequest?.method == "DELETE")
            #expect(try await service.listChatCompletions().data.map(\.id) == [second.id])

            for call in [
                { _ = try await service.getChatCompletion(completionID: first.id) },
                { _ = try await service.deleteChatCompletion(completionID: first.id) },
                { _ = try await service.getChatCompletionMessages(completionID: "chatcmpl-missing") },
                { _ = try await service.updateChatCompletion(completionID: "chatcmpl-missing", metadata: [:]) },
            ] as [() async throws -> Void] {
                let error = await #expect(throws: APIError.self) { try await call() }
                #expect(error?.kind == .notFound)
            }
        }
    }

    @Test("a streamed completion with store: true is kept under the id its chunks carry, with parts and tool messages", arguments: TransportKind.allCases)
    func streamed(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let parts = ChatCompletionParameters(
                messages: [.init(role: .user, content: .contentArray([.text("What is in this picture?")]))], model: .gpt4oMini, store: true,
                metadata: ["kind": "stream"])
            let accumulated = try await service.startStreamedChat(parameters: parts).accumulate()
            let stored = try await service.getChatCompletion(completionID: accumulated.id)
            #expect(stored.choices.first?.message.content == accumulated.content && stored.metadata == ["kind": "stream"])
            let messages = try await service.getChatCompletionMessages(completionID: accumulated.id)
            #expect(messages.data.first?.content == nil && messages.data.first?.contentParts?.first?["text"] == .string("What is in this picture?"))
        }
    }

    @Test("bad update bodies are refused with the field named")
    func badUpdate() async throws {
        try await withSandbox { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "k", overrideBaseURL: sandbox.baseURL.absoluteString, retryPolicy: .none)
            let kept = try await store(service, "hello")
            var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("v1/chat/completions/\(kept.id)"))
            request.httpMethod = "POST"
            request.setValue("Bearer k", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"metadata":{"n":1}}"#.utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(try JSONValue(parsing: data)["error"]?["param"] == .string("metadata.n"))
            request.httpBody = Data("{}".utf8)
            let (missing, _) = try await URLSession.shared.data(for: request)
            #expect(try JSONValue(parsing: missing)["error"]?["param"] == .string("metadata"))
        }
    }

    @Test("Azure: stored completions on the v1 API; a deployments configuration refuses them before sending")
    func azure() async throws {
        try await withSandbox { sandbox in
            let v1 = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "preview", routing: .v1))
            let kept = try await store(v1, "hi from Azure")
            let listed = try await v1.listChatCompletions()
            #expect(listed.data.map(\.id) == [kept.id] && sandbox.lastRequest?.path == "/openai/v1/chat/completions")

            let deployments = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-04-01-preview"))
            let sent = sandbox.requests.count
            let refused = await #expect(throws: APIError.self) { try await deployments.listChatCompletions() }
            #expect(refused?.kind == .invalidRequest && refused?.message.contains("Stored chat completions") == true)
            let refusedGet = await #expect(throws: APIError.self) { try await deployments.getChatCompletion(completionID: kept.id) }
            #expect(refusedGet?.kind == .invalidRequest)
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }
}
