import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Conversations": the snippet copied line for line and run against the sandbox.

@Suite("README: conversations")
struct ReadmeConversationsSnippetTests {
    @Test("a conversation created with a first message, continued by a response, and listed oldest first")
    func conversationSnippet() async throws {
        try await withService { sandbox, service in
            let conversation = try await service.createConversation(parameters: ConversationParameters(
                items: [.message(.init(role: "user", text: "My name is Ada."))], metadata: ["topic": "intro"]))
            let reply = try await service.responseCreate(ModelResponseParameter(
                input: .string("What is my name?"), model: .gpt4oMini, conversation: .init(id: conversation.id)))
            print(reply.outputText)
            #expect(reply.outputText == "Hello from AISandbox! You said: What is my name? (continuing \(conversation.id))")
            var listed: [String] = []
            for try await item in service.allConversationItems(conversationID: conversation.id, order: "asc") {
                print(item.type, item.message?.role ?? "")   // message user, message user, message assistant
                listed.append("\(item.type) \(item.message?.role ?? "")")
            }
            #expect(listed == ["message user", "message user", "message assistant"])
            #expect(sandbox.requests.map(\.path) == [
                "/v1/conversations", "/v1/responses", "/v1/conversations/\(conversation.id)/items",
            ])
        }
    }
}
