import ArgumentParser
import Foundation
import SAOAIConsole
import SwiftAzureOpenAI

/// An interactive chatbot on the Responses API: each turn continues the previous response.
@main
struct ConsoleChatbot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chat with a model through the Responses API.",
        discussion: "Commands: 'stream' toggles streaming, 'clear' starts over, 'history' lists the turns, 'image: <url>' sends an image, 'quit' exits.")

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var modelOptions: ModelOptions

    @Flag(help: "Stream the answers as they are generated.")
    var stream = false

    @Option(help: "The system message of the conversation.")
    var system = "You are a helpful assistant."

    func run() async throws {
        let (client, model) = try connection.makeClient()
        var options = modelOptions
        if options.instructions == nil { options.instructions = system }
        let turn = ConsoleTurn(client: client, model: model, tools: nil, options: options)
        var streaming = stream
        var previousResponseId: String?
        var history: [String] = []
        print("SwiftAzureOpenAI console chatbot — model \(model) (\(streaming ? "streaming" : "non-streaming")). Type 'quit' to exit.")
        await InteractiveLoop.run { line in
            switch line.lowercased() {
            case "stream":
                streaming.toggle()
                print("Streaming \(streaming ? "on" : "off").")
                return true
            case "clear":
                previousResponseId = nil
                history.removeAll()
                print("Conversation cleared.")
                return true
            case "history":
                print(history.isEmpty ? "(no turns yet)" : history.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                return true
            default:
                break
            }
            let message: SAOAIMessage
            if line.lowercased().hasPrefix("image:") {
                let url = line.dropFirst("image:".count).trimmingCharacters(in: .whitespaces)
                message = SAOAIMessage(role: .user, text: "Please analyze this image:", imageURL: url)
            } else {
                message = SAOAIMessage(role: .user, text: line)
            }
            history.append(line)
            do {
                if streaming {
                    previousResponseId = try await turn.stream(
                        [.message(message)], previousResponseId: previousResponseId, write: InteractiveLoop.write)
                } else {
                    let result = try await turn.run([message], previousResponseId: previousResponseId)
                    print(result.lines.joined(separator: "\n"))
                    previousResponseId = result.responseId
                }
            } catch {
                print("[error] \(error.localizedDescription)")
            }
            return true
        }
    }
}
