import ArgumentParser
import Foundation
import SAOAIConsole
import SwiftAzureOpenAI

/// The Responses API with tools: streaming by default, function calls answered locally (up to 5 rounds).
@main
struct ResponsesConsoleChatbot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A Responses API chatbot with function calling (sum_calculator) and reasoning options.")

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var modelOptions: ModelOptions

    @Option(help: "Send one message and exit.")
    var message: String?

    @Flag(inversion: .prefixedEnableDisable, help: "Stream the answers.")
    var streaming = true

    @Flag(help: "Don't offer the sum_calculator tool.")
    var noTools = false

    func run() async throws {
        let (client, model) = try connection.makeClient()
        let turn = ConsoleTurn(client: client, model: model, tools: noTools ? nil : [ConsoleTools.sumCalculator], options: modelOptions)
        print("Model: \(model) (\(streaming ? "Streaming" : "Non-streaming") mode)")
        var previousResponseId: String?
        func send(_ text: String) async -> Bool {
            do {
                if streaming {
                    previousResponseId = try await turn.stream(
                        [.message(SAOAIMessage(role: .user, text: text))], previousResponseId: previousResponseId,
                        write: InteractiveLoop.write)
                } else {
                    let result = try await turn.run([SAOAIMessage(role: .user, text: text)], previousResponseId: previousResponseId)
                    print(result.lines.joined(separator: "\n"))
                    previousResponseId = result.responseId
                }
                return true
            } catch {
                print("[error] \(error.localizedDescription)")
                return false
            }
        }
        if let message {
            print("You: \(message)")
            if await !send(message) { throw ExitCode.failure }
            return
        }
        await InteractiveLoop.run { line in
            _ = await send(line)
            return true
        }
    }
}
