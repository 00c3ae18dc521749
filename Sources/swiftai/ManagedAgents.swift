import ArgumentParser
import Foundation
import SwiftAnthropic

extension SwiftAICommand {
    /// `swiftai agents`: Anthropic's Managed Agents — agents, environments, sessions, and a session run streamed.
    struct Agents: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "agents",
            abstract: "Managed Agents (Anthropic beta): create agents and environments, run a session and stream what the agent does.",
            subcommands: [Create.self, CreateEnvironment.self, List.self, Sessions.self, Run.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create an agent; prints its id, version and name.")
            @Option(help: "The agent's name.")
            var name: String
            @Option(help: "The model id.")
            var model = "claude-sonnet-4-5"
            @Option(help: "The system prompt.")
            var system: String?
            @Flag(help: "Leave out the built-in toolset (bash, read, write, edit, glob, grep, web fetch and search).")
            var noToolset = false
            @OptionGroup var connection: AnthropicConnection

            func run() async throws {
                let service = try connection.makeService()
                try await reportingAgentErrors {
                    let agent = try await service.createAgent(
                        ManagedAgentParameter(
                            name: name, model: ManagedAgentModelConfig(.other(model)), system: system,
                            tools: noToolset ? nil : [.agentToolset(ManagedAgentToolset())]))
                    out("\(agent.id)\tversion \(agent.version)\t\(agent.name)")
                }
            }
        }

        struct CreateEnvironment: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "create-environment", abstract: "Create a cloud environment; prints its id and name.")
            @Option(help: "The environment's name.")
            var name: String
            @OptionGroup var connection: AnthropicConnection

            func run() async throws {
                let service = try connection.makeService()
                try await reportingAgentErrors {
                    let environment = try await service.createEnvironment(AgentEnvironmentParameter(name: name))
                    out("\(environment.id)\t\(environment.name)")
                }
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the agents: id, version, model and name.")
            @OptionGroup var connection: AnthropicConnection

            func run() async throws {
                let service = try connection.makeService()
                try await reportingAgentErrors {
                    for try await agent in service.allAgents() {
                        out("\(agent.id)\tversion \(agent.version)\t\(agent.model.id.value)\t\(agent.name)")
                    }
                }
            }
        }

        struct Sessions: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the sessions: id, status, agent and title.")
            @Option(help: "Only the sessions of this agent.")
            var agent: String?
            @OptionGroup var connection: AnthropicConnection

            func run() async throws {
                let service = try connection.makeService()
                try await reportingAgentErrors {
                    for try await session in service.allSessions(AgentSessionListQuery(agentID: agent)) {
                        out("\(session.id)\t\(session.status)\t\(session.agent.id)\t\(session.title ?? "")")
                    }
                }
            }
        }

        struct Run: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Send a message to a session (a new one of --agent in --environment, or --session) and print its events until the agent is idle.")
            @Option(help: "The agent of a new session.")
            var agent: String?
            @Option(help: "The environment of a new session.")
            var environment: String?
            @Option(help: "Continue this session instead of opening one.")
            var session: String?
            @Flag(help: "Print the agent's text as it is written (event deltas).")
            var deltas = false
            @OptionGroup var connection: AnthropicConnection
            @Argument(help: "The message.")
            var message: String

            func validate() throws {
                if session == nil, agent == nil || environment == nil {
                    throw ValidationError("Pass --agent and --environment to open a session, or --session to continue one.")
                }
                if session != nil, agent != nil || environment != nil {
                    throw ValidationError("--session continues a session: leave out --agent and --environment.")
                }
            }

            func run() async throws {
                let service = try connection.makeService()
                try await reportingAgentErrors {
                    let id: String
                    if let session {
                        id = session
                    } else {
                        id = try await service.createSession(agent: .latest(agent ?? ""), environmentID: environment ?? "").id
                    }
                    printError("session \(id)")
                    let stream = try await service.streamSessionEvents(sessionID: id, eventDeltas: deltas ? ["agent.message"] : [])
                    _ = try await service.sendSessionEvents(sessionID: id, events: [.userMessage(message)])
                    for try await event in stream {
                        if let line = Self.line(for: event, deltas: deltas) { out(line.text, terminator: line.terminator) }
                        if event.endsTurn { break }
                    }
                }
            }

            /// How an event is printed: the agent's text as it is, tools and statuses in brackets; nil for what a
            /// reader doesn't need (the echo of the message, spans, a delta run's start).
            static func line(for event: AgentSessionEvent, deltas: Bool) -> (text: String, terminator: String)? {
                switch event {
                case .userMessage, .spanModelRequestStart, .spanModelRequestEnd, .eventStart: nil
                case .eventDelta(let delta): (delta.delta.content.text ?? "", "")
                case .agentMessage(let message): deltas ? ("", "\n") : (message.text, "\n")
                case .agentToolUse(let call), .agentMCPToolUse(let call), .agentCustomToolUse(let call):
                    ("[\(event.type)] \(call.name) \(call.input.jsonString)" + (call.evaluatedPermission == "ask" ? " (awaiting confirmation)" : ""), "\n")
                case .agentToolResult(let result), .agentMCPToolResult(let result):
                    ("[\(event.type)] \(result.text)", "\n")
                case .sessionStatusIdle(let idle): ("[idle: \(Self.reason(idle.stopReason))]", "\n")
                case .sessionError(let error): ("[error] \(error.error.type): \(error.error.message ?? "")", "\n")
                default: ("[\(event.type)]", "\n")
                }
            }

            private static func reason(_ reason: AgentSessionStopReason) -> String {
                switch reason {
                case .endTurn: "end_turn"
                case .requiresAction(let ids): "requires_action \(ids.joined(separator: ","))"
                case .retriesExhausted: "retries_exhausted"
                case .budgetReached: "budget_reached"
                case .refusal: "refusal"
                case .unknown(let json): json["type"]?.stringValue ?? "unknown"
                }
            }
        }
    }
}

/// The Anthropic connection of the `agents` commands: `ANTHROPIC_API_KEY`, and `--base-url` (or
/// `ANTHROPIC_BASE_URL`) for another host such as the sandbox.
struct AnthropicConnection: ParsableArguments {
    @Option(help: "Host part of the API (e.g. http://127.0.0.1:8080); /v1 is appended. Default: ANTHROPIC_BASE_URL or api.anthropic.com.")
    var baseURL: String?

    func makeService() throws -> any AnthropicService {
        let key = ProcessInfo.processInfo.environment["ANTHROPIC_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        guard let key = key ?? (baseURL != nil ? "sk-ant-no-key" : nil) else {
            throw ValidationError("Set ANTHROPIC_API_KEY (or pass --base-url for a local server that needs no key).")
        }
        return AnthropicServiceFactory.service(apiKey: key, basePath: baseURL)
    }
}

/// Runs `body`; an API error becomes a one-line message and a failure exit.
private func reportingAgentErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as APIError {
        throw commandFailure("error: \(error.description)")
    }
}
