import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Containers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "containers", abstract: "", subcommands: [])
    }
}
