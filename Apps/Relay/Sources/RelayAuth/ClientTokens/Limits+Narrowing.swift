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
                allowedEndpoints.contains { EndpointCoverage.covers($0, claimed) }
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

/// Whether one model pattern allows everything another does. A trailing `*` matches a prefix.
enum ModelPattern {
    static func covers(_ allowed: String, _ claimed: String) -> Bool {
        guard allowed.hasSuffix("*") else { return allowed == claimed }
        return claimed.hasPrefix(allowed.dropLast())
    }
}

/// Whether one endpoint pattern matches every request another does, under the rules the relay matches requests
/// with (`Limits.allowedEndpoints`): `METHOD /path`, the method `*` any method, a `*` segment exactly one segment, a
/// last `**` segment any rest (none included), segments compared exactly. A pattern those rules don't accept (an
/// empty segment, a query, `**` before the end) allows nothing, so it covers nothing and is covered by nothing.
enum EndpointCoverage {
    private enum Segment: Equatable {
        case literal(Substring)
        case one
        case rest
    }

    private struct Pattern {
        /// Upper case; `nil` for any method.
        var method: String?
        var segments: [Segment]
    }

    static func covers(_ allowed: String, _ claimed: String) -> Bool {
        guard let allowed = parse(allowed), let claimed = parse(claimed) else { return false }
        if let method = allowed.method, method != claimed.method { return false }
        if allowed.segments.last == .rest {
            // The segments before the `**` must each cover the claimed one; whatever the claimed pattern has after
            // them (nothing included), the `**` matches.
            let fixed = allowed.segments.dropLast()
            return claimed.segments.count >= fixed.count && zip(fixed, claimed.segments).allSatisfy(segmentCovers)
        }
        return allowed.segments.count == claimed.segments.count
            && zip(allowed.segments, claimed.segments).allSatisfy(segmentCovers)
    }

    private static func segmentCovers(_ allowed: Segment, _ claimed: Segment) -> Bool {
        switch (allowed, claimed) {
        case (_, .rest): false
        case (.one, _): true
        case (.literal(let a), .literal(let b)): a == b
        default: false
        }
    }

    private static func parse(_ text: String) -> Pattern? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let method = parts[0].uppercased()
        guard method == "*" || method.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return nil
        }
        let path = parts[1]
        guard path.hasPrefix("/"), !path.contains("?") else { return nil }
        let pieces = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [Segment] = []
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case "": return nil
            case "*": segments.append(.one)
            case "**":
                guard index == pieces.count - 1 else { return nil }
                segments.append(.rest)
            default: segments.append(.literal(piece))
            }
        }
        return Pattern(method: method == "*" ? nil : method, segments: segments)
    }
}
