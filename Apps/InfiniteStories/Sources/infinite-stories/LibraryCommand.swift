import ArgumentParser
import Foundation
import InfiniteStoriesStore

/// `library cleanup`.
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "Look after the story library.", subcommands: [Cleanup.self])

    struct Cleanup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove the narration of old stories (their text and pictures stay).")

        @Option(help: "Remove narration of stories older than this many days.") var olderThan: Int
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var options: CommonOptions

        func validate() throws {
            guard olderThan >= 0 else { throw ValidationError("--older-than must be 0 or more days.") }
        }

        func run() async throws {
            try await runReportingErrors {
                let report = try await options.openLibrary().cleanupOldAudioFiles(olderThan: olderThan)
                if json { return try printJSON(report) }
                let megabytes = Double(report.bytesFreed) / 1_048_576
                out("Removed \(report.filesRemoved) audio file\(report.filesRemoved == 1 ? "" : "s") "
                    + "from \(report.storiesUpdated) stor\(report.storiesUpdated == 1 ? "y" : "ies"), "
                    + "\(megabytes.formatted(.number.precision(.fractionLength(1)))) MB freed.")
            }
        }
    }
}
