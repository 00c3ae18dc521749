import RelayCore

extension Limits {
    /// These limits as a client token's claims narrow them. Narrowing never widens:
    ///
    /// - A number is the smaller of the two; a claim can set a limit the project leaves unset (`nil`), never lift one.
    /// - `models`: each claimed entry is kept only if one entry of the project's list alone allows every model it
    ///   allows (`gpt-4o-mini` under `gpt-4o*`, `gpt-4o-mini*` under `gpt-4o*`; not `gpt*` under `gpt-4o*`). If the
    ///   project allows any model (`nil`), the claimed list applies as it is.
    /// - `endpoints`: each claimed pattern is kept only if one project pattern alone matches every request it
    ///   matches (`POST /v1/chat/completions` under `POST /v1/*/completions`; `GET /v1/**` is not under
    ///   `GET /v1/models/*`). Endpoints are deny-by-default, so the result is never more than the project's list.
    ///
    /// A claimed list whose entries are all dropped leaves an empty list: the token's user may use no model (or no
    /// endpoint) at all, which is the narrow reading of a token that asks for what the project doesn't allow.
    public func narrowed(by claims: ClientTokenNarrowing) -> Limits {
        var limits = self
        if let endpoints = claims.endpoints {
            limits.allowedEndpoints = endpoints.filter { claimed in
                allowedEndpoints.contains { EndpointPattern.covers($0, claimed) }
            }
        }
        if let models = claims.models {
            limits.allowedModels = allowedModels.map { allowed in
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

/// Whether one model pattern allows everything another does. A trailing `*` matches a prefix.
enum ModelPattern {
    static func covers(_ allowed: String, _ claimed: String) -> Bool {
        guard allowed.hasSuffix("*") else { return allowed == claimed }
        return claimed.hasPrefix(allowed.dropLast())
    }
}

/// Whether one endpoint pattern (`METHOD /path`, `*` one segment, a trailing `**` any rest) matches every request
/// another does.
enum EndpointPattern {
    static func covers(_ allowed: String, _ claimed: String) -> Bool {
        guard let allowed = parse(allowed), let claimed = parse(claimed), allowed.method == claimed.method else {
            return false
        }
        if allowed.segments.last == "**" {
            // Everything before the `**` must be covered one segment at a time, and the claimed pattern must go on
            // past that point (whatever it has there, the `**` matches it).
            let fixed = allowed.segments.dropLast()
            return claimed.segments.count > fixed.count
                && zip(fixed, claimed.segments).allSatisfy(segmentCovers)
        }
        return allowed.segments.count == claimed.segments.count
            && zip(allowed.segments, claimed.segments).allSatisfy(segmentCovers)
    }

    private static func segmentCovers(_ allowed: Substring, _ claimed: Substring) -> Bool {
        if claimed == "**" { return false }
        return allowed == "*" || allowed == claimed
    }

    private static func parse(_ pattern: String) -> (method: String, segments: [Substring])? {
        let parts = pattern.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[1].hasPrefix("/") else { return nil }
        return (parts[0].uppercased(), parts[1].split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 })
    }
}
