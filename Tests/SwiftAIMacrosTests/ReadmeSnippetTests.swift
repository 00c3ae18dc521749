import AISandbox
import Foundation
import SwiftAIMacros
import SwiftAnthropic
import SwiftOpenAI
import Testing

// README.md "Structured outputs and tools": the macro-derived types, parsed over the sandbox by all three APIs.

// The README's declarations, word for word.

/// Tomorrow's weather.
@StructuredOutput
struct Weather {
    var city: String
    @Guide(description: "Degrees Celsius", range: -60...60) var high: Double
    var sky: Sky
    var warnings: [String]
    var note: String?          // optional: nullable (and still listed in `required`) in OpenAI's strict mode
}

@StructuredOutput
enum Sky: String { case clear, cloudy, rain, snow }

@Suite("README: structured outputs with the macro")
struct MacroReadmeSnippetTests {
    @Test func theSchemaIsWhatTheREADMESays() throws {
        let strict = Weather.jsonSchema.normalized(for: .openAIStrict)
        #expect(strict.validate(for: .openAIStrict).isEmpty)
        #expect(strict.required == ["city", "high", "sky", "warnings", "note"])
        #expect(strict.property("note")?.isNullable == true)
        #expect(strict.property("high")?.minimumValue == -60)
        #expect(Weather.jsonSchema.description == "Tomorrow's weather.")
        #expect(strict.property("sky")?.enumCases == ["clear", "cloudy", "rain", "snow"])
    }

    @Test func parsesOverChatResponsesAndAnthropic() async throws {
        try await Sandbox.withRunning { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            let anthropic = AnthropicServiceFactory.service(apiKey: "sk-ant-test", basePath: sandbox.baseURL.absoluteString)
            let chatParameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Weather?"))], model: .gpt4oMini)
            let responseParameters = ModelResponseParameter(input: .string("Weather?"), model: .gpt4oMini)
            let messageParameter = MessageParameter(model: .claude35Sonnet, messages: [.init(role: .user, content: "Weather?")], maxTokens: 512)

            let weather = try await service.parse(parameters: chatParameters, as: Weather.self)
            let same = try await service.parse(parameters: responseParameters, as: Weather.self)
            let claude = try await anthropic.parse(messageParameter, as: Weather.self)
            for value in [weather, same, claude] {
                #expect(!value.city.isEmpty)
                #expect((-60...60).contains(value.high))
            }

            var partials = 0
            var final: Weather?
            for try await snapshot in try await service.parseStream(parameters: chatParameters, as: Weather.self) {
                if let value = snapshot.value { final = value } else if snapshot.partial?.city != nil { partials += 1 }
            }
            #expect(final != nil)
            #expect(partials > 0)
        }
    }
}
