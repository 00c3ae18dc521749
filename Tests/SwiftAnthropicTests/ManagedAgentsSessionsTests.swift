import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Managed Agents sessions")
struct ManagedAgentsSessionsTests {
    @Test("a session's life: create, retrieve, update, list, archive, delete — on the wire and decoded", arguments: TransportKind.allCases)
    func lifecycle(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let agent = try await SessionFixture.agent(service)
            let environment = try await service.createEnvironment(AgentEnvironmentParameter(name: "sandbox"))
            let session = try await service.createSession(
                AgentSessionParameters(
                    agent: .latest(agent.id), environmentID: environment.id, budget: AgentSessionBudget(maxListCost: AgentSessionMoney(amount: "2500")),
                    metadata: ["team": "docs"],
                    resources: [
                        .githubRepository(url: "https://github.com/acme/site.git", authorizationToken: "ghp_x", checkout: .branch("main")),
                        .file(id: "file_1", mountPath: "/data/notes.txt"),
                    ],
                    title: "Docs pass"))
            let create = try #require(sandbox.lastRequest)
            #expect(create.method == "POST" && create.path == "/v1/sessions")
            #expect(create.header("anthropic-beta")?.contains("managed-agents-2026-04-01") == true)
            let body = try #require(create.json)
            #expect(body["agent"] as? String == agent.id && body["environment_id"] as? String == environment.id)
            let resources = try #require(body["resources"] as? [[String: Any]])
            #expect(resources[0]["type"] as? String == "github_repository" && resources[0]["authorization_token"] as? String == "ghp_x")
            #expect((resources[0]["checkout"] as? [String: Any])?["name"] as? String == "main")
            #expect(resources[1]["file_id"] as? String == "file_1" && resources[1]["mount_path"] as? String == "/data/notes.txt")
            #expect(((body["budget"] as? [String: Any])?["max_list_cost"] as? [String: Any])?["amount"] as? String == "2500")

            #expect(session.id.hasPrefix("sesn_") && session.type == "session" && session.status == .idle)
            #expect(session.agent.id == agent.id && session.agent.name == "Helper" && session.agent.version == 1)
            #expect(session.agent.modelID == "claude-sonnet-4-5" && session.agent.system == "Be brief." && session.agent.tools.count == 2)
            #expect(session.environmentID == environment.id && session.title == "Docs pass" && session.metadata == ["team": "docs"])
            #expect(session.budget?.maxListCost == AgentSessionMoney(amount: "2500", currency: "USD"))
            guard case .githubRepository(let repository) = session.resources.first, case .file(let file) = session.resources.last else {
                Issue.record("typed resources: \(session.resources)")
                return
            }
            #expect(repository.url == "https://github.com/acme/site.git" && repository.mountPath == "/workspace/site")
            #expect(file.fileID == "file_1" && file.mountPath == "/data/notes.txt")
            #expect(!session.isArchived && session.usage?.inputTokens == 0)

            let retrieved = try await service.retrieveSession(id: session.id)
            #expect(retrieved.id == session.id && retrieved.createdAt == session.createdAt)
            #expect(sandbox.lastRequest?.path == "/v1/sessions/\(session.id)" && sandbox.lastRequest?.method == "GET")

            let updated = try await service.updateSession(
                id: session.id, AgentSessionUpdate(title: "Docs pass 2", metadata: ["team": nil, "owner": "ana"], budget: .remove))
            let update = try #require(sandbox.lastRequest?.json)
            #expect(update["title"] as? String == "Docs pass 2" && update["budget"] is NSNull)
            #expect((update["metadata"] as? [String: Any])?["team"] is NSNull)
            #expect(updated.title == "Docs pass 2" && updated.metadata == ["owner": "ana"] && updated.budget == nil)

            let second = try await service.createSession(agent: .version(id: agent.id, version: 1), environmentID: environment.id)
            #expect((sandbox.lastRequest?.json?["agent"] as? [String: Any])?["version"] as? Int == 1)
            let first = try await service.listSessions(AgentSessionListQuery(statuses: [.idle], limit: 1))
            #expect(sandbox.lastRequest?.queryValues("statuses[]") == ["idle"] && sandbox.lastRequest?.queryValue("limit") == "1")
            #expect(first.data.map(\.id) == [second.id] && first.nextPage != nil)
            var all: [String] = []
            for try await listed in service.allSessions(AgentSessionListQuery(limit: 1)) { all.append(listed.id) }
            #expect(all == [second.id, session.id])
            #expect(sandbox.requests.last?.queryValue("page") != nil)
            let oldestFirst = try await service.listSessions(AgentSessionListQuery(agentID: agent.id, order: .ascending))
            #expect(oldestFirst.data.map(\.id) == [session.id, second.id] && sandbox.lastRequest?.queryValue("order") == "asc")

            let archived = try await service.archiveSession(id: second.id)
            #expect(archived.isArchived && sandbox.lastRequest?.path == "/v1/sessions/\(second.id)/archive")
            #expect(try await service.listSessions().data.map(\.id) == [session.id])
            let everything = try await service.listSessions(AgentSessionListQuery(includeArchived: true))
            #expect(everything.data.count == 2 && sandbox.lastRequest?.queryValue("include_archived") == "true")
            let refused = await #expect(throws: APIError.self) {
                _ = try await service.sendSessionEvents(sessionID: second.id, events: [.userMessage("Hi")])
            }
            #expect(refused?.kind == .badRequest && refused?.message.contains("archived") == true)

            let deleted = try await service.deleteSession(id: second.id)
            #expect(deleted == DeletedAgentSession(id: second.id) && sandbox.lastRequest?.method == "DELETE")
            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveSession(id: second.id) }
            #expect(missing?.kind == .notFound)
        }
    }

    @Test("an agent pinned by version, with overrides; unknown agents and environments are 404s", arguments: TransportKind.allCases)
    func agentReferences(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let agent = try await SessionFixture.agent(service)
            _ = try await service.updateAgent(id: agent.id, ManagedAgentUpdateParameter(version: 1, system: "Be thorough."))
            let environment = try await service.createEnvironment(AgentEnvironmentParameter(name: "sandbox"))
            let latest = try await service.createSession(agent: .latest(agent.id), environmentID: environment.id)
            #expect(latest.agent.version == 2 && latest.agent.system == "Be thorough.")
            let pinned = try await service.createSession(agent: .version(id: agent.id, version: 1), environmentID: environment.id)
            #expect(pinned.agent.version == 1 && pinned.agent.system == "Be brief.")
            let overridden = try await service.createSession(
                agent: .withOverrides(["type": "agent_with_overrides", "id": .string(agent.id), "system": "Overridden."]),
                environmentID: environment.id)
            #expect(overridden.agent.system == "Overridden.")

            let noAgent = await #expect(throws: APIError.self) {
                _ = try await service.createSession(agent: "agent_missing", environmentID: environment.id)
            }
            #expect(noAgent?.kind == .notFound && noAgent?.message.contains("agent_missing") == true)
            let noVersion = await #expect(throws: APIError.self) {
                _ = try await service.createSession(agent: .version(id: agent.id, version: 9), environmentID: environment.id)
            }
            #expect(noVersion?.kind == .notFound)
            let noEnvironment = await #expect(throws: APIError.self) {
                _ = try await service.createSession(agent: .latest(agent.id), environmentID: "env_missing")
            }
            #expect(noEnvironment?.kind == .notFound)
        }
    }

    @Test("a message sent while the stream is open: the whole turn, typed, then the log", arguments: TransportKind.allCases)
    func turnOnTheStream(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let session = try await SessionFixture.session(service)
            let stream = try await service.streamSessionEvents(sessionID: session.id)
            let streamRequest = try #require(sandbox.lastRequest)
            #expect(streamRequest.path == "/v1/sessions/\(session.id)/events/stream" && streamRequest.method == "GET")
            #expect(streamRequest.header("accept")?.contains("text/event-stream") == true)
            #expect(streamRequest.header("anthropic-beta")?.contains("managed-agents-2026-04-01") == true)

            let sent = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("Check the build [sandbox-tools: bash]")])
            let send = try #require(sandbox.lastRequest?.json?["events"] as? [[String: Any]])
            #expect(send.first?["type"] as? String == "user.message")
            #expect((send.first?["content"] as? [[String: Any]])?.first?["text"] as? String == "Check the build [sandbox-tools: bash]")
            guard case .userMessage(let recorded) = sent.data.first else {
                Issue.record("recorded user message: \(sent.data)")
                return
            }
            #expect(recorded.text == "Check the build [sandbox-tools: bash]" && recorded.id.hasPrefix("sevt_"))

            let events = try await SessionFixture.turn(stream)
            #expect(events.map(\.type) == [
                "user.message", "session.status_running", "span.model_request_start", "agent.tool_use", "agent.tool_result",
                "agent.message", "span.model_request_end", "session.status_idle",
            ])
            guard case .userMessage(let echoed) = events[0], case .agentToolUse(let call) = events[3],
                case .agentToolResult(let result) = events[4], case .agentMessage(let answer) = events[5],
                case .spanModelRequestEnd(let end) = events[6], case .spanModelRequestStart(let start) = events[2],
                case .sessionStatusIdle(let idle) = events[7]
            else {
                Issue.record("typed events: \(events)")
                return
            }
            #expect(echoed.id == recorded.id)
            #expect(call.name == "bash" && call.input["command"] == "echo sandbox" && call.evaluatedPermission == "allow")
            #expect(result.toolUseID == call.id && result.text == "sandbox bash output" && result.isError == false)
            #expect(answer.text == "Hello from AISandbox (Helper)! You said: Check the build [sandbox-tools: bash]")
            #expect(end.modelRequestStartID == start.id && end.modelUsage.outputTokens > 0 && end.isError == false)
            #expect(idle.stopReason == .endTurn && events.allSatisfy { $0.processedAt != nil && $0.id != nil })

            let log = try await service.listSessionEvents(sessionID: session.id)
            #expect(log.data.map(\.id) == events.map(\.id) && sandbox.lastRequest?.path == "/v1/sessions/\(session.id)/events")
            let messages = try await service.listSessionEvents(
                sessionID: session.id, query: AgentSessionEventQuery(types: ["agent.message", "user.message"], order: .descending))
            #expect(messages.data.map(\.type) == ["agent.message", "user.message"])
            #expect(sandbox.lastRequest?.queryValues("types[]") == ["agent.message", "user.message"])
            var paged: [String?] = []
            for try await event in service.allSessionEvents(sessionID: session.id, query: AgentSessionEventQuery(limit: 3)) { paged.append(event.id) }
            #expect(paged == events.map(\.id) && sandbox.lastRequest?.queryValue("limit") == "3")
            let after = try await service.retrieveSession(id: session.id)
            #expect(after.status == .idle && (after.usage?.outputTokens ?? 0) > 0)
        }
    }

    @Test("runSession: a custom tool waits for its result, a confirmation gates an asking tool, the stream ends each turn", arguments: TransportKind.allCases)
    func actionsRequired(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let session = try await SessionFixture.session(service, asking: true)
            let first = try await SessionFixture.all(try await service.runSession(id: session.id, sending: "Define it [sandbox-tools: lookup, bash]"))
            guard case .agentCustomToolUse(let custom) = first.first(where: { $0.type == "agent.custom_tool_use" }),
                case .agentToolUse(let asked) = first.first(where: { $0.type == "agent.tool_use" }),
                case .sessionStatusIdle(let idle) = first.last
            else {
                Issue.record("custom tool use and idle: \(first)")
                return
            }
            #expect(custom.name == "lookup" && custom.input["word"]?.stringValue != nil)
            #expect(asked.name == "bash" && asked.evaluatedPermission == "ask")
            #expect(idle.stopReason == .requiresAction(eventIDs: [custom.id, asked.id]))
            #expect(!first.contains { $0.type == "agent.message" })

            let refused = await #expect(throws: APIError.self) {
                _ = try await service.sendSessionEvents(
                    sessionID: session.id, events: [.userCustomToolResult(customToolUseID: "sevt_unknown", content: ["x"])])
            }
            #expect(refused?.kind == .badRequest)

            let second = try await SessionFixture.all(
                try await service.runSession(
                    id: session.id,
                    sending: [
                        .userCustomToolResult(customToolUseID: custom.id, content: ["a word"], isError: false),
                        .userToolConfirmation(toolUseID: asked.id, allow: false, denyMessage: "not now"),
                    ]))
            let body = try #require(sandbox.requests.last { $0.method == "POST" }?.json?["events"] as? [[String: Any]])
            #expect(body.first?["custom_tool_use_id"] as? String == custom.id && body.first?["is_error"] as? Bool == false)
            #expect(body.last?["tool_use_id"] as? String == asked.id && body.last?["result"] as? String == "deny")
            #expect(body.last?["deny_message"] as? String == "not now")
            #expect(second.map(\.type) == [
                "user.custom_tool_result", "user.tool_confirmation", "session.status_running", "span.model_request_start",
                "agent.message", "span.model_request_end", "session.status_idle",
            ])
            guard case .userCustomToolResult(let result) = second.first, case .agentMessage(let answer) = second[4] else {
                Issue.record("typed answers: \(second)")
                return
            }
            #expect(result.toolUseID == custom.id && result.text == "a word")
            #expect(answer.text == "The bash call was denied: not now.")

            let third = try await SessionFixture.all(try await service.runSession(id: session.id, sending: "Again [sandbox-tools: bash]"))
            guard case .agentToolUse(let again) = third.first(where: { $0.type == "agent.tool_use" }) else {
                Issue.record("asked again: \(third)")
                return
            }
            let allowed = try await SessionFixture.all(
                try await service.runSession(id: session.id, sending: [.userToolConfirmation(toolUseID: again.id, allow: true)]))
            #expect(allowed.map(\.type).contains("agent.tool_result"))
            guard case .agentMessage(let ran) = allowed.first(where: { $0.type == "agent.message" }) else {
                Issue.record("ran: \(allowed)")
                return
            }
            #expect(ran.text == "The bash tool returned: sandbox bash output")
        }
    }
}
