import AISandbox
import ArgumentParser
import Foundation
import InfiniteStoriesSandbox
import SwiftOpenAI

@main
struct SwiftAICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftai",
        abstract: "Talk to OpenAI(-compatible) and Anthropic APIs from the command line, or try everything offline with the built-in sandbox.",
        subcommands: [Chat.self, Agent.self, Realtime.self, Respond.self, Messages.self, Speak.self, Transcribe.self, Image.self, Embed.self, Files.self, Batch.self, Models.self, Conversations.self, Containers.self, Skills.self, Evals.self, Agents.self, Sandbox.self, Webhooks.self, Demo.self])
}

/// Options shared by the commands that reach a real API.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "Host part of the API (e.g. http://127.0.0.1:8080); /v1 is appended. Default: OPENAI_BASE_URL or api.openai.com.")
    var baseURL: String?

    func makeService() throws -> any OpenAIService {
        let environment = ProcessInfo.processInfo.environment
        let key = environment["OPENAI_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        guard let key = key ?? (baseURL != nil ? "sk-no-key" : nil) else {
            throw ValidationError("Set OPENAI_API_KEY (or pass --base-url for a local server that needs no key).")
        }
        return OpenAIServiceFactory.service(
            apiKey: key, organizationID: environment["OPENAI_ORG_ID"], overrideBaseURL: baseURL)
    }
}

extension SwiftAICommand {
    /// `swiftai chat "prompt"` (`chat send`, the default subcommand; `chat list` and `chat show` are in StoredChat.swift).
    struct ChatSend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "send", abstract: "Send one prompt to a chat model (the default).")

        @Flag(help: "Store the completion on the API, for `swiftai chat list` / `show` (and evals or distillation).")
        var store = false

        @Option(help: "The model id.")
        var model = "gpt-4o-mini"

        @Flag(help: "Print tokens as they arrive.")
        var stream = false

        @Option(help: "A system prompt.")
        var system: String?

        @OptionGroup var sampling: SamplingOptions

        @Option(help: "A seed for best-effort reproducible sampling (the same seed and parameters should give the same answer). Default: none.")
        var seed: Int?

        @OptionGroup var connection: ConnectionOptions

        @Option(help: "A JSON Schema file: the answer is JSON matching it (structured outputs), checked and printed.")
        var schema: String?

        @Flag(inversion: .prefixedNo, help: "With --schema: OpenAI strict mode (the schema is normalized and checked first).")
        var strict = true

        @Argument(help: "The prompt.")
        var prompt: String

        func run() async throws {
            let service = try connection.makeService()
            if let schema {
                try await ChatSchema(path: schema, strict: strict, model: model, system: system, sampling: sampling, seed: seed)
                    .run(prompt: prompt, service: service)
                return
            }
            var messages: [ChatCompletionParameters.Message] = []
            if let system { messages.append(.init(role: .system, content: .text(system))) }
            messages.append(.init(role: .user, content: .text(prompt)))
            let parameters = ChatCompletionParameters(
                messages: messages, model: .custom(model), seed: seed, temperature: sampling.temperature, store: store ? true : nil,
                maxCompletionTokens: sampling.maxTokens, streamOptions: stream ? .init(includeUsage: true) : nil)
            do {
                if stream {
                    let result = try await service.startStreamedChat(parameters: parameters).accumulate { chunk in
                        if let text = chunk.choices.first?.delta.content {
                            out(text, terminator: "")
                        }
                    }
                    out()
                    if let usage = result.usage {
                        printError("[\(usage.promptTokens) prompt + \(usage.completionTokens) completion tokens]")
                    }
                } else {
                    let completion = try await service.startChat(parameters: parameters)
                    out(completion.choices.first?.message.content ?? completion.choices.first?.message.refusal ?? "")
                    printError("[\(completion.usage.promptTokens) prompt + \(completion.usage.completionTokens) completion tokens]")
                }
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }
    }

    struct Models: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the models the API offers.")

        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let service = try connection.makeService()
            for model in try await service.listModels().data.sorted(by: { $0.id < $1.id }) {
                out("\(model.id)\t\(model.ownedBy)")
            }
        }
    }

    struct Sandbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run AISandbox, a local OpenAI-compatible test server, in the foreground.")

        @Option(help: "The port to listen on (0 picks a free one).")
        var port = 8080

        @Option(
            name: .customLong("behavior"),
            help: ArgumentHelp(
                "Misbehave for matching requests, as key=value pairs or JSON (repeatable), e.g. path=/v1/chat/completions,status=429,retry-after=0.5,times=2. The keys are those of POST /sandbox/behaviors (see the README).",
                valueName: "spec"))
        var behaviors: [String] = []

        @Option(help: "Deliver signed webhooks here when background responses and batches end (an http:// URL).")
        var webhookURL: String?

        @Option(help: "The secret the webhooks are signed with (whsec_…). Default: OPENAI_WEBHOOK_SECRET.")
        var webhookSecret: String?

        func validate() throws {
            for behavior in behaviors {
                do {
                    _ = try SandboxBehaviorSpec(parsing: behavior)
                } catch {
                    throw ValidationError("--behavior \(behavior): \(error)")
                }
            }
        }

        func run() async throws {
            var webhookURL: URL?
            if let text = self.webhookURL {
                guard let url = URL(string: text), url.scheme == "http" else { throw ValidationError("--webhook-url must be an http:// URL.") }
                webhookURL = url
            }
            let secret = webhookSecret ?? ProcessInfo.processInfo.environment["OPENAI_WEBHOOK_SECRET"]
            if webhookURL != nil, secret?.isEmpty ?? true { throw ValidationError("--webhook-url needs --webhook-secret (or OPENAI_WEBHOOK_SECRET).") }
            let sandbox: AISandbox.Sandbox
            do {
                // Story prompts get stories, so the story app can run against this sandbox offline.
                sandbox = try await AISandbox.Sandbox.start(
                    port: port, webhookURL: webhookURL, webhookSecret: secret, answerer: .stories)
            } catch let error as SandboxError {
                throw ValidationError("\(error)")
            }
            for behavior in behaviors {
                sandbox.enqueue(try SandboxBehaviorSpec(parsing: behavior))
            }
            out("AISandbox listening on \(sandbox.baseURL.absoluteString)")
            out("Try: OPENAI_API_KEY=sk-sandbox swiftai chat --base-url \(sandbox.baseURL.absoluteString) --stream \"Hello\"")
            if let webhookURL { out("Webhooks of background responses and batches go to \(webhookURL.absoluteString), signed.") }
            if !behaviors.isEmpty { out("Queued \(behaviors.count) behavior option\(behaviors.count == 1 ? "" : "s"); more with POST \(sandbox.baseURL.absoluteString)/sandbox/behaviors.") }
            out("Press Ctrl-C to stop.")
            while true {
                try await Task.sleep(nanoseconds: 3_600_000_000_000)
            }
        }
    }
}

/// Writes to standard output at once (unbuffered, so streamed tokens appear as they arrive).
func out(_ text: String = "", terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}

/// Prints `message` to standard error and gives the exit code of a failed command: a non-zero status, so
/// scripts and CI see the failure (`CleanExit` would end with 0).
func commandFailure(_ message: String) -> ExitCode {
    printError(message)
    return .failure
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
