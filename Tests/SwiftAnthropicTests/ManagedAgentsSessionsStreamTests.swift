import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

@Suite("Managed Agents session streams")
struct ManagedAgentsSessionsStreamTests {
    @Test("event deltas: the message's pieces arrive before it, in order", arguments: TransportKind.allCases)
    func deltas(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let session = try await SessionFixture.session(service)
            let stream = try await service.streamSessionEvents(sessionID: session.id, eventDeltas: ["agent.message"])
            #expect(sandbox.lastRequest?.queryValues("event_deltas[]") == ["agent.message"])
            _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("Tell me three things")])
            let events = try await SessionFixture.turn(stream)
            guard let startIndex = events.firstIndex(where: { $0.type == "event_start" }), case .eventStart(let start) = events[startIndex],
                case .agentMessage(let message)? = events.first(where: { $0.type == "agent.message" })
            else {
                Issue.record("event_start and agent.message: \(events.map(\.type))")
                return
            }
            #expect(start.event.id == message.id && start.event.type == "agent.message")
            let pieces = events.compactMap { event -> AgentSessionEventDelta? in
                if case .eventDelta(let delta) = event { return delta }
                return nil
            }
            #expect(pieces.count > 1 && pieces.allSatisfy { $0.eventID == message.id && $0.delta.type == "content_delta" })
            #expect(pieces.compactMap(\.delta.content.text).joined() == message.text)
            #expect(events.firstIndex { $0.type == "agent.message" }! > events.lastIndex { $0.type == "event_delta" }!)
        }
    }

    @Test("the stream stays open across turns and ends when the session is deleted", arguments: TransportKind.allCases)
    func endsWithTheSession(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { _, service in
            let session = try await SessionFixture.session(service)
            let stream = try await service.streamSessionEvents(sessionID: session.id)
            _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("one")])
            _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("two")])
            _ = try await service.deleteSession(id: session.id)
            var types: [String] = []
            var texts: [String] = []
            for try await event in stream {
                types.append(event.type)
                if case .agentMessage(let message) = event { texts.append(message.text) }
            }
            #expect(texts == ["Hello from AISandbox (Helper)! You said: one", "Hello from AISandbox (Helper)! You said: two"])
            #expect(types.filter { $0 == "session.status_idle" }.count == 2 && types.last == "session.deleted")
            let gone = await #expect(throws: APIError.self) { _ = try await service.streamSessionEvents(sessionID: session.id) }
            #expect(gone?.kind == .notFound)
        }
    }

    @Test("an in-stream error event is thrown after every event before it", arguments: TransportKind.allCases)
    func inStreamError(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let session = try await SessionFixture.session(service)
            var behavior = SandboxBehavior()
            behavior.streamErrorAfterEvents = 3
            sandbox.enqueue(behavior, path: "/events/stream")
            let stream = try await service.streamSessionEvents(sessionID: session.id)
            _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("Hi")])
            var received: [String] = []
            let error = await #expect(throws: APIError.self) {
                for try await event in stream { received.append(event.type) }
            }
            #expect(received == ["user.message", "session.status_running", "span.model_request_start"])
            #expect(error?.kind == .overloaded)
        }
    }

    @Test("a thread's events and stream; threads listed, retrieved, archived", arguments: TransportKind.allCases)
    func threads(kind: TransportKind) async throws {
        try await withAnthropic(transport: kind) { sandbox, service in
            let session = try await SessionFixture.session(service)
            let page = try await service.listSessionThreads(sessionID: session.id, statuses: [.idle])
            #expect(sandbox.lastRequest?.path == "/v1/sessions/\(session.id)/threads" && sandbox.lastRequest?.queryValues("statuses[]") == ["idle"])
            let thread = try #require(page.data.first)
            #expect(page.data.count == 1 && thread.isPrimary && thread.sessionID == session.id && thread.status == .idle)
            #expect(thread.id.hasPrefix("sthr_") && thread.agent.name == "Helper")
            #expect(try await service.listSessionThreads(sessionID: session.id, statuses: [.running]).data.isEmpty)

            let stream = try await service.streamSessionThreadEvents(sessionID: session.id, threadID: thread.id)
            #expect(sandbox.lastRequest?.path == "/v1/sessions/\(session.id)/threads/\(thread.id)/stream")
            _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("In the thread")])
            let events = try await SessionFixture.turn(stream)
            #expect(events.first?.type == "user.message" && events.last?.type == "session.status_idle")

            let log = try await service.listSessionThreadEvents(sessionID: session.id, threadID: thread.id, limit: 100)
            #expect(log.data.map(\.id) == events.map(\.id))
            #expect(sandbox.lastRequest?.path == "/v1/sessions/\(session.id)/threads/\(thread.id)/events")
            var all: [String?] = []
            for try await event in service.allSessionThreadEvents(sessionID: session.id, threadID: thread.id, pageSize: 2) { all.append(event.id) }
            #expect(all == events.map(\.id))
            var threads: [String] = []
            for try await listed in service.allSessionThreads(sessionID: session.id) { threads.append(listed.id) }
            #expect(threads == [thread.id])

            let retrieved = try await service.retrieveSessionThread(sessionID: session.id, id: thread.id)
            #expect(retrieved.id == thread.id && retrieved.archivedAt == nil)
            let archived = try await service.archiveSessionThread(sessionID: session.id, id: thread.id)
            #expect(archived.archivedAt != nil && sandbox.lastRequest?.path == "/v1/sessions/\(session.id)/threads/\(thread.id)/archive")
            let missing = await #expect(throws: APIError.self) { _ = try await service.retrieveSessionThread(sessionID: session.id, id: "sthr_missing") }
            #expect(missing?.kind == .notFound)
            let noStream = await #expect(throws: APIError.self) {
                _ = try await service.streamSessionThreadEvents(sessionID: session.id, threadID: "sthr_missing")
            }
            #expect(noStream?.kind == .notFound)
        }
    }
}
