import ArgumentParser
import Foundation
import SAOAIConsole
import SwiftAzureOpenAI

/// Non-streaming responses, interactively or from a file of prompts into a file of responses.
@main
struct NonStreamingResponseConsoleChatbot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Non-streaming Responses API chatbot with file-based input and output.",
        discussion: """
            --input-file: one prompt a line; blank lines and lines starting with # are skipped; a line \
            file:/path sends that file (text files inlined, PDFs and images as base64 inputs). Each prompt is \
            answered on its own. --output-file gets numbered "Prompt N:" / "Response:" blocks; a prompt that \
            fails gets an "Error:" line instead, and the others still run.
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var modelOptions: ModelOptions

    @Option(help: "Read prompts from this file (one a line).")
    var inputFile: String?

    @Option(help: "Write the responses to this file.")
    var outputFile: String?

    @Option(help: "Send one message and exit.")
    var message: String?

    @Flag(help: "Offer the sum_calculator tool.")
    var tools = false

    func run() async throws {
        let (client, model) = try connection.makeClient()
        let turn = ConsoleTurn(client: client, model: model, tools: tools ? [ConsoleTools.sumCalculator] : nil, options: modelOptions)
        print("Model: \(model) (Non-streaming mode)")
        if let inputFile {
            let contents: String
            do {
                contents = try String(contentsOfFile: inputFile, encoding: .utf8)
            } catch {
                throw ValidationError("Input file does not exist or is not readable: \(inputFile)")
            }
            let prompts = PromptInput.prompts(inFile: contents)
            print("File-based mode: \(prompts.count) prompts from \(inputFile)")
            var blocks: [String] = []
            var failures = 0
            for (index, prompt) in prompts.enumerated() {
                print("Processing prompt \(index + 1)/\(prompts.count): \(prompt)")
                let block = await answer(prompt, number: index + 1, turn: turn)
                if block.failed { failures += 1 }
                print(block.text)
                blocks.append(block.text)
            }
            try write(blocks.joined(separator: "\n"))
            print("Done: \(prompts.count - failures) answered, \(failures) failed.")
            return
        }
        if let message {
            let block = await answer(message, number: 1, turn: turn)
            print(block.text)
            try write(block.text)
            if block.failed { throw ExitCode.failure }
            return
        }
        var previousResponseId: String?
        await InteractiveLoop.run { line in
            do {
                let result = try await turn.run([try PromptInput.message(for: line)], previousResponseId: previousResponseId)
                previousResponseId = result.responseId
                print(result.lines.joined(separator: "\n"))
            } catch {
                print("[error] \(error)")
            }
            return true
        }
    }

    /// One `Prompt N:` block.
    private func answer(_ prompt: String, number: Int, turn: ConsoleTurn) async -> (text: String, failed: Bool) {
        do {
            let message = try PromptInput.message(for: prompt)
            let result = try await turn.run([message], previousResponseId: nil)
            let lines = result.lines.isEmpty ? ["(no output)"] : result.lines
            return ("Prompt \(number): \(prompt)\nResponse: \(lines.joined(separator: "\n"))\n", false)
        } catch let error as PromptInput.FileError {
            return ("Prompt \(number): \(prompt)\nError: [error] \(error.description)\n", true)
        } catch {
            return ("Prompt \(number): \(prompt)\nError: [error] \(error.localizedDescription)\n", true)
        }
    }

    private func write(_ text: String) throws {
        guard let outputFile else { return }
        try text.write(toFile: outputFile, atomically: true, encoding: .utf8)
        print("All responses written to: \(outputFile)")
    }
}
