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
                system: system.map { .text($0) })
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
