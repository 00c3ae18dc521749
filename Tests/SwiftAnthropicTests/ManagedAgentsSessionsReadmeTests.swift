import AICore
import AISandbox
import Foundation
import SwiftAnthropic
import Testing

// The Managed Agents sessions snippet of README.md, copied line for line and run against the sandbox (only the
// service comes from the sandbox, as its `// README:` comment says); `print` collects what the snippet prints.

@Suite("README snippets (Managed Agents sessions)")
struct ManagedAgentsSessionsReadmeTests {
    @Test("open a session, send a message, stream its events until idle")
    func sessions() async throws {
        try await withAnthropic { _, sandboxService in
            let printed = LockedValue("")
            @Sendable func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
                let line = items.map { "\($0)" }.joined(separator: separator) + terminator
                printed.withLock { $0 += line }
            }

            let service = sandboxService  // README: let service = AnthropicServiceFactory.service(apiKey: "sk-ant-…")

            // An agent and an environment (see Managed Agents), then a session of both
            let agent = try await service.createAgent(ManagedAgentParameter(
                name: "Helper", model: "claude-sonnet-4-5", tools: [.agentToolset(ManagedAgentToolset())]))
            let environment = try await service.createEnvironment(AgentEnvironmentParameter(name: "workspace"))
            let session = try await service.createSession(agent: .latest(agent.id), environmentID: environment.id)

            // Send a message and follow the agent until it is idle again
            for try await event in try await service.runSession(id: session.id, sending: "What is in the workspace?") {
                switch event {
                case .agentToolUse(let call): print("tool:", call.name, call.input.jsonString)
                case .agentMessage(let message): print(message.text)
                case .sessionStatusIdle(let idle): print("idle:", idle.stopReason)
                default: break
                }
            }
            #expect(printed.current == "Hello from AISandbox (Helper)! You said: What is in the workspace?\nidle: endTurn\n")

            // Or hold the stream yourself: open it first, then send; it stays open across turns
            let stream = try await service.streamSessionEvents(sessionID: session.id)
            _ = try await service.sendSessionEvents(sessionID: session.id, events: [.userMessage("And the README?")])
            for try await event in stream {
                if case .agentMessage(let message) = event { print(message.text) }
                if event.endsTurn { break }
            }
            #expect(printed.current.hasSuffix("idle: endTurn\nHello from AISandbox (Helper)! You said: And the README?\n"))

            // The log keeps every event
            for try await event in service.allSessionEvents(sessionID: session.id) { print(event.type) }
            #expect(printed.current.hasSuffix("span.model_request_end\nsession.status_idle\n"))
            #expect(printed.current.components(separatedBy: "user.message\n").count == 3)
        }
    }
}
