import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    /// `swiftai chat "prompt"` sends a prompt as it always did; `chat list` and `chat show` read stored completions.
    struct Chat: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send one prompt to a chat model, or read the completions stored with --store.",
            subcommands: [ChatSend.self, List.self, Show.self], defaultSubcommand: ChatSend.self)

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List stored chat completions: id, model, created, metadata, answer.")

            @Option(help: "Only the completions of this model.")
            var model: String?

            @Option(help: "Only the completions with this metadata pair (key=value); repeatable.")
            var metadata: [String] = []

            @Option(help: "At most this many (all when not given).")
            var limit: Int?

            @Flag(help: "Newest first.")
            var newestFirst = false

            @OptionGroup var connection: ConnectionOptions

            func validate() throws {
                if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
                _ = try pairs()
            }

            func pairs() throws -> [String: String] {
                var pairs: [String: String] = [:]
                for pair in metadata {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2, !parts[0].isEmpty else { throw ValidationError("--metadata takes key=value, not '\(pair)'.") }
                    pairs[String(parts[0])] = String(parts[1])
                }
                return pairs
            }

            func run() async throws {
                let service = try connection.makeService()
                let filter = try pairs()
                var printed = 0
                do {
                    for try await completion in service.allChatCompletions(
                        model: model, metadata: filter.isEmpty ? nil : filter, order: newestFirst ? .descending : .ascending,
                        pageSize: limit.map { min($0, 100) })
                    {
                        if let limit, printed >= limit { break }
                        let metadata = (completion.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                        let answer = completion.choices.first?.message.content ?? ""
                        out("\(completion.id)\t\(completion.model)\t\(completion.created)\t\(metadata)\t\(answer.replacingOccurrences(of: "\n", with: " "))")
                        printed += 1
                    }
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show a stored chat completion: its messages and its answer.")

            @Argument(help: "The completion id (from `swiftai chat list`).")
            var id: String

            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                let service = try connection.makeService()
                do {
                    let completion = try await service.getChatCompletion(completionID: id)
                    out("\(completion.id)\t\(completion.model)\t\(completion.created)")
                    for (key, value) in (completion.metadata ?? [:]).sorted(by: { $0.key < $1.key }) { out("metadata\t\(key)=\(value)") }
                    for try await message in service.allChatCompletionMessages(completionID: id) {
                        let text = message.content ?? message.contentParts.map { _ in "[content parts]" } ?? ""
                        out("\(message.role)\t\(text)")
                    }
                    let answer = completion.choices.first?.message
                    out("assistant\t\(answer?.content ?? answer?.refusal ?? "")")
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }
    }
}
