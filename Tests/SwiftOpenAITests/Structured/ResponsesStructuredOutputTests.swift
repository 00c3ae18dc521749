import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite struct ResponsesStructuredOutputTests {
    static let parameters = ModelResponseParameter(input: .string("Weather in Porto?"), model: .gpt4o)

    @Test(arguments: TransportKind.allCases)
    func parseSendsTextFormatAndDecodes(transport: TransportKind) async throws {
        try await withService(transport) { sandbox, service in
            let parsed = try await service.parseDetailed(parameters: Self.parameters, as: Forecast.self)
            #expect(!parsed.value.city.isEmpty)
            #expect(parsed.response.status == "completed")
            let format = try #require((sandbox.requests.last?.json?["text"] as? [String: Any])?["format"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema")
            #expect(format["name"] as? String == "Forecast")
            #expect(format["strict"] as? Bool == true)
            #expect((format["schema"] as? [String: Any])?["additionalProperties"] as? Bool == false)
        }
    }

    @Test func refusalIncompleteAndFilterAreTypedErrors() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            let cases: [(SandboxBehavior.ModelAnswer, StructuredOutputError.Reason)] = [
                (.refusal("Not this one."), .refusal("Not this one.")), (.lengthCutoff, .lengthLimit),
                (.contentFilter, .contentFilter),
            ]
            for (answer, expected) in cases {
                for streamed in [false, true] {
                    sandbox.enqueue(.answer(answer))
                    do {
                        if streamed {
                            for try await _ in try await service.parseStream(parameters: Self.parameters, as: Forecast.self) {}
                        } else {
                            _ = try await service.parse(parameters: Self.parameters, as: Forecast.self)
                        }
                        Issue.record("expected \(expected)")
                    } catch {
                        #expect(reason(of: error) == expected, "streamed: \(streamed)")
                        #expect((error as? StructuredOutputError)?.rawResponse is ResponseModel)
                    }
                }
            }
        }
    }

    @Test func streamEndsWithTheDecodedValue() async throws {
        try await withService(.urlSession) { _, service in
            var last: StructuredSnapshot<Forecast>?
            var count = 0
            for try await snapshot in try await service.parseStream(parameters: Self.parameters, as: Forecast.self) {
                last = snapshot
                count += 1
            }
            #expect(count > 1)
            #expect(last?.value?.days.isEmpty == false)
        }
    }
}
