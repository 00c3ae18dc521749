import RelayCore

extension Limits {
    /// These limits as a client token's claims narrow them. Narrowing never widens:
    ///
    /// - A number is the smaller of the two; a claim can set a limit the project leaves unset (`nil`), never lift one.
    /// - `models`: each claimed entry is kept only if one entry of the project's list alone allows every model it
    ///   allows (`gpt-4o-mini` under `gpt-4o*`, `gpt-4o-mini*` under `gpt-4o*`; not `gpt*` under `gpt-4o*`). If the
    ///   project allows any model (`nil`), the claimed list applies as it is.
    /// - `endpoints`: each claimed pattern is kept only if one project pattern alone matches every request it
    ///   matches (`POST /v1/chat/completions` under `POST /v1/*/completions` or `* /v1/**`; `GET /v1/**` is not
    ///   under `GET /v1/models/*`). Endpoints are deny-by-default, so the result is never more than the project's
    ///   list. A claimed pattern the relay can't parse is dropped.
    ///
    /// A claimed list whose entries are all dropped leaves an empty list: the token's user may use no model (or no
    /// endpoint) at all, which is the narrow reading of a token that asks for what the project doesn't allow.
    public func narrowed(by claims: ClientTokenNarrowing) -> Limits {
        var limits = self
        if let endpoints = claims.endpoints {
            limits.allowedEndpoints = endpoints.filter { claimed in
                guard let claimed = EndpointPattern.parsed(claimed) else { return false }
                return allowedEndpoints.contains { EndpointPattern.parsed($0)?.covers(claimed) ?? false }
            }
        }
        if let models = claims.models {
            limits.allowedModels =
                allowedModels.map { allowed in
                    models.filter { claimed in allowed.contains { ModelPattern.covers($0, claimed) } }
                } ?? models
        }
        limits.maxOutputTokens = Self.smaller(maxOutputTokens, claims.maxOutputTokens)
        limits.requestsPerMinute = Self.smaller(requestsPerMinute, claims.requestsPerMinute)
        limits.tokensPerMinute = Self.smaller(tokensPerMinute, claims.tokensPerMinute)
        limits.tokensPerDay = Self.smaller(tokensPerDay, claims.tokensPerDay)
        limits.spendPerMonthMicroUSD = Self.smaller(spendPerMonthMicroUSD, claims.spendPerMonthMicroUSD)
        return limits
    }

    private static func smaller<Number: Comparable>(_ limit: Number?, _ claim: Number?) -> Number? {
        guard let limit else { return claim }
        guard let claim else { return limit }
        return min(limit, claim)
    }
}
