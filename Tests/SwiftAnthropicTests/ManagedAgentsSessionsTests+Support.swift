import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import SwiftAnthropic

/// The session fixtures: an agent (with a custom `lookup` tool, and its toolset's tools asking first when
/// `asking`), an environment, and a session of both.
enum SessionFixture {
    static let lookup = ManagedAgentCustomTool(
        name: "lookup", description: "Looks a word up.",
        inputSchema: ["type": "object", "properties": ["word": ["type": "string"]], "required": ["word"]])

    static func agent(_ service: any AnthropicService, asking: Bool = false) async throws -> ManagedAgent {
        let toolset = ManagedAgentToolset(defaultConfig: ManagedAgentToolDefaults(permissionPolicy: asking ? .alwaysAsk : .alwaysAllow))
        return try await service.createAgent(
            ManagedAgentParameter(
                name: "Helper", model: "claude-sonnet-4-5", system: "Be brief.", tools: [.agentToolset(toolset), .custom(lookup)]))
    }

    static func session(
        _ service: any AnthropicService, asking: Bool = false, title: String? = nil
    ) async throws -> AgentSession {
        let agent = try await agent(service, asking: asking)
        let environment = try await service.createEnvironment(AgentEnvironmentParameter(name: "sandbox"))
        return try await service.createSession(AgentSessionParameters(agent: .latest(agent.id), environmentID: environment.id, title: title))
    }

    /// The events of `stream` up to and including the first that ends the turn.
    static func turn(_ stream: AIStream<AgentSessionEvent>) async throws -> [AgentSessionEvent] {
        var events: [AgentSessionEvent] = []
        for try await event in stream {
            events.append(event)
            if event.endsTurn { break }
        }
        return events
    }
}

extension SessionFixture {
    /// Every event of a stream that ends by itself.
    static func all(_ stream: AIStream<AgentSessionEvent>) async throws -> [AgentSessionEvent] {
        var events: [AgentSessionEvent] = []
        for try await event in stream { events.append(event) }
        return events
    }
}

extension RecordedRequest {
    /// The values of a repeated query item.
    func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }
}
