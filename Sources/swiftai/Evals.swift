import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Evals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "evals", abstract: "", subcommands: [])
    }
}
