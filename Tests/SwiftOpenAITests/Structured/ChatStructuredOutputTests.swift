import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite struct ChatStructuredOutputTests {
    static func parameters(_ text: String = "Weather in Lisbon?") -> ChatCompletionParameters {
        ChatCompletionParameters(messages: [.init(role: .user, content: .text(text))], model: .gpt4o)
    }

    @Test(arguments: TransportKind.allCases)
    func parseDecodesTheTypeAndSendsAStrictSchemaInOrder(transport: TransportKind) async throws {
        try await withService(transport) { sandbox, service in
            let parsed = try await service.parseDetailed(parameters: Self.parameters(), as: Forecast.self)
            #expect(!parsed.value.days.isEmpty)
            #expect(parsed.response.choices.first?.message.content?.isEmpty == false)
            let request = try #require(sandbox.requests.last)
            let text = String(decoding: request.body, as: UTF8.self)
            let format = try #require(request.json?["response_format"] as? [String: Any])
            let schema = try #require(format["json_schema"] as? [String: Any])
            #expect(format["type"] as? String == "json_schema")
            #expect(schema["name"] as? String == "Forecast")
            #expect(schema["strict"] as? Bool == true)
            let inner = try #require(schema["schema"] as? [String: Any])
            #expect(inner["required"] as? [String] == ["city", "sky", "days", "note"])
            #expect(inner["additionalProperties"] as? Bool == false)
            // Property order reaches the wire (the model writes fields in this order).
            let positions = ["\"city\":{", "\"sky\":{", "\"days\":{", "\"note\":{"].compactMap { text.range(of: $0)?.lowerBound }
            #expect(positions.count == 4 && positions == positions.sorted())
        }
    }

    @Test func refusalLengthFilterAndMalformedAreTypedErrorsKeepingTheResponse() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            let cases: [(SandboxBehavior.ModelAnswer, StructuredOutputError.Reason?)] = [
                (.refusal("I can't help with that."), .refusal("I can't help with that.")),
                (.lengthCutoff, .lengthLimit),
                (.contentFilter, .contentFilter),
            ]
            for (answer, expected) in cases {
                sandbox.enqueue(.answer(answer))
                do {
                    _ = try await service.parse(parameters: Self.parameters(), as: Forecast.self)
                    Issue.record("expected \(String(describing: expected))")
                } catch {
                    #expect(reason(of: error) == expected)
                    #expect((error as? StructuredOutputError)?.rawResponse is ChatCompletionObject)
                }
            }
            sandbox.enqueue(.answer(.malformedOutput))
            do {
                _ = try await service.parse(parameters: Self.parameters(), as: Forecast.self)
                Issue.record("expected invalid JSON")
            } catch let error as StructuredOutputError {
                guard case .invalidJSON = error.reason else { Issue.record("got \(error.reason)"); return }
                #expect(error.text == #"{"sandbox": tru"#)
            }
        }
    }

    @Test func aSchemaStrictModeRejectsFailsBeforeSending() async throws {
        struct Scores: StructuredOutput {
            var scores: [String: Int]
            static var jsonSchema: JSONSchema { .object(["scores": .dictionary(values: .integer())]) }
        }
        try await withService(.asyncHTTPClient) { sandbox, service in
            await #expect(throws: SchemaValidationError.self) {
                _ = try await service.parse(parameters: Self.parameters(), as: Scores.self)
            }
            #expect(sandbox.requests.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func streamedSnapshotsGrowMonotonicallyToTheFinalValue(transport: TransportKind) async throws {
        try await withService(transport) { sandbox, service in
            sandbox.enqueue(.split(.every(7)))
            var snapshots: [StructuredSnapshot<Forecast>] = []
            for try await snapshot in try await service.parseStream(parameters: Self.parameters(), as: Forecast.self) {
                snapshots.append(snapshot)
            }
            #expect(snapshots.count > 3)
            let final = try #require(snapshots.last?.value)
            #expect(snapshots.dropLast().allSatisfy { $0.value == nil })
            // A field once complete never changes.
            var complete: [String: JSONValue] = [:]
            for snapshot in snapshots {
                guard case .object(let fields)? = PartialJSON.parse(snapshot.text, partialStrings: false) else { continue }
                for (key, value) in complete where key != "days" { #expect(fields[key] == value) }
                for (key, value) in fields where key != "days" { complete[key] = value }
            }
            #expect(complete["city"]?.stringValue == final.city)
            #expect(snapshots.contains { $0.json?["city"] != nil && $0.value == nil })
        }
    }

    @Test func aStreamedRefusalIsThrownAfterTheSnapshots() async throws {
        try await withService(.asyncHTTPClient) { sandbox, service in
            sandbox.enqueue(.answer(.refusal("No.")))
            do {
                for try await _ in try await service.parseStream(parameters: Self.parameters(), as: Forecast.self) {}
                Issue.record("expected a refusal")
            } catch {
                #expect(reason(of: error) == .refusal("No."))
            }
        }
    }
}
