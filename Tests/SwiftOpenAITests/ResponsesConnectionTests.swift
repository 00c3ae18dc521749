import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// Reads events until one matches `stop` (returned with everything before it), or the connection ends.
private func read(
    _ connection: ResponsesConnection, until stop: (ResponsesConnectionEvent) -> Bool
) async throws -> [ResponsesConnectionEvent] {
    var events: [ResponsesConnectionEvent] = []
    for try await event in connection.events {
        events.append(event)
        if stop(event) { return events }
    }
    return events
}

private func ask(_ text: String, previous: String? = nil, tools: [ModelResponseParameter.Tool]? = nil) -> ModelResponseParameter {
    ModelResponseParameter(input: .string(text), model: .gpt4oMini, previousResponseId: previous, tools: tools)
}

@Suite("Responses over WebSocket")
struct ResponsesConnectionTests {
    @Test("responses on lanes over one connection: chained turns, each event on its lane, the handshake's credentials", arguments: realtimeTransports)
    func lanesAndChaining(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let connection = try await service.responsesConnection(connection: realtimeOptions(transport), options: .default)
                let handshake = try #require(sandbox.requests.last)
                #expect(handshake.method == "GET" && handshake.path == "/v1/responses")
                #expect(handshake.header("authorization") == "Bearer sk-realtime-test")

                let first = try await connection.respond(ask("My name is Ada."))
                #expect(first.status == "completed" && !first.outputText.isEmpty)
                let second = try await connection.respond(ask("What is my name?", previous: first.id))
                #expect(second.previousResponseId == first.id)

                try await connection.create(ask("Lane A"), streamID: "a")
                try await connection.create(ask("Lane B"), streamID: "b")
                var finished: [String: ResponseModel] = [:]
                for try await event in connection.events {
                    if case .response(.outputTextDelta, let lane) = event { #expect(lane == "a" || lane == "b") }
                    if let response = event.finishedResponse, let lane = event.streamID { finished[lane] = response }
                    if finished.count == 2 { break }
                }
                #expect(Set(finished.keys) == ["a", "b"] && finished["a"]?.id != finished["b"]?.id)

                let sent = sandbox.realtimeEvents.filter { $0.path == "/v1/responses" }.compactMap(\.jsonBody)
                #expect(sent.count == 4)
                #expect(sent.allSatisfy { $0["type"]?.string == "response.create" && $0["stream"] == nil })
                #expect(sent.compactMap { $0["stream_id"]?.string } == ["a", "b"])
                #expect(sent[1]["previous_response_id"]?.string == first.id)
                await connection.close()
                let after = try await read(connection) { _ in true }
                #expect(after.isEmpty, "events end normally after close()")
            }
        }
    }

    @Test("a refused request is an error event with the HTTP status, thrown by respond; the connection goes on", arguments: realtimeTransports)
    func refusedRequest(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { _, service in
                let connection = try await service.responsesConnection(connection: realtimeOptions(transport), options: .default)
                let refused = await #expect(throws: APIError.self) {
                    _ = try await connection.respond(ask("Hi", previous: "resp_missing"), streamID: "x")
                }
                #expect(refused?.statusCode == 400 && refused?.code == "previous_response_not_found", "\(String(describing: refused))")
                let answered = try await connection.respond(ask("Still there?"), streamID: "x")
                #expect(answered.status == "completed")
                await connection.close()
            }
        }
    }

    @Test("steering a response in progress: accepted, the response ends incomplete (steered), a successor continues from it", arguments: realtimeTransports)
    func steering(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                // The response stops after three events for up to 30 s, so the steering reaches it in progress however
                // loaded the machine is.
                sandbox.enqueue(SandboxBehavior(stallAfterEvents: 3, stallDuration: 30), path: "/responses")
                let connection = try await service.responsesConnection(connection: realtimeOptions(transport), options: .default)
                try await connection.create(ask("Tell me a long story about a lighthouse keeper and the sea."), streamID: "story")
                let started = try await read(connection) { if case .response(.responseCreated, _) = $0 { true } else { false } }
                guard case .response(.responseCreated(let created), let lane)? = started.last else {
                    Issue.record("no response.created: \(started.map(\.type))")
                    return
                }
                #expect(lane == "story")
                try await connection.steer(previousResponseID: created.response.id, input: .string("Make it about a cat instead."))
                var events: [ResponsesConnectionEvent] = []
                var successor: ResponseModel?
                for try await event in connection.events {
                    events.append(event)
                    if let done = event.finishedResponse, done.id != created.response.id {
                        successor = done
                        break
                    }
                    if case .steerFailed(let failed) = event {
                        Issue.record("steering failed: \(failed.error.code) \(failed.error.message)")
                        return
                    }
                }
                let types = events.map(\.type)
                guard case .steerAccepted(let accepted)? = events.first(where: { $0.type == "response.steer.accepted" }) else {
                    Issue.record("no response.steer.accepted: \(types)")
                    return
                }
                #expect(accepted.steer.previousResponseID == created.response.id && accepted.steer.id != nil && accepted.streamID == "story")
                let steered = events.compactMap(\.finishedResponse).first { $0.id == created.response.id }
                #expect(steered?.status == "incomplete" && steered?.incompleteDetails?.reason == "steered", "\(types)")
                #expect(successor?.previousResponseId == created.response.id)
                #expect(events.allSatisfy { $0.streamID == "story" })
                let stored = try await service.responseModel(id: created.response.id, include: nil, options: .default)
                #expect(stored.status == "incomplete")

                // Steering what can't be steered.
                try await connection.steer(previousResponseID: "resp_unknown", input: .string("hello"))
                try await connection.steer(previousResponseID: try #require(successor?.id), input: .string("too late"))
                try await connection.steer(
                    previousResponseID: created.response.id,
                    input: .array([.message(.init(role: "assistant", text: "not a user message"))]))
                var failures: [ResponseSteerFailed] = []
                for try await event in connection.events {
                    if case .steerFailed(let failed) = event { failures.append(failed) }
                    if failures.count == 3 { break }
                }
                #expect(failures.map(\.error.code) == ["response_not_found", "response_already_completed", "invalid_input"])
                if case .string(let text) = failures[0].steer.input { #expect(text == "hello") } else { Issue.record("input not returned") }
                await connection.close()
            }
        }
    }

    @Test("steering a response that stopped for a tool call is held until the tool output comes (response.steer.pending)", arguments: realtimeTransports)
    func pendingSteer(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(answer: .toolCalls(["get_weather"])), path: "/responses")
                let connection = try await service.responsesConnection(connection: realtimeOptions(transport), options: .default)
                let tool = ModelResponseParameter.Tool.function(
                    name: "get_weather", parameters: ["type": "object", "properties": ["city": ["type": "string"]]])
                let response = try await connection.respond(ask("Weather in Paris?", tools: [tool]))
                let call = try #require(response.functionCalls.first)
                try await connection.steer(previousResponseID: response.id, input: .string("And in Rome?"))
                let events = try await read(connection) { $0.type == "response.steer.pending" }
                guard case .steerPending(let pending)? = events.last else {
                    Issue.record("no response.steer.pending: \(events.map(\.type))")
                    return
                }
                #expect(events.first?.type == "response.steer.accepted")
                #expect(pending.reason == "waiting_for_required_input" && pending.steer.previousResponseID == response.id)
                #expect(pending.requiredInput == [.init(type: "function_call_output", callID: call.callId, name: "get_weather")])
                await connection.close()
            }
        }
    }

    @Test("a response that stalls ends the connection with .timeout; a failure mid-response is an error event", arguments: realtimeTransports)
    func stallAndFailure(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(streamErrorAfterEvents: 3), path: "/responses")
                let failing = try await service.responsesConnection(connection: realtimeOptions(transport), options: .default)
                let failure = await #expect(throws: APIError.self) { _ = try await failing.respond(ask("Hello")) }
                #expect(failure?.kind == .server && failure?.statusCode == 500, "\(String(describing: failure))")
                await failing.close()

                sandbox.enqueue(SandboxBehavior(stallAfterEvents: 3), path: "/responses")
                let stalled = try await service.responsesConnection(connection: realtimeOptions(transport, idle: 0.5), options: .default)
                let timeout = await #expect(throws: APIError.self) { _ = try await stalled.respond(ask("Hello")) }
                #expect(timeout?.kind == .timeout, "\(String(describing: timeout))")
                await stalled.close()
            }
        }
    }

    @Test("Azure: the v1 layout opens /openai/v1/responses; the deployments layout is refused before connecting")
    func azure() async throws {
        try await within {
            try await withSandbox { sandbox in
                let v1 = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "v1", routing: .v1))
                let connection = try await v1.responsesConnection(connection: realtimeOptions(.nio), options: .default)
                #expect(sandbox.requests.last?.path == "/openai/v1/responses" && sandbox.requests.last?.header("api-key") == "azure-key")
                #expect(try await connection.respond(ask("Hi")).status == "completed")
                await connection.close()
                let deployments = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "2025-04-01-preview"))
                let sent = sandbox.requests.count
                let refused = await #expect(throws: APIError.self) {
                    _ = try await deployments.responsesConnection(connection: realtimeOptions(.nio), options: .default)
                }
                #expect(refused?.kind == .invalidRequest && sandbox.requests.count == sent)
            }
        }
    }

    @Test("events decode: steering acknowledgements, errors with headers, unknown and reshaped types")
    func decoding() throws {
        func decode(_ json: String) throws -> ResponsesConnectionEvent { try ResponsesConnectionEvent.decode(Data(json.utf8)) }
        let accepted = try decode(#"{"type":"response.steer.accepted","sequence_number":4,"steer":{"id":"st_1","previous_response_id":"resp_1"},"stream_id":"l"}"#)
        guard case .steerAccepted(let receipt) = accepted else { throw CancellationError() }
        #expect(receipt.steer == ResponseSteerReceipt(id: "st_1", previousResponseID: "resp_1") && accepted.streamID == "l")
        let pending = try decode(#"{"type":"response.steer.pending","sequence_number":5,"reason":"waiting_for_a_future_reason","steer":{"id":"st_1","previous_response_id":"resp_1"},"required_input":[{"type":"tool_search_output","call_id":"c1","execution":"client"},{"type":"mcp_approval_response","approval_request_id":"mcpr_1"}]}"#)
        guard case .steerPending(let held) = pending else { throw CancellationError() }
        #expect(held.reason == "waiting_for_a_future_reason" && held.requiredInput.map(\.type) == ["tool_search_output", "mcp_approval_response"])
        #expect(held.requiredInput[0].execution == "client" && held.requiredInput[1].approvalRequestID == "mcpr_1")
        let failed = try decode(#"{"type":"response.steer.failed","sequence_number":1,"steer":{"previous_response_id":"resp_1","input":[{"role":"user","content":"hi"}]},"error":{"type":"invalid_request_error","code":"too_many_pending_steers","message":"slow down"}}"#)
        guard case .steerFailed(let refusal) = failed else { throw CancellationError() }
        #expect(refusal.steer.id == nil && refusal.error.code == "too_many_pending_steers")
        let error = try decode(#"{"type":"error","status":429,"error":{"type":"rate_limit_error","code":"rate_limit_exceeded","message":"Slow down","param":null,"headers":{"retry-after":"2"}},"stream_id":"l"}"#)
        guard case .error(let wsError) = error else { throw CancellationError() }
        #expect(wsError.apiError.kind == .rateLimited && wsError.apiError.statusCode == 429 && wsError.error.headers?["retry-after"] == "2")
        let delta = try decode(#"{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"Hi","sequence_number":3,"stream_id":"l"}"#)
        guard case .response(.outputTextDelta(let text), let lane) = delta else { throw CancellationError() }
        #expect(text.delta == "Hi" && lane == "l")
        let future = try decode(#"{"type":"response.teleported","stream_id":"l"}"#)
        guard case .response(.unknown(let type, _), "l") = future else { throw CancellationError() }
        #expect(type == "response.teleported")
        let reshaped = try decode(#"{"type":"response.steer.accepted","steer":"not an object"}"#)
        guard case .response(.unknown(let reshapedType, _), _) = reshaped else { throw CancellationError() }
        #expect(reshapedType == "response.steer.accepted")
        #expect(throws: APIError.self) { try decode("not json") }
    }
}
