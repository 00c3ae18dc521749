@_spi(Streaming) import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Managed Agents session resources, errors and event decoding")
struct ManagedAgentsSessionsPartsTests {
    @Test("resources: add, list, retrieve, update a token, delete", arguments: TransportKind.allCases)
    func resources(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let agent = try await SessionFixture.agent(service)
            let environment = try await service.createEnvironment(AgentEnvironmentParameter(name: "sandbox"))
            let session = try await service.createSession(
                AgentSessionParameters(
                    agent: .latest(agent.id), environmentID: environment.id,
                    resources: [.githubRepository(url: "https://github.com/acme/api", authorizationToken: "old", checkout: .commit("abc123"))]))
            #expect(((sandbox.lastRequest?.json?["resources"] as? [[String: Any]])?.first?["checkout"] as? [String: Any])?["sha"] as? String == "abc123")
            let repositoryID = try #require(session.resources.first?.id)

            let added = try await service.addSessionResource(sessionID: session.id, fileID: "file_9", mountPath: "/data/nine")
            let add = try #require(sandbox.lastRequest)
            #expect(add.path == "/v1/sessions/\(session.id)/resources" && add.method == "POST")
            #expect(add.json?["type"] as? String == "file" && add.json?["file_id"] as? String == "file_9" && add.json?["mount_path"] as? String == "/data/nine")
            guard case .file(let file) = added else {
                Issue.record("file resource: \(added)")
                return
            }
            #expect(file.fileID == "file_9" && file.mountPath == "/data/nine" && added.type == "file")

            let page = try await service.listSessionResources(sessionID: session.id, limit: 1)
            #expect(page.data.map(\.id) == [repositoryID] && page.nextPage != nil && sandbox.lastRequest?.queryValue("limit") == "1")
            var all: [String?] = []
            for try await resource in service.allSessionResources(sessionID: session.id, pageSize: 1) { all.append(resource.id) }
            #expect(all == [repositoryID, file.id])

            let retrieved = try await service.retrieveSessionResource(sessionID: session.id, id: file.id)
            #expect(retrieved.id == file.id && sandbox.lastRequest?.path == "/v1/sessions/\(session.id)/resources/\(file.id)")
            let updated = try await service.updateSessionResource(sessionID: session.id, id: repositoryID, authorizationToken: "new")
            #expect(sandbox.lastRequest?.json?["authorization_token"] as? String == "new")
            guard case .githubRepository(let repository) = updated else {
                Issue.record("repository: \(updated)")
                return
            }
            #expect(repository.url == "https://github.com/acme/api" && repository.checkout?["sha"] == "abc123")
            let notARepository = await #expect(throws: APIError.self) {
                _ = try await service.updateSessionResource(sessionID: session.id, id: file.id, authorizationToken: "x")
            }
            #expect(notARepository?.kind == .badRequest)

            let deleted = try await service.deleteSessionResource(sessionID: session.id, id: file.id)
            #expect(deleted.id == file.id && deleted.type == "session_resource_deleted" && sandbox.lastRequest?.method == "DELETE")
            let gone = await #expect(throws: APIError.self) { _ = try await service.retrieveSessionResource(sessionID: session.id, id: file.id) }
            #expect(gone?.kind == .notFound)
        }
    }

    @Test("bad input and unknown ids answer as the API does", arguments: TransportKind.allCases)
    func errors(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let session = try await SessionFixture.session(service)
            let empty = await #expect(throws: APIError.self) { _ = try await service.sendSessionEvents(sessionID: session.id, events: []) }
            #expect(empty?.kind == .badRequest && empty?.message.contains("events") == true)
            let blank = await #expect(throws: APIError.self) {
                _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage([])])
            }
            #expect(blank?.kind == .badRequest && blank?.message.contains("events.0.content") == true)
            let notWaiting = await #expect(throws: APIError.self) {
                _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userToolConfirmation(toolUseID: "sevt_x", allow: true)])
            }
            #expect(notWaiting?.kind == .badRequest)
            for call in [
                { _ = try await service.retrieveSession(id: "sesn_missing") },
                { _ = try await service.listSessionEvents(sessionID: "sesn_missing") },
                { _ = try await service.sendSessionEvents(sessionID: "sesn_missing", events: [.userMessage("Hi")]) },
                { _ = try await service.streamSessionEvents(sessionID: "sesn_missing") },
                { _ = try await service.archiveSession(id: "sesn_missing") },
                { _ = try await service.deleteSession(id: "sesn_missing") },
                { _ = try await service.listSessionResources(sessionID: "sesn_missing") },
                { _ = try await service.retrieveSessionResource(sessionID: session.id, id: "sesrsc_missing") },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: APIError.self) { try await call() }
                #expect(error?.kind == .notFound)
            }
            let noBudget = await #expect(throws: APIError.self) {
                _ = try await service.updateSession(id: session.id, AgentSessionUpdate(budget: .set(AgentSessionBudget(maxListCost: AgentSessionMoney(amount: "100")))))
            }
            #expect(noBudget?.kind == .badRequest)

            let outcome = try await service.sendSessionEvents(
                sessionID: session.id,
                events: [
                    .userDefineOutcome(description: "A short summary", rubric: ["type": "text", "content": "Under 100 words"], maxIterations: 2),
                    .systemMessage(["Prefer bullet points."]), .userInterrupt(),
                ])
            guard case .userDefineOutcome(let defined) = outcome.data.first, case .systemMessage(let system) = outcome.data[1],
                case .userInterrupt = outcome.data[2]
            else {
                Issue.record("recorded events: \(outcome.data)")
                return
            }
            #expect(defined.description == "A short summary" && defined.maxIterations == 2 && defined.rubric["content"] == "Under 100 words")
            #expect(system.text == "Prefer bullet points.")
            #expect(try await service.retrieveSession(id: session.id).outcomeEvaluations.count == 1)
        }
    }

    /// One event of each type anthropic-python 2.14 knows, with its required fields.
    static let everyEvent: [String] = [
        #"{"type":"user.message","id":"e","content":[{"type":"text","text":"hi"},{"type":"image","source":{"type":"url","url":"https://x/y.png"}},{"type":"document","source":{"type":"text","media_type":"text/plain","data":"doc"},"title":"T"},{"type":"redacted"}]}"#,
        #"{"type":"user.interrupt","id":"e","session_thread_id":"sthr_1"}"#,
        #"{"type":"user.tool_confirmation","id":"e","result":"deny","tool_use_id":"t","deny_message":"no"}"#,
        #"{"type":"user.custom_tool_result","id":"e","custom_tool_use_id":"t","content":[{"type":"search_result","source":"s","title":"T","content":[{"type":"text","text":"r"}],"citations":{"enabled":true}}]}"#,
        #"{"type":"user.tool_result","id":"e","tool_use_id":"t","is_error":true}"#,
        #"{"type":"user.define_outcome","id":"e","outcome_id":"o","description":"d","rubric":{"type":"text","content":"c"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.custom_tool_use","id":"e","name":"n","input":{"a":1},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.message","id":"e","content":[{"type":"text","text":"a"}],"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.thinking","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.mcp_tool_use","id":"e","name":"n","input":{},"mcp_server_name":"m","evaluated_permission":"ask","evaluation":{"type":"always_ask"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.mcp_tool_result","id":"e","mcp_tool_use_id":"t","content":[{"type":"text","text":"r"}],"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.tool_use","id":"e","name":"bash","input":{"command":"ls"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.tool_result","id":"e","tool_use_id":"t","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.thread_message_received","id":"e","content":[{"type":"text","text":"m"}],"from_session_thread_id":"sthr_2","from_agent_name":"sub","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.thread_message_sent","id":"e","content":[{"type":"text","text":"m"}],"to_session_thread_id":"sthr_2","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"agent.thread_context_compacted","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.error","id":"e","error":{"type":"mcp_connection_failed_error","message":"down","mcp_server_name":"m","retry_status":{"type":"retrying"}},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.status_rescheduled","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.status_running","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.status_idle","id":"e","stop_reason":{"type":"refusal"},"stop_details":{"type":"refusal","category":"cyber"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.status_terminated","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.thread_created","id":"e","agent_name":"sub","session_thread_id":"sthr_2","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"span.outcome_evaluation_start","id":"e","iteration":1,"outcome_id":"o","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"span.outcome_evaluation_end","id":"e","explanation":"x","iteration":1,"outcome_evaluation_start_id":"s","outcome_id":"o","result":"satisfied","usage":{"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"input_tokens":3,"output_tokens":4},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"span.model_request_start","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"span.model_request_end","id":"e","model_request_start_id":"s","model_usage":{"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"input_tokens":3,"output_tokens":4,"speed":"fast"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"span.outcome_evaluation_ongoing","id":"e","iteration":2,"outcome_id":"o","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.deleted","id":"e","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.thread_status_running","id":"e","agent_name":"sub","session_thread_id":"sthr_2","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.thread_status_idle","id":"e","agent_name":"sub","session_thread_id":"sthr_2","stop_reason":{"type":"requires_action","event_ids":["a"]},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.thread_status_terminated","id":"e","agent_name":"sub","session_thread_id":"sthr_2","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.thread_status_rescheduled","id":"e","agent_name":"sub","session_thread_id":"sthr_2","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"session.updated","id":"e","title":"t","metadata":{"k":"v"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"system.message","id":"e","content":[{"type":"text","text":"s"}]}"#,
        #"{"type":"session.usage","id":"e","usage":{"input_tokens":5,"list_cost":{"amount":"12","currency":"USD"}},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.created","id":"e","name":"w","phases":[{"id":"p","name":"plan"}],"workflow_run_id":"w1","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.status_running","id":"e","workflow_run_id":"w1","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.status_idle","id":"e","workflow_run_id":"w1","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.status_ended","id":"e","result":{"type":"completed"},"workflow_run_id":"w1","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.error","id":"e","error":{"type":"timeout_error","message":"slow"},"processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.phase_started","id":"e","workflow_run_id":"w1","workflow_run_phase_id":"p","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"workflow_run.phase_ended","id":"e","phase_started_id":"s","workflow_run_id":"w1","workflow_run_phase_id":"p","processed_at":"2026-01-01T00:00:00Z"}"#,
        #"{"type":"event_start","event":{"id":"e","type":"agent.message"}}"#,
        #"{"type":"event_delta","event_id":"e","delta":{"type":"content_delta","content":{"type":"text","text":"pi"},"index":0}}"#,
    ]

    @Test("every event type of anthropic-python 2.14 decodes to its case and encodes back to the same JSON")
    func everyEventType() throws {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        var types: Set<String> = []
        for text in Self.everyEvent {
            let wire = try JSONValue(parsing: text)
            let event = try decoder.decode(AgentSessionEvent.self, from: Data(text.utf8))
            if case .unknown = event { Issue.record("known type decoded as unknown: \(text)") }
            #expect(event.type == wire["type"]?.stringValue && event.id == "e")
            let again = try JSONValue(parsing: String(decoding: try encoder.encode(event), as: UTF8.self))
            #expect(again == wire, "\(text)")
            types.insert(event.type)
        }
        #expect(types.count == 44)

        let future = #"{"type":"agent.daydream","id":"e9","mood":"calm"}"#
        let unknown = try decoder.decode(AgentSessionEvent.self, from: Data(future.utf8))
        guard case .unknown(let type, let json) = unknown else {
            Issue.record("unknown kept")
            return
        }
        #expect(type == "agent.daydream" && json["mood"] == "calm" && unknown.id == "e9" && !unknown.endsTurn)
        #expect(try JSONValue(parsing: String(decoding: try encoder.encode(unknown), as: UTF8.self)) == (try JSONValue(parsing: future)))
    }

    @Test("an unknown event on the stream is kept and the stream goes on; a ping is skipped")
    func unknownOnTheStream() throws {
        var handler = AgentSessionEventStreamHandler()
        let context = StreamContext(status: 200, headers: [:])
        func feed(_ name: String, _ data: String) throws -> StreamAction<AgentSessionEvent> {
            try handler.handle(ServerSentEvent(event: name, data: Data(data.utf8)), context: context)
        }
        guard case .yield(.unknown(let type, _)) = try feed("agent.daydream", #"{"type":"agent.daydream","id":"x"}"#) else {
            Issue.record("unknown yielded")
            return
        }
        #expect(type == "agent.daydream")
        guard case .skip = try feed("ping", "{}") else {
            Issue.record("ping skipped")
            return
        }
        guard case .yield(.sessionStatusRunning) = try feed("session.status_running", #"{"type":"session.status_running","id":"y"}"#) else {
            Issue.record("known after unknown")
            return
        }
        try handler.endOfStream(droppedPartialEvent: false, context: context)
        #expect(throws: APIError.self) { try handler.endOfStream(droppedPartialEvent: true, context: context) }
        #expect(throws: APIError.self) { _ = try feed("error", #"{"type":"error","error":{"type":"api_error","message":"boom"}}"#) }
    }
}
