import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// `usage`: what the library's runs have spent, per model.
struct UsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage", abstract: "Show tokens, characters, images and estimated cost per model.",
        discussion: "With --sandbox: the sandbox runs' simulated usage, which nothing was charged for.")

    @Option(help: "Only usage on or after this day (yyyy-MM-dd, UTC).") var since: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await runReportingErrors {
            let firstDay = try since.map { text in
                guard let date = try? Date(text + "T00:00:00Z", strategy: .iso8601) else {
                    throw CLIError.invalidArgument("--since takes a day as yyyy-MM-dd.")
                }
                return date
            }
            let usage = try await options.openLibrary().usageSummary(since: firstDay, simulated: options.sandbox)
            if json { return try printJSON(UsageJSON(models: usage)) }
            if usage.isEmpty { return out(options.sandbox ? "No simulated usage recorded yet." : "No usage recorded yet.") }
            if options.sandbox { out("Simulated (sandbox): nothing was charged.") }
            let rows = usage.map { summary in
                [summary.model, "\(summary.inputTokens)", "\(summary.outputTokens)", "\(summary.characters)",
                 "\(summary.images)", Self.dollars(summary.estimatedCost)]
            }
            let total = ["total", "", "", "", "", Self.dollars(usage.reduce(0) { $0 + $1.estimatedCost })]
            out(Self.table(header: ["model", "input tokens", "output tokens", "characters", "images", "est. cost"],
                           rows: rows + [total]))
        }
    }

    static func dollars(_ amount: Double) -> String {
        "$" + amount.formatted(.number.precision(.fractionLength(4)))
    }

    /// A plain text table: the first column left-aligned, the others right-aligned.
    static func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// `usage --json`: the models and the total.
struct UsageJSON: Encodable {
    let models: [UsageSummary]
    var totalEstimatedCost: Double { models.reduce(0) { $0 + $1.estimatedCost } }

    private enum CodingKeys: String, CodingKey { case models, totalEstimatedCost }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(models, forKey: .models)
        try container.encode(totalEstimatedCost, forKey: .totalEstimatedCost)
    }
}
