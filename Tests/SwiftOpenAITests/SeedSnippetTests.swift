import AISandbox
import Foundation
import SwiftOpenAI
import Testing

// Snippets of seed 000 (the SwiftOpenAI README), unchanged apart from placeholder values and the `try await`
// the seed's first chat snippet forgets. They compile here and run against the sandbox.
// Not included: the seed's "Function Calling" snippet builds `ToolCall(type:function:)` from a
// `ChatFunction` and passes it as `tools:`; that mixes two types and did not compile against the original
// library either. The equivalent with `ChatCompletionParameters.Tool` is below.

/// The service snippets: only compiled (they would reach api.openai.com).
func seedServiceSnippets() {
    do {
        let apiKey = "your_openai_api_key_here"
        let service = OpenAIServiceFactory.service(apiKey: apiKey)
        _ = service
    }
    do {
        let apiKey = "your_openai_api_key_here"
        let oganizationID = "your_organixation_id"
        let service = OpenAIServiceFactory.service(apiKey: apiKey, organizationID: oganizationID)
        _ = service
    }
}

func seedChatSnippets(service: any OpenAIService) async throws {
    do {
        let prompt = "Tell me a joke"
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text(prompt))], model: .gpt41106Preview)
        let chatCompletionObject = try await service.startChat(parameters: parameters)
        #expect(chatCompletionObject.choices.first?.message.content?.contains(prompt) == true)
    }
    do {
        let prompt = "Tell me a joke"
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text(prompt))], model: .gpt41106Preview)
        let chatCompletionObject = try await service.startStreamedChat(parameters: parameters)
        var text = ""
        for try await chunk in chatCompletionObject { text += chunk.choices.first?.delta.content ?? "" }
        #expect(text.contains(prompt))
    }
    do {
        var tool: ChatCompletionParameters.Tool {
            .init(
                type: "function",  // The type of the tool. Currently, only "function" is supported.
                function: .init(
                    name: "create_image",
                    description: "Call this function if the request asks to generate an image",
                    parameters: .init(
                        type: .object,
                        properties: [
                            "prompt": .init(type: .string, description: "The exact prompt passed in."),
                            "count": .init(type: .integer, description: "The number of images requested"),
                        ],
                        required: ["prompt", "count"])))
        }
        let prompt = "Show me an image of an unicorn eating ice cream"
        let content: ChatCompletionParameters.Message.ContentType = .text(prompt)
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: content)], model: .gpt41106Preview, tools: [tool])
        let chatCompletionObject = try await service.startStreamedChat(parameters: parameters)
        let result = try await chatCompletionObject.accumulate()
        #expect(result.toolCalls.first?.function.name == "create_image")
    }
    do {
        let imageURL = "https://upload.wikimedia.org/wikipedia/commons/thumb/d/dd/Gfp-wisconsin-madison-the-nature-boardwalk.jpg/2560px-Gfp-wisconsin-madison-the-nature-boardwalk.jpg"
        let prompt = "What is this?"
        let messageContent: [ChatCompletionParameters.Message.ContentType.MessageContent] = [.text(prompt), .imageUrl(imageURL)]  // Users can add as many `.imageUrl` instances to the service.
        let parameters = ChatCompletionParameters(messages: [.init(role: .user, content: .contentArray(messageContent))], model: .gpt4VisionPreview)
        let chatCompletionObject = try await service.startStreamedChat(parameters: parameters)
        let result = try await chatCompletionObject.accumulate()
        #expect(result.content.contains("[1 image]"))
    }
    do {
        let parameters = ChatCompletionParameters(
            messages: [.init(role: .user, content: .text("prompt"))],
            model: .custom("DEPLOYMENT_NAME"))  /// The deployment name you chose when you deployed the model. e.g: "gpt-35-turbo-0613"
        let completionObject = try await service.startChat(parameters: parameters)
        #expect(completionObject.model == "DEPLOYMENT_NAME")
    }
}

func seedEndpointSnippets(service: any OpenAIService) async throws {
    do {
        let parameters = EmbeddingParameter(input: "Hello world.")
        let embeddingObjects = try await service.createEmbeddings(parameters: parameters).data
        #expect(embeddingObjects.count == 1)
    }
    do {
        /// List models
        let models = try await service.listModels().data
        #expect(!models.isEmpty)
    }
    do {
        /// Retrieve model
        let modelID = "gpt-4o-mini"
        let retrievedModel = try await service.retrieveModelWith(id: modelID)
        #expect(retrievedModel.id == modelID)
    }
    do {
        /// Delete fine tuned model
        let modelID = "ft:gpt-4o-mini:sandbox::abc123"
        let deletionStatus = try await service.deleteFineTuneModelWith(id: modelID)
        #expect(deletionStatus.deleted)
    }
    do {
        /// Single prompt
        let prompt = "I am going to kill him"
        let parameters = ModerationParameter(input: prompt)
        let isFlagged = try await service.createModerationFromText(parameters: parameters)
        #expect(isFlagged.results.first?.flagged == true)
    }
    do {
        /// Multiple prompts
        let prompts = ["I am going to kill him", "I am going to die"]
        let parameters = ModerationParameter(input: prompts)
        let isFlagged = try await service.createModerationFromTexts(parameters: parameters)
        #expect(isFlagged.results.count == 2)
    }
}

@Suite("Seed 000 snippets")
struct SeedSnippetTests {
    @Test("chat, function calling, vision and Azure-style model snippets run against the sandbox")
    func chat() async throws {
        try await withService { _, service in try await seedChatSnippets(service: service) }
    }

    @Test("embeddings, models and moderations snippets run against the sandbox")
    func endpoints() async throws {
        try await withService { _, service in try await seedEndpointSnippets(service: service) }
    }
}
