import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Respond: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send one prompt to the Responses API (continue a stored response with --previous-response-id, or a conversation with --conversation).",
            discussion: "There is no --seed: the Responses API takes no seed (chat --seed does).")

        @Option(help: "The model id.")
        var model = "gpt-4o-mini"

        @Flag(help: "Print text as it arrives.")
        var stream = false

        @Option(help: "Instructions (a system message).")
        var instructions: String?

        @Option(help: "Reasoning effort for reasoning models: minimal, low, medium or high.")
        var reasoning: String?

        @Option(help: "The id of a stored response to continue.")
        var previousResponseId: String?

        @Option(help: "The id of a conversation to continue (see `swiftai conversations`); the prompt and the answer are added to it.")
        var conversation: String?

        @OptionGroup var sampling: SamplingOptions

        @OptionGroup var connection: ConnectionOptions

        @Argument(help: "The prompt.")
        var prompt: String

        func run() async throws {
            let service = try connection.makeService()
            let parameters = ModelResponseParameter(
                input: .string(prompt), model: .custom(model), conversation: conversation.map { .init(id: $0) }, instructions: instructions, maxOutputTokens: sampling.maxTokens,
                previousResponseId: previousResponseId, reasoning: reasoning.map { .init(effort: $0, summary: "auto") },
                temperature: sampling.temperature)
            do {
                let response: ResponseModel
                if stream {
                    response = try await service.responseCreateStream(parameters).accumulate { event in
                        if case .outputTextDelta(let delta) = event { out(delta.delta, terminator: "") }
                    }
                    out()
                } else {
                    response = try await service.responseCreate(parameters)
                    out(response.outputText)
                }
                let usage = response.usage.map { " — \($0.inputTokens) input + \($0.outputTokens) output tokens" } ?? ""
                printError("[\(response.id) \(response.status ?? "")\(usage)]")
            } catch let error as APIError {
                throw commandFailure("error: \(error.description)")
            }
        }
    }
}
