import SwiftAITestSupport
#if SwiftAIMacros
import AISandbox
import Foundation
import SwiftAIMacros
import SwiftAnthropic
import SwiftOpenAI
import Testing

// Macro types declared in a main-actor-by-default module (see MainActorToolTests.swift): their generated schema
// and `Partial` must still satisfy `StructuredOutput`, which the SDK uses off the main actor.

/// A trip plan.
@StructuredOutput
struct TripPlan {
    var city: String
    @Guide(range: 1...14) var days: Int
    var pace: Pace
    var stops: [Stop]
}

@StructuredOutput
struct Stop {
    var name: String
    var hours: Double?
}

@StructuredOutput
enum Pace: String { case relaxed, busy }

@StructuredOutput
enum Shape {
    case circle(radius: Double)
    case square(side: Double)
}

let planTool = AITool("plan", description: "Plans a trip") { (plan: TripPlan) in "\(plan.city) for \(plan.days) days" }

@Suite nonisolated struct MainActorMacroTests {
    @Test @MainActor func schemasAreDerived() {
        #expect(TripPlan.jsonSchema.required == ["city", "days", "pace", "stops"])
        #expect(TripPlan.jsonSchema.description == "A trip plan.")
        #expect(Pace.jsonSchema.enumCases == ["relaxed", "busy"])
        #expect(Shape.jsonSchema.anyOf?.count == 2)
        #expect(planTool.parameters.required == ["city", "days", "pace", "stops"])
    }

    @Test @MainActor func parsesOffTheMainActorAndStreamsPartials() async throws {
        try await withSandbox { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: sandbox.baseURL.absoluteString)
            let anthropic = AnthropicServiceFactory.service(apiKey: "sk-ant-test", basePath: sandbox.baseURL.absoluteString)
            let chat = ChatCompletionParameters(messages: [.init(role: .user, content: .text("Plan"))], model: .gpt4oMini)
            let message = MessageParameter(model: .claude35Sonnet, messages: [.init(role: .user, content: "Plan")], maxTokens: 512)

            let plan = try await service.parse(parameters: chat, as: TripPlan.self)
            let claude = try await anthropic.parse(message, as: TripPlan.self)
            #expect((1...14).contains(plan.days) && (1...14).contains(claude.days))

            var sawPartial = false
            var final: TripPlan?
            for try await snapshot in try await service.parseStream(parameters: chat, as: TripPlan.self) {
                if let value = snapshot.value { final = value } else if snapshot.partial != nil { sawPartial = true }
            }
            #expect(final != nil)
            #expect(sawPartial)
        }
    }

    @Test @MainActor func aMacroArgumentToolRuns() async throws {
        let output = try await planTool.call(arguments: #"{"city":"Lisbon","days":3,"pace":"busy","stops":[]}"#)
        #expect(output == "Lisbon for 3 days")
    }
}
#endif
