import ArgumentParser
import Foundation
import SwiftAnthropic

extension SwiftAICommand {
    struct Messages: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send one prompt to Claude (Anthropic Messages API).")

        @Option(help: "The model id.")
        var model = "claude-sonnet-4-5"

        @Flag(help: "Print text as it arrives.")
        var stream = false

        @Option(help: "A system prompt.")
        var system: String?

        @Option(help: "Maximum tokens to generate.")
        var maxTokens = 1024

        @Option(help: "Host part of the API (e.g. http://127.0.0.1:8080); /v1 is appended. Default: ANTHROPIC_BASE_URL or api.anthropic.com.")
        var baseURL: String?

        @Option(help: "How much effort the model spends: low, medium, high, xhigh or max.")
        var effort: Effort?

        @Flag(help: "Fast mode (speed: fast) on the models that offer it.")
        var fast = false

        @Flag(help: "Adaptive thinking: the model decides when and how much to think.")
        var adaptiveThinking = false

        @Option(help: "A context edit: clear-tool-uses, clear-thinking or compact (repeatable; the betas are sent for you).")
        var contextManagement: [ContextEdit] = []

        @Argument(help: "The prompt.")
        var prompt: String

        func run() async throws {
            let key = ProcessInfo.processInfo.environment["ANTHROPIC_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            guard let key = key ?? (baseURL != nil ? "sk-ant-no-key" : nil) else {
                throw ValidationError("Set ANTHROPIC_API_KEY (or pass --base-url for a local server that needs no key).")
            }
            let service = AnthropicServiceFactory.service(apiKey: key, basePath: baseURL)
            let parameters = MessageParameter(
                model: .other(model), messages: [.init(role: .user, content: .text(prompt))], maxTokens: maxTokens,
                system: system.map { .text($0) }, thinking: adaptiveThinking ? .adaptive() : nil,
                outputConfig: effort.map { .init(effort: .init(rawValue: $0.rawValue)) },
                contextManagement: contextManagement.isEmpty ? nil : .init(edits: contextManagement.map(\.edit)),
                speed: fast ? .fast : nil)
            do {
                let message: MessageResponse
                if stream {
                    message = try await service.streamMessage(parameters).accumulate { out($0, terminator: "") }
                    out()
                } else {
                    message = try await service.createMessage(parameters)
                    out(message.text)
                }
                printError("[\(message.usage.inputTokens ?? 0) input + \(message.usage.outputTokens) output tokens, stop: \(message.stopReason ?? "-")]")
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }
    }
}

extension SwiftAICommand.Messages {
    /// The values of `--effort`.
    enum Effort: String, ExpressibleByArgument, CaseIterable {
        case low, medium, high, xhigh, max
    }

    /// The values of `--context-management`, each one edit with the API's defaults.
    enum ContextEdit: String, ExpressibleByArgument, CaseIterable {
        case clearToolUses = "clear-tool-uses"
        case clearThinking = "clear-thinking"
        case compact

        var edit: MessageParameter.ContextManagement.Edit {
            switch self {
            case .clearToolUses: .clearToolUses(.init())
            case .clearThinking: .clearThinking(.init())
            case .compact: .compact(.init())
            }
        }
    }
}
