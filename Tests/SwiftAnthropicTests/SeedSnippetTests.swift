import AISandbox
import Foundation
import SwiftAnthropic
import Testing

// Snippets of seed 003 (the SwiftAnthropic README), unchanged apart from placeholder values and three typos
// of the seed that no compiler accepts: `"…" e.g: "2023-06-01".` after a string literal, a missing opening
// quote in the beta-headers array, and `list(…)` for `.list(…)` in the vision snippet.

/// The factory snippets: only compiled (they would reach api.anthropic.com).
func seedFactorySnippets() {
    do {
        let apiKey = "YOUR_ANTHROPIC_API_KEY"
        let service = AnthropicServiceFactory.service(apiKey: apiKey)
        _ = service
    }
    do {
        let apiKey = "YOUR_ANTHROPIC_API_KEY"
        let apiVersion = "2023-06-01"
        let service = AnthropicServiceFactory.service(apiKey: apiKey, apiVersion: apiVersion)
        _ = service
    }
    do {
        let apiKey = "YOUR_ANTHROPIC_API_KEY"
        let apiVersion = "2023-06-01"
        let basePath = "https://myservice.com"
        let service = AnthropicServiceFactory.service(apiKey: apiKey, apiVersion: apiVersion, basePath: basePath)
        _ = service
    }
    do {
        let apiKey = "YOUR_ANTHROPIC_API_KEY"
        let betaHeaders = ["prompt-caching-2024-07-31", "max-tokens-3-5-sonnet-2024-07-15"]
        let service = AnthropicServiceFactory.service(apiKey: apiKey, betaHeaders: betaHeaders)
        _ = service
    }
}

func seedSnippets(service: any AnthropicService) async throws {
    do {
        let maxTokensToSample = 1024
        _ = maxTokensToSample
        let prompt = "\n\nHuman: Hello, Claude\n\nAssistant:"
        let parameters = TextCompletionParameter(model: .claude21, prompt: prompt, maxTokensToSample: 10)
        let textCompletion = try await service.createTextCompletion(parameters)
        #expect(textCompletion.completion.contains("Hello, Claude"))
        let textStreamCompletion = try await service.createStreamTextCompletion(parameters)
        for try await _ in textStreamCompletion {}
    }
    do {
        let maxTokens = 1024
        let messageParameter = MessageParameter.Message(role: .user, content: "Hello, Claude")
        let parameters = MessageParameter(model: .claude21, messages: [messageParameter], maxTokens: maxTokens)
        let message = try await service.createMessage(parameters)
        #expect(message.text.contains("Hello, Claude"))
        let stream = try await service.streamMessage(parameters)
        for try await _ in stream {}
    }
    do {
        let maxTokens = 1024
        let weatherTool = MessageParameter.Tool(
                    name: "get_weather",
                    description: "Get the current weather in a given location",
                    inputSchema: .init(
                                   type: .object,
                                   properties: [
                                      "location": .init(type: .string, description: "The city and state, e.g. San Francisco, CA"),
                                      "unit": .init(type: .string, description: "The unit of temperature, either celsius or fahrenheit")
                                   ],
                                   required: ["location"]))
        let messageParameter = MessageParameter.Message(role: .user, content: "What is the weather like in San Francisco?")
        let parameters = MessageParameter(model: .claude3Opus, messages: [messageParameter], maxTokens: maxTokens, tools: [weatherTool])
        let message = try await service.createMessage(parameters)
        #expect(message.stopReason == "tool_use")
    }
    do {
        let model: Model = .claude35Sonnet
        let messages = [MessageParameter.Message(role: .user, content: "Hello")]
        let maxTokens = 100
        let toolChoice = ToolChoice(
            type: .auto,
            disableParallelToolUse: true
        )
        let messageParameter = MessageParameter(
            model: model,
            messages: messages,
            maxTokens: maxTokens,
            toolChoice: toolChoice
        )
        _ = try await service.createMessage(messageParameter)
    }
    do {
        let systemPrompt = "You are an AI assistant tasked with analyzing literary works. Your goal is to provide insightful commentary on themes, characters, and writing style"
        let someLargePieceOfContentLikeABook: String = "<the entire contents of Pride and Prejudice>"
        let systemContent = MessageParameter.Cache(text: systemPrompt, cacheControl: nil)
        let cache = MessageParameter.Cache(text: someLargePieceOfContentLikeABook, cacheControl:  .init(type: .ephemeral))
        let usersMessage = MessageParameter.Message(role: .user, content: .text("Analyze the major themes in Pride and Prejudice."))
        let parameters = MessageParameter(
           model: .claude35Sonnet,
           messages: [usersMessage],
           maxTokens: 1024,
           system: .list([
              systemContent,
              cache
           ]))
        let request = try await service.createMessage(parameters)
        #expect((request.usage.cacheCreationInputTokens ?? 0) > 0)
    }
    do {
        let usersPrompt = "Summarize this transcription"
        let videoTranscription = "<Some_Long_Text>"
        let usersMessageContent = MessageParameter.Message.Content.ContentObject.text(usersPrompt)
        let cache = MessageParameter.Message.Content.ContentObject.cache(.init(text: videoTranscription, cacheControl: .init(type: .ephemeral)))
        let usersMessage = MessageParameter.Message(role: .user, content: .list([usersMessageContent, cache]))
              let parameters = MessageParameter(
                 model: .claude35Sonnet,
                 messages: [usersMessage],
                 maxTokens: 1024,
                 system: .text("You are an AI assistant tasked with analyzing literary works"))
        _ = try await service.createMessage(parameters)
    }
    do {
        let tool = MessageParameter.Tool(
           name: "get_weather",
           description: "Get the current weather in a given location",
           inputSchema: .init(
                          type: .object,
                          properties: [
                             "location": .init(type: .string, description: "The city and state, e.g. San Francisco, CA"),
                             "unit": .init(type: .string, description: "The unit of temperature, either celsius or fahrenheit")
                          ],
                          required: ["location"]),
           cacheControl: .init(type: .ephemeral))
        #expect(tool.cacheControl != nil)
    }
    do {
        let maxTokens = 1024
        let prompt = "What is this image about?"
        let base64Image = "/9j/4AAQSkZJRg..."
        let imageSource: MessageParameter.Message.Content.ContentObject = .image(.init(type: .base64, mediaType: .jpeg, data: base64Image))
        let text: MessageParameter.Message.Content.ContentObject = .text(prompt)
        let content: MessageParameter.Message.Content = .list([imageSource, text])
        let messagesParameter = [MessageParameter.Message(role: .user, content: content)]
        let parameters = MessageParameter(model: .claude3Sonnet, messages: messagesParameter, maxTokens: maxTokens)
        let message = try await service.streamMessage(parameters)
        #expect(try await message.accumulate().text.contains("[1 image]"))
    }
    do {
        let maxTokens = 1024
        let prompt = "Please analyze this document"
        let pdfData = Data("%PDF-1.4".utf8)
        let base64PDF = pdfData.base64EncodedString()
        let documentSource = try MessageParameter.Message.Content.DocumentSource.pdf(base64Data: base64PDF)
        let message = MessageParameter.Message(
            role: .user,
            content: .list([
                .document(documentSource),
                .text(prompt)
            ])
        )
        let parameters = MessageParameter(
            model: .claude35Sonnet,
            messages: [message],
            maxTokens: maxTokens
        )
        let response = try await service.createMessage(parameters)
        #expect(response.text.contains(prompt))
    }
    do {
        let maxTokens = 1024
        let prompt = "Please analyze this document"
        let pdfData = Data("%PDF-1.4".utf8)
        let base64PDF = pdfData.base64EncodedString()
        let documentSource = try MessageParameter.Message.Content.DocumentSource.pdf(base64Data: base64PDF, citations: .init(enabled: true))
        let message = MessageParameter.Message(
            role: .user,
            content: .list([
                .document(documentSource),
                .text(prompt)
            ])
        )
        let parameters = MessageParameter(
            model: .claude35Sonnet,
            messages: [message],
            maxTokens: maxTokens
        )
        let response = try await service.streamMessage(parameters)
        #expect(try await response.accumulate().content.count == 2)
    }
    do {
        let messageParameter = MessageParameter.Message(role: .user, content: .text("Hello, Claude"))
        let parameters = MessageTokenCountParameter(
            model: .claude3Sonnet,
            messages: [messageParameter]
        )
        let tokenCount = try await service.countTokens(parameter: parameters)
        #expect(tokenCount.inputTokens > 0)
    }
}

@Suite("Seed 003 snippets")
struct AnthropicSeedSnippetTests {
    @Test("every seed snippet runs against the sandbox")
    func snippets() async throws {
        try await withAnthropic { _, service in try await seedSnippets(service: service) }
    }
}
