#if SwiftAIMacros
import AICore
import AISandbox
import Foundation
import SwiftAIMacros
import SwiftAnthropic
import SwiftOpenAI
import Testing

// README.md "Structured outputs and tools": the macro-derived types, parsed over the sandbox by all three APIs,
// streamed as partial values, and each way an answer fails to be a value caught as the README's `catch` says.

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

            let weather = try await service.parse(parameters: chatParameters, as: Weather.self)      // chat completions
            let same = try await service.parse(parameters: responseParameters, as: Weather.self)     // Responses API
            let claude = try await anthropic.parse(messageParameter, as: Weather.self)                // Anthropic (output_config)
            for value in [weather, same, claude] {
                #expect(!value.city.isEmpty)
                #expect((-60...60).contains(value.high))
            }

            var partials = 0
            var final: Weather?
            func show(_ value: Weather) { final = value }
            func preview(_ city: String?) { if city != nil { partials += 1 } }
            for try await snapshot in try await service.parseStream(parameters: chatParameters, as: Weather.self) {
                if let value = snapshot.value { show(value) } else { preview(snapshot.partial?.city) }
            }
            #expect(final != nil)
            #expect(partials > 0)
        }
    }

    @Test("the catch of StructuredOutputError sees each reason the sandbox's model answers give")
    func catchesEveryReason() async throws {
        try await Sandbox.withRunning { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            let chatParameters = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Weather?"))], model: .gpt4oMini)
            var printed: [String] = []
            func print(_ item: Any) { printed.append("\(item)") }
            func show(_ weather: Weather) { printed.append("value: \(weather.city)") }
            let answers: [SandboxBehavior.ModelAnswer?] = [
                .refusal("I can't forecast that."), .lengthCutoff, .contentFilter, .toolCalls(["lookup"]), .malformedOutput, nil,
            ]
            for answer in answers {
                if let answer { sandbox.enqueue(.answer(answer), path: "/chat/completions") }

                do {
                    show(try await service.parse(parameters: chatParameters, as: Weather.self))
                } catch let error as StructuredOutputError {
                    switch error.reason {
                    case .refusal(let explanation): print("refused: \(explanation)")
                    case .lengthLimit: print("cut off after \(error.text?.count ?? 0) characters")
                    case .contentFilter, .noContent: print(error)
                    case .invalidJSON(let message): print("not a Weather: \(message)")
                    }
                }
            }
            try #require(printed.count == answers.count)
            #expect(printed[0] == "refused: I can't forecast that.")
            #expect(printed[1].hasPrefix("cut off after ") && printed[1] != "cut off after 0 characters")
            #expect(printed[2] == StructuredOutputError(reason: .contentFilter, text: nil, rawResponse: nil).description)
            #expect(printed[3] == StructuredOutputError(reason: .noContent, text: nil, rawResponse: nil).description)
            #expect(printed[4].hasPrefix("not a Weather: "))
            #expect(printed[5].hasPrefix("value: "))
        }
    }
}
#endif
