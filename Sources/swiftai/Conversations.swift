import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Conversations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conversations",
            abstract: "Create conversations, add messages, list their items; continue one with `respond --conversation ID`.",
            subcommands: [Create.self, Add.self, Items.self, Show.self, Delete.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create a conversation; prints its id.")
            @Option(name: .customLong("metadata"), help: "A key=value pair stored with the conversation (repeatable).")
            var metadata: [String] = []
            @Option(name: .customLong("message"), help: "A first user message (repeatable).")
            var messages: [String] = []
            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                var pairs: [String: String] = [:]
                for pair in metadata {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                        throw ValidationError("--metadata takes key=value, not '\(pair)'.")
                    }
                    pairs[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
                let items = messages.map { ModelResponseParameter.InputItem.message(.init(role: "user", text: $0)) }
                try await reportingAPIErrors {
                    let conversation = try await connection.makeService().createConversation(
                        parameters: ConversationParameters(items: items.isEmpty ? nil : items, metadata: pairs.isEmpty ? nil : pairs))
                    out(conversation.id)
                }
            }
        }

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Add messages to a conversation; prints each new item's id.")
            @Option(help: "user, assistant, system or developer.")
            var role = "user"
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The conversation id.")
            var id: String
            @Argument(help: "The messages' text, one message per argument.")
            var texts: [String]

            func run() async throws {
                guard !texts.isEmpty else { throw ValidationError("Give at least one message.") }
                let items = texts.map { ModelResponseParameter.InputItem.message(.init(role: role, text: $0)) }
                try await reportingAPIErrors {
                    let added = try await connection.makeService().createConversationItems(conversationID: id, items: items)
                    for item in added.data { out(item.id ?? "") }
                }
            }
        }

        struct Items: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print every item of a conversation (all pages): id, type, role and text.")
            @Option(help: "asc (oldest first) or desc (newest first).")
            var order = "asc"
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The conversation id.")
            var id: String

            func run() async throws {
                guard order == "asc" || order == "desc" else { throw ValidationError("--order is asc or desc.") }
                try await reportingAPIErrors {
                    for try await item in try connection.makeService().allConversationItems(conversationID: id, order: order) {
                        out([item.id ?? "", item.type, item.message?.role ?? "", Self.text(of: item)].joined(separator: "\t"))
                    }
                }
            }

            /// A message's text (input or output parts), or nothing for other items.
            static func text(of item: ConversationItem) -> String {
                guard let message = item.message else { return "" }
                return message.content.compactMap { part -> String? in
                    switch part {
                    case .outputText(let text): text.text
                    case .inputText(let text): text
                    case .refusal(let text): text
                    case .unknown: nil
                    }
                }.joined(separator: " ")
            }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print a conversation: its id, creation time and metadata.")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The conversation id.")
            var id: String

            func run() async throws {
                try await reportingAPIErrors {
                    let conversation = try await connection.makeService().retrieveConversation(id: id)
                    out("\(conversation.id)\tcreated \(conversation.createdAt)")
                    for (key, value) in conversation.metadata.sorted(by: { $0.key < $1.key }) { out("\(key)=\(value)") }
                }
            }
        }

        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete a conversation, or one of its items with --item.")
            @Option(help: "Delete only this item.")
            var item: String?
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The conversation id.")
            var id: String

            func run() async throws {
                try await reportingAPIErrors {
                    let service = try connection.makeService()
                    if let item {
                        let conversation = try await service.deleteConversationItem(conversationID: id, itemID: item)
                        out("\(item) deleted from \(conversation.id)")
                    } else {
                        let status = try await service.deleteConversation(id: id)
                        out("\(status.id) deleted: \(status.deleted)")
                    }
                }
            }
        }
    }
}

/// Runs `body`, turning an API error into a failure with its description (and exit code 1).
private func reportingAPIErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as APIError {
        throw commandFailure("error: \(error.description)")
    }
}
