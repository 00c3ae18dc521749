import AISandbox
import Foundation
import SwiftAnthropic
import Testing

@Suite("Structured outputs keep the caller's output settings")
struct StructuredEffortTests {
    @Test("parse and parseStream send the schema with the caller's effort, not instead of it")
    func effortSurvives() async throws {
        try await withAnthropic { sandbox, service in
            var parameter = MessageParameter(
                model: .claudeOpus46, messages: [.init(role: .user, content: .text("A soup recipe"))], maxTokens: 1024)
            parameter.outputConfig = .init(effort: .low)
            _ = try await service.parse(parameter, as: Recipe.self)
            let config = try #require(sandbox.requests.last?.json?["output_config"] as? [String: Any])
            #expect(config["effort"] as? String == "low")
            #expect((config["format"] as? [String: Any])?["type"] as? String == "json_schema")

            for try await _ in try await service.parseStream(parameter, as: Recipe.self) {}
            let streamed = try #require(sandbox.requests.last?.json?["output_config"] as? [String: Any])
            #expect(streamed["effort"] as? String == "low" && streamed["format"] != nil)
        }
    }
}
