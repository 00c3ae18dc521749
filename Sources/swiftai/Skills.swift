import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Skills: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "skills", abstract: "", subcommands: [])
    }
}
