import ArgumentParser
import NIOCore
import NIOHTTP1
import NIOPosix

/// `relay-bench load`: C keep-alive HTTP/1.1 connections, each sending the same request as soon as the previous answer
/// ended, for N requests in total or for S seconds.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load a server with concurrent keep-alive clients and print throughput and latency percentiles."
    )

    @Option(help: "The server's base URL (http://host:port).")
    var url: String

    @Option(help: "The request path, appended to the base URL.")
    var path = "/v1/chat/completions"

    @Option(name: .customLong("header"), help: "A request header 'Name: value' (repeatable).")
    var headers: [HeaderOption] = []

    @Option(help: "Concurrent connections (clients).")
    var concurrency = 1

    @Option(help: "Total requests over all connections.")
    var requests: Int?

    @Option(help: "Run for this many seconds instead of a request count.")
    var duration: Double?

    @Flag(help: "Ask for a streamed answer (stream: true, include_usage) and count its events.")
    var stream = false

    @Option(help: "The model named in the request body.")
    var model = "gpt-4o-mini"

    @Option(help: "Requests sent (not measured) before the run, to warm the server up.")
    var warmup = 0

    @Option(help: "Event loop threads (default: one per available core).")
    var threads: Int?

    @Option(name: .customLong("pid"), help: "A server process whose CPU time over the measured run and memory to report (repeatable; sum a proxy's workers).")
    var pids: [Int32] = []

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    func validate() throws {
        guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1") }
        switch (requests, duration) {
        case (nil, nil): throw ValidationError("give --requests N or --duration S")
        case (.some, .some): throw ValidationError("give --requests or --duration, not both")
        case (let count?, nil) where count < 1: throw ValidationError("--requests must be at least 1")
        case (nil, let seconds?) where !(seconds > 0): throw ValidationError("--duration must be positive")
        default: break
        }
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative") }
        if let threads, threads < 1 { throw ValidationError("--threads must be positive") }
        _ = try Endpoint(url)
    }

    func run() async throws {
        let endpoint = try Endpoint(url)
        let request = LoadRequest(endpoint: endpoint, method: .POST, path: path, headers: headers,
                                  body: LoadRequest.chatBody(model: model, stream: stream))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads ?? System.coreCount)
        if warmup > 0 {
            _ = try await LoadRunner(group: group, endpoint: endpoint, request: request, concurrency: min(concurrency, warmup),
                                     totalRequests: warmup, duration: nil, countEvents: stream).run()
        }
        let runner = LoadRunner(
            group: group, endpoint: endpoint, request: request, concurrency: concurrency, totalRequests: requests,
            duration: duration.map { TimeAmount.nanoseconds(Int64($0 * 1e9)) }, countEvents: stream)
        let before = ProcessStats.read(pids: pids)
        let result = try await runner.run()
        let after = ProcessStats.read(pids: pids)
        try await group.shutdownGracefully()
        var report = LoadReport(target: endpoint.description + path, concurrency: concurrency, stream: stream,
                                outcome: result.outcome, elapsedNanoseconds: result.elapsedNanoseconds)
        if !pids.isEmpty {
            report.server = ServerCost(before: before, after: after, report: report)
        }
        print(json ? report.json : report.text)
    }
}
