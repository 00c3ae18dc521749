import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Conversations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "conversations", abstract: "", subcommands: [])
    }
}
