import AISandbox
import Foundation
import SwiftOpenAI

/// The demo's answer type: a hand-written conformance (the `@StructuredOutput` macro in the opt-in
/// SwiftAIMacros product writes the same from the declaration).
struct DemoTrip: StructuredOutput {
    struct Stop: Decodable, Sendable {
        var city: String
        var nights: Int
    }

    var title: String
    var stops: [Stop]
    var budget: Double?

    static var jsonSchema: JSONSchema {
        .object(
            [
                "title": .string(description: "A short title"),
                "stops": .array(of: .object(["city": .string(), "nights": .integer(minimum: 1, maximum: 14)]), minItems: 1),
                "budget": .nullable(.number(description: "In euros")),
            ], required: ["title", "stops"])
    }
}

extension SwiftAICommand.Demo {
    func structuredOutput(_ service: any OpenAIService, sandbox: AISandbox.Sandbox) async throws {
        step("9. Structured output: a Swift type in, a typed value out")
        let parameters = ChatCompletionParameters(
            messages: [.init(role: .user, content: .text("Plan a two-stop rail trip"))], model: .gpt4oMini)
        let strict = DemoTrip.jsonSchema.normalized(for: .openAIStrict)
        out("schema sent (strict mode: every field required, optional ones nullable): \(strict.jsonText.prefix(110))…")
        sandbox.enqueue(.split(.every(9)), path: "/chat/completions")
        var snapshots = 0
        for try await snapshot in try await service.parseStream(parameters: parameters, as: DemoTrip.self) {
            snapshots += 1
            if let trip = snapshot.value {
                out("final value after \(snapshots) snapshots: \(trip.title) — \(trip.stops.map { "\($0.city) ×\($0.nights)" }.joined(separator: ", "))")
            } else if snapshots == 3, let json = snapshot.json {
                out("partial snapshot 3: \(json.jsonString)")
            }
        }
        sandbox.enqueue(.answer(.refusal("I can't plan that trip.")), path: "/chat/completions")
        do {
            _ = try await service.parse(parameters: parameters, as: DemoTrip.self)
        } catch let error as StructuredOutputError {
            out("a refusal arrives typed: \(error.reason)\n")
        }
    }

    func toolRunner(_ service: any OpenAIService) async throws {
        step("10. Tool runner: parallel calls over several turns, errors sent back")
        let runner = ToolRunner(tools: [AgentTools.calculator, AgentTools.time], maxTurns: 5)
        let parameters = ChatCompletionParameters(
            messages: [.init(role: .user, content: .text("Compute and tell the time [sandbox-tools: calculator, time | calculator]"))],
            model: .gpt4oMini)
        let result = try await SwiftAICommand.Agent.print(runner.run(service, chat: parameters))
        out("summed usage: \(result?.usage.totalTokens ?? 0) tokens over \(result?.turns.count ?? 0) requests\n")
    }
}
