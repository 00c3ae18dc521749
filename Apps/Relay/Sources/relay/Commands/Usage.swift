import ArgumentParser
import Foundation
import RelayStorage

/// `relay usage`: what each project's clients used and cost, per model.
struct Usage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show usage per project, client and model: requests, tokens and cost in US dollars.")

    @Option(help: "Only this project.") var project: String?

    @Option(help: ArgumentHelp("From this date (2026-11-01, UTC) or this long ago (30d, 12h).", valueName: "date|duration"))
    var since = "30d"

    @Flag(help: "Print JSON (cost in micro-USD).") var json = false

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let start = try TimeSpec.since(since)
        let rows = try await options.withStore { _, store in try await store.usage(projectID: project, since: start) }
        if json {
            print(try Output.json(rows))
            return
        }
        let table = rows.map { row in
            [
                row.projectID, row.clientKey, row.model.isEmpty ? "-" : row.model, "\(row.requests)",
                "\(row.inputTokens + row.outputTokens)", Output.dollars(row.costMicroUSD),
            ]
        }
        print(Output.table(["project", "client", "model", "requests", "tokens", "cost USD"], table))
        if rows.count > 1 {
            let requests = rows.map(\.requests).reduce(0, +)
            let tokens = rows.map { $0.inputTokens + $0.outputTokens }.reduce(0, +)
            let cost = rows.map(\.costMicroUSD).reduce(0, +)
            print("total: \(requests) requests, \(tokens) tokens, \(Output.dollars(cost)) USD")
        }
    }
}
