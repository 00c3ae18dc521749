/// The optional claims a client token carries to give one user less than the project's client limits: a free tier
/// that may only use a small model, a user who has spent their allowance. They only ever narrow (see
/// `Limits.narrowed(by:)`); a token can't give a user more than the project allows every client.
public struct ClientTokenNarrowing: Codable, Sendable, Equatable {
    /// Model ids (a trailing `*` matches a prefix), as in `Limits.allowedModels`.
    public var models: [String]?
    /// Endpoint patterns (`POST /v1/chat/completions`, `GET /v1/models/*`), as in `Limits.allowedEndpoints`.
    public var endpoints: [String]?
    public var maxOutputTokens: Int?
    public var requestsPerMinute: Int?
    public var tokensPerMinute: Int?
    public var tokensPerDay: Int?
    public var spendPerMonthMicroUSD: Int64?

    public init(
        models: [String]? = nil,
        endpoints: [String]? = nil,
        maxOutputTokens: Int? = nil,
        requestsPerMinute: Int? = nil,
        tokensPerMinute: Int? = nil,
        tokensPerDay: Int? = nil,
        spendPerMonthMicroUSD: Int64? = nil
    ) {
        self.models = models
        self.endpoints = endpoints
        self.maxOutputTokens = maxOutputTokens
        self.requestsPerMinute = requestsPerMinute
        self.tokensPerMinute = tokensPerMinute
        self.tokensPerDay = tokensPerDay
        self.spendPerMonthMicroUSD = spendPerMonthMicroUSD
    }

    /// The claim names in the token's payload.
    enum CodingKeys: String, CodingKey {
        case models
        case endpoints
        case maxOutputTokens = "max_output_tokens"
        case requestsPerMinute = "rpm"
        case tokensPerMinute = "tpm"
        case tokensPerDay = "tpd"
        case spendPerMonthMicroUSD = "spend_month_micro_usd"
    }

    /// The first numeric claim that is negative, which no limit can mean; the token is refused rather than guessed at.
    var negativeClaim: String? {
        let numbers: [(CodingKeys, Int64?)] = [
            (.maxOutputTokens, maxOutputTokens.map(Int64.init)),
            (.requestsPerMinute, requestsPerMinute.map(Int64.init)),
            (.tokensPerMinute, tokensPerMinute.map(Int64.init)),
            (.tokensPerDay, tokensPerDay.map(Int64.init)),
            (.spendPerMonthMicroUSD, spendPerMonthMicroUSD),
        ]
        return numbers.first { ($0.1 ?? 0) < 0 }?.0.rawValue
    }
}
