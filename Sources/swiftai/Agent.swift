import AISandbox
import ArgumentParser
import Foundation
import SwiftAnthropic
import SwiftOpenAI

extension SwiftAICommand {
    struct Agent: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a prompt with tools (time, calculator, read_file) until the model answers, on chat completions, the Responses API or Anthropic.",
            discussion: """
                With --sandbox everything runs offline against the built-in sandbox; it calls the first tool, or the \
                ones a prompt names as [sandbox-tools: time, calculator | read_file] (one turn per |-separated group).
                """)

        enum Provider: String, ExpressibleByArgument, CaseIterable {
            case chat, responses, anthropic
        }

        @Option(help: "chat, responses or anthropic.")
        var provider: Provider = .chat

        @Option(help: "The model id (default: gpt-4o-mini, or claude-sonnet-4-5 for anthropic).")
        var model: String?

        @Option(help: "Comma-separated built-in tools: time, calculator, read_file.")
        var tools = "time,calculator,read_file"

        @Option(help: "Model requests at most.")
        var maxTurns = 8

        @Flag(help: "Ask before each tool call runs.")
        var confirm = false

        @Flag(help: "Run against the built-in sandbox (offline, no key).")
        var sandbox = false

        @Option(help: "Host part of the API (e.g. http://127.0.0.1:8080); /v1 is appended.")
        var baseURL: String?

        @Argument(help: "The prompt.")
        var prompt: String

        func run() async throws {
            let toolList = try AgentTools.make(
                tools.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            var embedded: AISandbox.Sandbox?
            if sandbox { embedded = try await AISandbox.Sandbox.start() }
            defer { if let embedded { Task { try? await embedded.shutdown() } } }
            let base = embedded?.baseURL.absoluteString ?? baseURL
            let confirm = self.confirm
            let runner = ToolRunner(tools: toolList, maxTurns: maxTurns) { request in
                guard confirm else { return .approve }
                printError("Run \(request.name)(\(request.arguments))? [y/N] ")
                return readLine()?.lowercased().hasPrefix("y") == true ? .approve : .refuse(reason: "the user said no")
            }
            let run: ToolRun
            switch provider {
            case .chat, .responses:
                let key = ProcessInfo.processInfo.environment["OPENAI_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
                guard let key = key ?? (base != nil ? "sk-no-key" : nil) else {
                    throw ValidationError("Set OPENAI_API_KEY, or pass --sandbox or --base-url.")
                }
                let service = OpenAIServiceFactory.service(apiKey: key, overrideBaseURL: base)
                let model = ChatCompletionParameters.Model.custom(self.model ?? "gpt-4o-mini")
                run = provider == .chat
                    ? runner.run(service, chat: ChatCompletionParameters(messages: [.init(role: .user, content: .text(prompt))], model: model))
                    : runner.run(service, responses: ModelResponseParameter(input: .string(prompt), model: model))
            case .anthropic:
                let key = ProcessInfo.processInfo.environment["ANTHROPIC_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
                guard let key = key ?? (base != nil ? "sk-ant-no-key" : nil) else {
                    throw ValidationError("Set ANTHROPIC_API_KEY, or pass --sandbox or --base-url.")
                }
                let service = AnthropicServiceFactory.service(apiKey: key, basePath: base)
                run = runner.run(
                    service,
                    messages: MessageParameter(
                        model: .other(self.model ?? "claude-sonnet-4-5"), messages: [.init(role: .user, content: .text(prompt))],
                        maxTokens: 2048))
            }
            do {
                try await Self.print(run)
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            } catch let error as ToolRunError {
                throw commandFailure("error: \(error.description)")
            }
        }

        /// Prints a run's events as they happen; returns the result.
        @discardableResult
        static func print(_ run: ToolRun) async throws -> ToolRunResult? {
            var atLineStart = true
            for try await event in run {
                switch event {
                case .turnStarted(let number):
                    if !atLineStart { out() }
                    printError("── turn \(number)")
                    atLineStart = true
                case .textDelta(let text):
                    out(text, terminator: "")
                    atLineStart = text.hasSuffix("\n")
                case .toolCallRequested(let call):
                    if !atLineStart { out() }
                    out("→ \(call.name)(\(call.arguments))")
                    atLineStart = true
                case .toolResult(let result):
                    out("\(result.isError ? "✗" : "←") \(result.name): \(result.output.prefix(300))")
                case .turnFinished:
                    break
                case .finished(let result):
                    if !atLineStart { out() }
                    printError("[\(result.turns.count) turns, \(result.toolResults.count) tool calls, \(result.usage.inputTokens) input + \(result.usage.outputTokens) output tokens]")
                    return result
                }
            }
            return nil
        }
    }
}
