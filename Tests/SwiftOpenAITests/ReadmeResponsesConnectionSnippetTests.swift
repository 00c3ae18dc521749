import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Responses over WebSocket": the snippet copied line for line and run against the sandbox, which paces the
// responses so the steering usually reaches the second one in progress (ResponsesConnectionTests checks steering
// deterministically).

@Suite("README: Responses over WebSocket")
struct ReadmeResponsesConnectionSnippetTests {
    @Test("a first turn with respond, a second on a lane steered while it runs, its successor's text")
    func responsesConnectionSnippet() async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(writeInterval: 0.02), path: "/responses")
                let connection = try await service.responsesConnection()
                let first = try await connection.respond(ModelResponseParameter(input: .string("Plan a picnic"), model: .gpt4oMini))
                try await connection.create(ModelResponseParameter(
                    input: .string("Now pack the basket"), model: .gpt4oMini, previousResponseId: first.id), streamID: "packing")
                var steered: [String] = []
                var finished: ResponseModel?
                for try await event in connection.events {
                    if case .response(.responseCreated(let created), _) = event, created.response.previousResponseId == first.id {
                        steered.append(created.response.id)
                        try await connection.steer(previousResponseID: created.response.id, input: .string("No glass, please"))
                    }
                    if case .steerFailed(let failed) = event { print("not steered:", failed.error.code) }
                    if let done = event.finishedResponse { finished = done }
                    if let done = event.finishedResponse, done.incompleteDetails?.reason != "steered" { print(done.outputText); break }
                }
                await connection.close()
                // The steer reaches the second turn in progress (the sandbox paces it), and its successor ends the loop; on a
                // machine loaded enough that the second turn finished first, the loop ends with the second turn itself.
                #expect(steered.count == 1 && finished?.outputText.isEmpty == false)
                #expect(finished?.previousResponseId == steered.first || finished?.id == steered.first)
            }
        }
    }
}
