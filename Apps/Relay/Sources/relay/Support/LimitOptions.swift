import ArgumentParser
import Foundation
import RelayCore

/// The limit flags of `projects create` and `projects set-limits`. Endpoints, models and the output-token cap
/// apply to every request (they are set on both the project's and each client's limits); `--rpm`, `--tpm`,
/// `--tpd` and `--spend-month-usd` count all clients together, their `--client-…` twins each client alone.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("allow"), help: ArgumentHelp(
        "An endpoint clients may call, as \"METHOD /path\" after /PROJECT/PROVIDER (`*` one segment, a final `**` any rest); repeat for more.",
        valueName: "endpoint"))
    var endpoints: [String] = []

    @Option(help: ArgumentHelp("The models clients may name, comma-separated (`gpt-4o*` matches a prefix).", valueName: "ids"))
    var models: String?

    @Option(help: "The most output tokens one request may ask for (also what a request naming none is charged).")
    var maxOutputTokens: Int?

    @Option(help: "Requests per minute, all clients together.") var rpm: Int?
    @Option(help: "Tokens per minute, all clients together.") var tpm: Int?
    @Option(help: "Tokens per day, all clients together.") var tpd: Int?
    @Option(help: "Spend per calendar month (UTC) in US dollars, all clients together.") var spendMonthUsd: Double?

    @Option(help: "Requests per minute for each client.") var clientRpm: Int?
    @Option(help: "Tokens per minute for each client.") var clientTpm: Int?
    @Option(help: "Tokens per day for each client.") var clientTpd: Int?
    @Option(help: "Spend per calendar month (UTC) in US dollars for each client.") var clientSpendMonthUsd: Double?

    func validate() throws {
        for endpoint in endpoints {
            let parts = endpoint.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].allSatisfy(\.isLetter), parts[1].hasPrefix("/") else {
                throw ValidationError("--allow \"\(endpoint)\": write METHOD and path, like \"POST /v1/chat/completions\".")
            }
        }
        let counts = [maxOutputTokens, rpm, tpm, tpd, clientRpm, clientTpm, clientTpd].compactMap { $0 }
        guard counts.allSatisfy({ $0 >= 0 }), [spendMonthUsd, clientSpendMonthUsd].compactMap({ $0 }).allSatisfy({ $0 >= 0 })
        else { throw ValidationError("Limits can't be negative.") }
    }

    /// Whether any limit flag was given.
    var isEmpty: Bool {
        endpoints.isEmpty && models == nil && maxOutputTokens == nil && rpm == nil && tpm == nil && tpd == nil
            && spendMonthUsd == nil && clientRpm == nil && clientTpm == nil && clientTpd == nil && clientSpendMonthUsd == nil
    }

    /// The project's limits with every given flag applied; the others keep their value.
    func apply(project: inout Limits, client: inout Limits) throws {
        if !endpoints.isEmpty {
            project.allowedEndpoints = endpoints.map(Self.normalized)
            client.allowedEndpoints = project.allowedEndpoints
        }
        if let models {
            let ids = models.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            project.allowedModels = ids
            client.allowedModels = ids
        }
        if let maxOutputTokens {
            project.maxOutputTokens = maxOutputTokens
            client.maxOutputTokens = maxOutputTokens
        }
        if let rpm { project.requestsPerMinute = rpm }
        if let tpm { project.tokensPerMinute = tpm }
        if let tpd { project.tokensPerDay = tpd }
        if let spendMonthUsd { project.spendPerMonthMicroUSD = try Self.microUSD(spendMonthUsd) }
        if let clientRpm { client.requestsPerMinute = clientRpm }
        if let clientTpm { client.tokensPerMinute = clientTpm }
        if let clientTpd { client.tokensPerDay = clientTpd }
        if let clientSpendMonthUsd { client.spendPerMonthMicroUSD = try Self.microUSD(clientSpendMonthUsd) }
    }

    /// "post  /v1/x" → "POST /v1/x".
    private static func normalized(_ endpoint: String) -> String {
        let parts = endpoint.split(separator: " ", omittingEmptySubsequences: true)
        return "\(parts[0].uppercased()) \(parts[1])"
    }

    private static func microUSD(_ dollars: Double) throws -> Int64 {
        let micro = (dollars * 1_000_000).rounded()
        guard micro.isFinite, micro < Double(Int64.max / 2) else {
            throw ValidationError("\(dollars) US dollars is more than a limit can hold.")
        }
        return Int64(micro)
    }
}

/// `--clear rpm,client-tpd,models,…` of `projects set-limits`: limits to remove (no limit of that kind).
enum ClearableLimit: String, CaseIterable, ExpressibleByArgument {
    case models, maxOutputTokens = "max-output-tokens"
    case rpm, tpm, tpd, spendMonth = "spend-month"
    case clientRpm = "client-rpm", clientTpm = "client-tpm", clientTpd = "client-tpd"
    case clientSpendMonth = "client-spend-month"

    func clear(project: inout Limits, client: inout Limits) {
        switch self {
        case .models:
            project.allowedModels = nil
            client.allowedModels = nil
        case .maxOutputTokens:
            project.maxOutputTokens = nil
            client.maxOutputTokens = nil
        case .rpm: project.requestsPerMinute = nil
        case .tpm: project.tokensPerMinute = nil
        case .tpd: project.tokensPerDay = nil
        case .spendMonth: project.spendPerMonthMicroUSD = nil
        case .clientRpm: client.requestsPerMinute = nil
        case .clientTpm: client.tokensPerMinute = nil
        case .clientTpd: client.tokensPerDay = nil
        case .clientSpendMonth: client.spendPerMonthMicroUSD = nil
        }
    }
}
