import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// The JSON body a request carried.
private func sentBody(_ request: RecordedRequest?) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: try #require(request).body)
}

/// The text of a message item's parts (input and output text).
private func text(_ item: ConversationItem) -> String {
    (item.message?.content ?? []).compactMap { part -> String? in
        switch part {
        case .inputText(let text): text
        case .outputText(let part): part.text
        default: nil
        }
    }.joined()
}

@Suite("Conversations")
struct ConversationTests {
    @Test("create with items and metadata, retrieve, update, add items, get and delete an item, delete", arguments: TransportKind.allCases)
    func lifecycle(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let created = try await service.createConversation(
                parameters: ConversationParameters(items: [.message(.init(role: "user", text: "Hello"))], metadata: ["topic": "demo"]))
            #expect(sandbox.lastRequest?.method == "POST" && sandbox.lastRequest?.path == "/v1/conversations")
            let body = try sentBody(sandbox.lastRequest)
            #expect(body["metadata"]?["topic"]?.stringValue == "demo")
            #expect(body["items"]?[0]?["role"]?.stringValue == "user" && body["items"]?[0]?["content"]?.stringValue == "Hello")
            #expect(created.id.hasPrefix("conv") && created.object == "conversation" && created.metadata == ["topic": "demo"])
            #expect(created.createdAt > 0)

            let retrieved = try await service.retrieveConversation(id: created.id)
            #expect(retrieved == created)
            #expect(sandbox.lastRequest?.method == "GET" && sandbox.lastRequest?.path == "/v1/conversations/\(created.id)")

            let updated = try await service.updateConversation(id: created.id, metadata: ["topic": "updated", "owner": "ada"])
            #expect(sandbox.lastRequest?.method == "POST" && sandbox.lastRequest?.path == "/v1/conversations/\(created.id)")
            #expect(try sentBody(sandbox.lastRequest) == .object(["metadata": .object(["topic": "updated", "owner": "ada"])]))
            #expect(updated.metadata == ["topic": "updated", "owner": "ada"] && updated.id == created.id)

            let added = try await service.createConversationItems(
                conversationID: created.id,
                items: [.message(.init(role: "assistant", content: .array([.outputText("Hi there")]))),
                        .functionCallOutput(.init(callId: "call_1", output: "{\"ok\":true}"))],
                include: ["message.output_text.logprobs"])
            #expect(sandbox.lastRequest?.path == "/v1/conversations/\(created.id)/items")
            #expect(sandbox.lastRequest?.query.map(\.name) == ["include[]"])
            #expect(sandbox.lastRequest?.queryValue("include[]") == "message.output_text.logprobs")
            #expect(try sentBody(sandbox.lastRequest)["items"]?.arrayValue?.count == 2)
            #expect(added.data.count == 2 && added.hasMore == false && added.firstID == added.data.first?.id && added.lastID == added.data.last?.id)
            #expect(added.data.map(\.type) == ["message", "function_call_output"])
            guard case .functionCallOutput(let output) = added.data[1] else { Issue.record("not a function call output"); return }
            #expect(output.callId == "call_1" && output.output == "{\"ok\":true}" && output.id != nil)

            let itemID = try #require(added.data[0].id)
            let item = try await service.retrieveConversationItem(conversationID: created.id, itemID: itemID, include: nil)
            #expect(sandbox.lastRequest?.method == "GET" && sandbox.lastRequest?.path == "/v1/conversations/\(created.id)/items/\(itemID)")
            #expect(item.message?.role == "assistant" && text(item) == "Hi there" && item.message?.status == "completed")

            let items = try await service.listConversationItems(conversationID: created.id, parameters: ConversationItemsParameter(order: "asc"))
            #expect(sandbox.lastRequest?.queryValue("order") == "asc")
            #expect(items.data.map(text) == ["Hello", "Hi there", ""])
            #expect(items.data.first?.message?.content.first.map { if case .inputText = $0 { true } else { false } } == true)

            let afterDelete = try await service.deleteConversationItem(conversationID: created.id, itemID: itemID)
            #expect(sandbox.lastRequest?.method == "DELETE" && sandbox.lastRequest?.path == "/v1/conversations/\(created.id)/items/\(itemID)")
            #expect(afterDelete.id == created.id && afterDelete.metadata == updated.metadata)
            let newestFirst = try await service.listConversationItems(conversationID: created.id)
            #expect(newestFirst.data.map(\.type) == ["function_call_output", "message"], "the default order is newest first")

            let deleted = try await service.deleteConversation(id: created.id)
            #expect(sandbox.lastRequest?.method == "DELETE" && sandbox.lastRequest?.path == "/v1/conversations/\(created.id)")
            #expect(deleted.id == created.id && deleted.deleted && deleted.object == "conversation.deleted")
            let gone = await #expect(throws: APIError.self) { try await service.retrieveConversation(id: created.id) }
            #expect(gone?.kind == .notFound && gone?.statusCode == 404 && gone?.type == "invalid_request_error")
        }
    }

    @Test("items page by page: limit, after, has_more; the paging sequence walks every page", arguments: TransportKind.allCases)
    func paging(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let conversation = try await service.createConversation()
            #expect(try sentBody(sandbox.lastRequest) == .object([:]))
            let texts = (1...5).map { "message \($0)" }
            _ = try await service.createConversationItems(
                conversationID: conversation.id, items: texts.map { .message(.init(role: "user", text: $0)) })

            let first = try await service.listConversationItems(
                conversationID: conversation.id, parameters: ConversationItemsParameter(limit: 2, order: "asc"))
            #expect(first.data.map(text) == ["message 1", "message 2"] && first.hasMore == true)
            let second = try await service.listConversationItems(
                conversationID: conversation.id, parameters: ConversationItemsParameter(limit: 2, order: "asc", after: first.lastID))
            #expect(sandbox.lastRequest?.queryValue("after") == first.lastID && sandbox.lastRequest?.queryValue("limit") == "2")
            #expect(second.data.map(text) == ["message 3", "message 4"] && second.hasMore == true)

            let before = sandbox.requests.count
            var walked: [String] = []
            for try await item in service.allConversationItems(conversationID: conversation.id, order: "asc", pageSize: 2) {
                walked.append(text(item))
            }
            #expect(walked == texts)
            #expect(sandbox.requests.count - before == 3, "three pages of two, two and one")
            var newestFirst: [String] = []
            for try await item in service.allConversationItems(conversationID: conversation.id) { newestFirst.append(text(item)) }
            #expect(newestFirst == texts.reversed())
        }
    }

    @Test("a response in a conversation reads its items and appends its input and output", arguments: TransportKind.allCases)
    func responsesInAConversation(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let conversation = try await service.createConversation(
                parameters: ConversationParameters(items: [.message(.init(role: "user", text: "My name is Ada."))]))
            let response = try await service.responseCreate(
                ModelResponseParameter(input: .string("What is my name?"), model: .gpt4oMini, conversation: .init(id: conversation.id)))
            #expect(try sentBody(sandbox.lastRequest)["conversation"]?.stringValue == conversation.id)
            #expect(response.conversation?.id == conversation.id)
            #expect(response.outputText.contains("continuing \(conversation.id)"), "the conversation was the context: \(response.outputText)")

            let items = try await service.listConversationItems(conversationID: conversation.id, parameters: ConversationItemsParameter(order: "asc"))
            #expect(items.data.map(\.type) == ["message", "message", "message"])
            #expect(items.data.map { $0.message?.role ?? "" } == ["user", "user", "assistant"])
            #expect(text(items.data[1]) == "What is my name?" && text(items.data[2]) == response.outputText)
            #expect(items.data[2].id == response.output.first?.id, "the output item is stored as it was answered")

            let streamed = try await service.responseCreateStream(
                ModelResponseParameter(input: .string("And again?"), model: .gpt4oMini, conversation: .init(id: conversation.id))
            ).accumulate { _ in }
            #expect(streamed.conversation?.id == conversation.id)
            let all = try await service.listConversationItems(conversationID: conversation.id)
            #expect(all.data.count == 5 && text(all.data[0]) == streamed.outputText)

            let both = await #expect(throws: APIError.self) {
                try await service.responseCreate(ModelResponseParameter(
                    input: .string("x"), model: .gpt4oMini, conversation: .init(id: conversation.id), previousResponseId: response.id))
            }
            #expect(both?.kind == .badRequest && both?.param == "conversation" && both?.message.contains("previous_response_id") == true)
            let unknown = await #expect(throws: APIError.self) {
                try await service.responseCreate(ModelResponseParameter(input: .string("x"), model: .gpt4oMini, conversation: "conv_missing"))
            }
            #expect(unknown?.kind == .notFound && unknown?.param == "conversation")
            #expect(try await service.listConversationItems(conversationID: conversation.id).data.count == 5, "failed requests add nothing")
        }
    }

    @Test("unknown ids are 404s; empty ids and bad input are refused", arguments: TransportKind.allCases)
    func errors(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            for call in [
                { _ = try await service.retrieveConversation(id: "conv_nope") },
                { _ = try await service.updateConversation(id: "conv_nope", metadata: [:]) },
                { _ = try await service.deleteConversation(id: "conv_nope") },
                { _ = try await service.listConversationItems(conversationID: "conv_nope") },
                { _ = try await service.createConversationItems(conversationID: "conv_nope", items: [.message(.init(role: "user", text: "x"))]) },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: APIError.self) { try await call() }
                #expect(error?.kind == .notFound && error?.message.contains("conv_nope") == true)
            }
            let conversation = try await service.createConversation()
            let missingItem = await #expect(throws: APIError.self) {
                try await service.retrieveConversationItem(conversationID: conversation.id, itemID: "msg_nope")
            }
            #expect(missingItem?.kind == .notFound && missingItem?.param == "item_id")
            let missingDelete = await #expect(throws: APIError.self) {
                try await service.deleteConversationItem(conversationID: conversation.id, itemID: "msg_nope")
            }
            #expect(missingDelete?.kind == .notFound)

            let tooMany = await #expect(throws: APIError.self) {
                try await service.createConversationItems(
                    conversationID: conversation.id, items: Array(repeating: .message(.init(role: "user", text: "x")), count: 21))
            }
            #expect(tooMany?.kind == .badRequest && tooMany?.param == "items")
            let badRole = await #expect(throws: APIError.self) {
                try await service.createConversationItems(conversationID: conversation.id, items: [.message(.init(role: "robot", text: "x"))])
            }
            #expect(badRole?.kind == .badRequest && badRole?.param == "items[0].role")
            let badLimit = await #expect(throws: APIError.self) {
                try await service.listConversationItems(conversationID: conversation.id, parameters: ConversationItemsParameter(limit: 101))
            }
            #expect(badLimit?.kind == .badRequest && badLimit?.param == "limit")
            let badInclude = await #expect(throws: APIError.self) {
                try await service.listConversationItems(conversationID: conversation.id, parameters: ConversationItemsParameter(include: ["everything"]))
            }
            #expect(badInclude?.kind == .badRequest && badInclude?.param == "include")
            let tooMuchMetadata = Dictionary(uniqueKeysWithValues: (0..<17).map { ("k\($0)", "v") })
            let badMetadata = await #expect(throws: APIError.self) {
                try await service.updateConversation(id: conversation.id, metadata: tooMuchMetadata)
            }
            #expect(badMetadata?.kind == .badRequest && badMetadata?.param == "metadata")
            #expect(try await service.listConversationItems(conversationID: conversation.id).data.isEmpty, "refused items were not added")

            let sent = sandbox.requests.count
            let emptyID = await #expect(throws: APIError.self) { try await service.retrieveConversation(id: "") }
            #expect(emptyID?.kind == .invalidRequest)
            let emptyItem = await #expect(throws: APIError.self) {
                try await service.deleteConversationItem(conversationID: conversation.id, itemID: "")
            }
            #expect(emptyItem?.kind == .invalidRequest)
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }

    @Test("include: encrypted reasoning only when asked; item types this version doesn't model are kept whole", arguments: TransportKind.allCases)
    func includeAndUnknownItems(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let conversation = try await service.createConversation()
            let shell: JSONValue = ["type": "shell_call_output", "call_id": "call_9", "output": [["stdout": "hi\n"]], "max_output_length": 100]
            let added = try await service.createConversationItems(
                conversationID: conversation.id,
                items: [.outputItem(.reasoning(.init(summary: [.init(text: "Thinking")], encryptedContent: "c2VjcmV0"))), .raw(shell)])
            #expect(added.data.count == 2)
            if case .reasoning(let reasoning) = added.data[0] {
                #expect(reasoning.encryptedContent == nil && reasoning.summaryText == "Thinking")
            } else {
                Issue.record("not reasoning: \(added.data[0].type)")
            }
            guard case .unknown(let type, let raw) = added.data[1] else { Issue.record("modelled: \(added.data[1].type)"); return }
            #expect(type == "shell_call_output" && raw["call_id"]?.stringValue == "call_9" && raw["output"]?[0]?["stdout"]?.stringValue == "hi\n")
            #expect(raw["max_output_length"]?.intValue == 100 && added.data[1].id != nil)

            let reasoningID = try #require(added.data[0].id)
            let included = try await service.retrieveConversationItem(
                conversationID: conversation.id, itemID: reasoningID, include: ["reasoning.encrypted_content"])
            #expect(sandbox.lastRequest?.queryValue("include[]") == "reasoning.encrypted_content")
            guard case .reasoning(let reasoning) = included else { Issue.record("not reasoning"); return }
            #expect(reasoning.encryptedContent == "c2VjcmV0")
            let listed = try await service.listConversationItems(
                conversationID: conversation.id, parameters: ConversationItemsParameter(order: "asc", include: ["reasoning.encrypted_content"]))
            guard case .reasoning(let listedReasoning) = listed.data[0] else { Issue.record("not reasoning"); return }
            #expect(listedReasoning.encryptedContent == "c2VjcmV0")

            let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(added.data[1]))
            #expect(encoded == raw, "an unknown item encodes back as it came")
        }
    }

    @Test("Azure: conversations on the v1 API; a deployments configuration refuses them before sending")
    func azure() async throws {
        try await withSandbox { sandbox in
            let v1 = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "preview", routing: .v1))
            let conversation = try await v1.createConversation(parameters: ConversationParameters(metadata: ["on": "azure"]))
            #expect(sandbox.lastRequest?.path == "/openai/v1/conversations" && conversation.metadata == ["on": "azure"])
            _ = try await v1.listConversationItems(conversationID: conversation.id)
            #expect(sandbox.lastRequest?.path == "/openai/v1/conversations/\(conversation.id)/items")

            let deployments = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-04-01-preview"))
            let sent = sandbox.requests.count
            let refused = await #expect(throws: APIError.self) { try await deployments.createConversation() }
            #expect(refused?.kind == .invalidRequest && refused?.message.contains("Conversations") == true)
            let refusedItems = await #expect(throws: APIError.self) {
                try await deployments.retrieveConversationItem(conversationID: conversation.id, itemID: "msg_1")
            }
            #expect(refusedItems?.kind == .invalidRequest)
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }
}
