import Foundation

/// One forwarded request, as the usage report and the spend figures see it.
public struct UsageRecord: Sendable, Equatable {
    public var projectID: String
    /// The client the request counted against (an install id, a token subject).
    public var clientKey: String
    public var provider: String
    /// The method and path forwarded (`POST /v1/chat/completions`).
    public var endpoint: String
    public var model: String?
    /// The upstream's HTTP status (or the relay's own, when it refused).
    public var status: Int
    public var inputTokens: Int
    public var outputTokens: Int
    public var costMicroUSD: Int64
    public var durationMilliseconds: Int
    public var at: Date

    public init(
        projectID: String, clientKey: String, provider: String, endpoint: String, model: String?, status: Int,
        inputTokens: Int, outputTokens: Int, costMicroUSD: Int64, durationMilliseconds: Int, at: Date
    ) {
        self.projectID = projectID
        self.clientKey = clientKey
        self.provider = provider
        self.endpoint = endpoint
        self.model = model
        self.status = status
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.costMicroUSD = costMicroUSD
        self.durationMilliseconds = durationMilliseconds
        self.at = at
    }
}

/// Usage added up per project, client and model (`""` for requests that named none).
public struct UsageSummary: Sendable, Codable, Equatable {
    public var projectID: String
    public var clientKey: String
    public var model: String
    public var requests: Int
    public var inputTokens: Int
    public var outputTokens: Int
    public var costMicroUSD: Int64

    public init(
        projectID: String, clientKey: String, model: String, requests: Int, inputTokens: Int, outputTokens: Int,
        costMicroUSD: Int64
    ) {
        self.projectID = projectID
        self.clientKey = clientKey
        self.model = model
        self.requests = requests
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.costMicroUSD = costMicroUSD
    }
}
