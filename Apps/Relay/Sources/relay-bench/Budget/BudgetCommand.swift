import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore

/// `relay-bench budget`: fires many requests at once, spread over several relay instances and many client ids, and
/// counts how many were served and how many refused — a limit shared across instances must serve exactly its value.
struct BudgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget",
        abstract: "Fire concurrent requests over several relay instances and count served (2xx) versus refused (429)."
    )

    @Option(help: "The relays' base URLs, comma-separated; request i goes to URL i mod count.")
    var urls: String

    @Option(help: "The request path, appended to each base URL.")
    var path = "/v1/chat/completions"

    @Option(name: .customLong("header"), help: "A header 'Name: value' sent with every request (repeatable).")
    var headers: [HeaderOption] = []

    @Option(help: "Distinct client ids; request i is client i mod count.")
    var clients = 100

    @Option(help: "The header carrying the client id.")
    var clientIdHeader = "aiproxy-client-id"

    @Option(help: "Total requests, all in flight at once unless --over spreads them.")
    var requests = 1000

    @Option(help: "A file of tokens, one per line; client i sends token i mod count in --token-header.")
    var tokenFile: String?

    @Option(help: "The header carrying a token from --token-file, sent as 'Bearer <token>'.")
    var tokenHeader = "Authorization"

    @Option(help: "Spread the requests evenly over this many seconds instead of sending all at once.")
    var over: Double?

    @Option(help: "The model named in the request body.")
    var model = "gpt-4o-mini"

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func validate() throws {
        guard clients >= 1, requests >= 1 else { throw ValidationError("--clients and --requests must be at least 1") }
        if let over, !(over >= 0) { throw ValidationError("--over cannot be negative") }
        guard !(try endpoints()).isEmpty else { throw ValidationError("--urls names no URL") }
    }

    private func endpoints() throws -> [Endpoint] {
        try urls.split(separator: ",").map { try Endpoint(String($0.trimmingCharacters(in: .whitespaces))) }
    }

    private func tokens() throws -> [String] {
        guard let tokenFile else { return [] }
        let text = try String(contentsOfFile: tokenFile, encoding: .utf8)
        let tokens = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !tokens.isEmpty else { throw ValidationError("\(tokenFile) holds no token") }
        return tokens
    }

    func run() async throws {
        let endpoints = try endpoints()
        let tokens = try tokens()
        let body = LoadRequest.chatBody(model: model, stream: false)
        let pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: requests)
        var configuration = HTTPClient.Configuration(connectionPool: pool)
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(120))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let interval = (over ?? 0) / Double(requests)
        let start = ContinuousClock.now
        let outcomes = await withTaskGroup(of: BudgetOutcome.self) { group in
            for index in 0..<requests {
                var request = HTTPClientRequest(url: endpoints[index % endpoints.count].description + path)
                request.method = .POST
                request.headers.add(name: "content-type", value: "application/json")
                for header in headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }
                let clientIndex = index % clients
                request.headers.replaceOrAdd(name: clientIdHeader, value: "bench-client-\(clientIndex)")
                if !tokens.isEmpty {
                    request.headers.replaceOrAdd(name: tokenHeader, value: "Bearer \(tokens[clientIndex % tokens.count])")
                }
                request.body = .bytes(body)
                let sendAt = start + .nanoseconds(Int64(Double(index) * interval * 1e9))
                group.addTask {
                    if interval > 0 { try? await Task.sleep(until: sendAt) }
                    return await Self.send(request, with: client, instance: index % endpoints.count, start: start)
                }
            }
            var outcomes: [BudgetOutcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        try await client.shutdown()
        let report = BudgetReport(outcomes: outcomes, instances: endpoints.map(\.description))
        print(json ? report.json : report.text)
    }

    private static func send(_ request: HTTPClientRequest, with client: HTTPClient, instance: Int,
                             start: ContinuousClock.Instant) async -> BudgetOutcome {
        let second = { Int((ContinuousClock.now - start).components.seconds) }
        do {
            let response = try await client.execute(request, timeout: .seconds(120))
            let body = try await response.body.collect(upTo: 1 << 20)
            let status = Int(response.status.code)
            let sample = (200..<300).contains(status) ? nil : String(buffer: body).prefix(300).description
            return BudgetOutcome(status: status, instance: instance, second: second(), sample: sample)
        } catch {
            return BudgetOutcome(status: nil, instance: instance, second: second(), sample: String(describing: error))
        }
    }
}
