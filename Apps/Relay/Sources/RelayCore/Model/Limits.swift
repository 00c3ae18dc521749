/// What a project, or one client of it, may do. `nil` means "no limit of this kind" except for
/// `allowedEndpoints`, which is deny-by-default: an app that may chat must not be able to delete files.
///
/// A project has two sets: `projectLimits` (all its clients together) and `clientLimits` (each client alone,
/// narrowed further by a client token's claims).
public struct Limits: Codable, Sendable, Equatable {
    /// Method and path patterns as the client sends them after `/{project}/{provider}`, e.g.
    /// `POST /v1/chat/completions`, `GET /v1/models/*`, `POST /openai/deployments/*/chat/completions`.
    /// `*` matches one path segment, a trailing `**` any rest. Empty: nothing is allowed.
    public var allowedEndpoints: [String]
    /// Model ids the request body may name; a trailing `*` matches a prefix (`gpt-4o*`). `nil`: any model.
    public var allowedModels: [String]?
    /// The most output tokens one request may ask for; also what a request that names none is charged.
    public var maxOutputTokens: Int?
    public var requestsPerMinute: Int?
    public var tokensPerMinute: Int?
    public var tokensPerDay: Int?
    /// Spend per calendar month (UTC) in millionths of a US dollar, priced from the relay's price table.
    public var spendPerMonthMicroUSD: Int64?

    public init(
        allowedEndpoints: [String] = [],
        allowedModels: [String]? = nil,
        maxOutputTokens: Int? = nil,
        requestsPerMinute: Int? = nil,
        tokensPerMinute: Int? = nil,
        tokensPerDay: Int? = nil,
        spendPerMonthMicroUSD: Int64? = nil
    ) {
        self.allowedEndpoints = allowedEndpoints
        self.allowedModels = allowedModels
        self.maxOutputTokens = maxOutputTokens
        self.requestsPerMinute = requestsPerMinute
        self.tokensPerMinute = tokensPerMinute
        self.tokensPerDay = tokensPerDay
        self.spendPerMonthMicroUSD = spendPerMonthMicroUSD
    }
}
