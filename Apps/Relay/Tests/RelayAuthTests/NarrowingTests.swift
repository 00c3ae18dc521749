import RelayAuth
import RelayCore
import Testing

@Suite("Narrowing by client token claims")
struct NarrowingTests {
    let project = Limits(
        allowedEndpoints: ["POST /v1/chat/completions", "GET /v1/models/*", "POST /v1/files/**"],
        allowedModels: ["gpt-4o*", "o3"],
        maxOutputTokens: 4000,
        requestsPerMinute: 60,
        tokensPerMinute: nil,
        tokensPerDay: 1_000_000,
        spendPerMonthMicroUSD: 5_000_000)

    @Test("Numbers take the smaller value; a claim sets a limit the project leaves open, never lifts one")
    func numbers() {
        let narrowed = project.narrowed(
            by: ClientTokenNarrowing(
                maxOutputTokens: 100_000, requestsPerMinute: 10, tokensPerMinute: 5_000, tokensPerDay: 2_000_000,
                spendPerMonthMicroUSD: 1))
        #expect(narrowed.maxOutputTokens == 4000)
        #expect(narrowed.requestsPerMinute == 10)
        #expect(narrowed.tokensPerMinute == 5_000)
        #expect(narrowed.tokensPerDay == 1_000_000)
        #expect(narrowed.spendPerMonthMicroUSD == 1)
        #expect(project.narrowed(by: ClientTokenNarrowing()) == project)
    }

    @Test("A claimed model is kept only if one project entry allows all it allows")
    func models() {
        let narrowed = project.narrowed(
            by: ClientTokenNarrowing(
                models: ["gpt-4o-mini", "gpt-4o-mini*", "gpt*", "o3", "o3*", "claude-sonnet-4", "gpt-4o*"]))
        #expect(narrowed.allowedModels == ["gpt-4o-mini", "gpt-4o-mini*", "o3", "gpt-4o*"])
        let anyModel = Limits(allowedEndpoints: [], allowedModels: nil)
        #expect(anyModel.narrowed(by: ClientTokenNarrowing(models: ["gpt-4o-mini"])).allowedModels == ["gpt-4o-mini"])
        #expect(project.narrowed(by: ClientTokenNarrowing(models: ["claude*"])).allowedModels == [])
    }

    @Test("A claimed endpoint is kept only if one project pattern matches everything it matches")
    func endpoints() {
        let narrowed = project.narrowed(
            by: ClientTokenNarrowing(endpoints: [
                "POST /v1/chat/completions",  // equal
                "post /v1/chat/completions",  // method case
                "GET /v1/models/gpt-4o",  // under `*`
                "GET /v1/models/*",  // equal wildcard
                "GET /v1/models/**",  // wider than `*`
                "GET /v1/**",  // wider
                "DELETE /v1/files/file-1",  // other method
                "POST /v1/files/abc/content",  // under `**`
                "POST /v1/files/**",  // equal `**`
                "POST /v1/files",  // `**` matches no rest too
                "* /v1/chat/completions",  // any method is wider than POST
                "POST /v1//files",  // an empty segment: allows nothing, dropped
                "POST /v1/*/completions",  // wider than the literal
                "GET /v1/models",  // fewer segments
                "nonsense",
            ]))
        #expect(
            narrowed.allowedEndpoints == [
                "POST /v1/chat/completions", "post /v1/chat/completions", "GET /v1/models/gpt-4o", "GET /v1/models/*",
                "POST /v1/files/abc/content", "POST /v1/files/**", "POST /v1/files",
            ])
        let anyMethod = Limits(allowedEndpoints: ["* /v1/**"])
        #expect(
            anyMethod.narrowed(by: ClientTokenNarrowing(endpoints: ["* /v1/models", "DELETE /v1/files/x", "* /v2/x"]))
                .allowedEndpoints == ["* /v1/models", "DELETE /v1/files/x"])
    }

    @Test("Narrowing never widens, whatever the claims", arguments: 0..<200)
    func neverWidens(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let numbers: [Int?] = [nil, 0, 1, 10, 1000, Int.max]
        let endpointPool = [
            "POST /v1/chat/completions", "GET /v1/models/*", "GET /v1/**", "POST /v1/*/completions",
            "POST /v1/files/**", "GET /v1/models/x", "POST /v1/files/a/b", "DELETE /v1/files/*",
            "* /v1/files/*", "* /v1/**", "GET /v1/models/**",
        ]
        let modelPool = ["gpt-4o", "gpt-4o*", "gpt*", "o3", "o3-mini", "claude*", "gpt-4o-mini"]
        func pick<T>(_ pool: [T]) -> T { pool[Int(random.next() % UInt64(pool.count))] }
        func subset(_ pool: [String]) -> [String] { pool.filter { _ in random.next() % 2 == 0 } }

        let limits = Limits(
            allowedEndpoints: subset(endpointPool), allowedModels: random.next() % 3 == 0 ? nil : subset(modelPool),
            maxOutputTokens: pick(numbers), requestsPerMinute: pick(numbers), tokensPerMinute: pick(numbers),
            tokensPerDay: pick(numbers), spendPerMonthMicroUSD: pick(numbers).map(Int64.init))
        let claims = ClientTokenNarrowing(
            models: random.next() % 3 == 0 ? nil : subset(modelPool),
            endpoints: random.next() % 3 == 0 ? nil : subset(endpointPool),
            maxOutputTokens: pick(numbers), requestsPerMinute: pick(numbers), tokensPerMinute: pick(numbers),
            tokensPerDay: pick(numbers), spendPerMonthMicroUSD: pick(numbers).map(Int64.init))
        let narrowed = limits.narrowed(by: claims)

        func atMost<N: Comparable>(_ narrowed: N?, _ original: N?) -> Bool {
            guard let original else { return true }
            guard let narrowed else { return false }
            return narrowed <= original
        }
        #expect(atMost(narrowed.maxOutputTokens, limits.maxOutputTokens))
        #expect(atMost(narrowed.requestsPerMinute, limits.requestsPerMinute))
        #expect(atMost(narrowed.tokensPerMinute, limits.tokensPerMinute))
        #expect(atMost(narrowed.tokensPerDay, limits.tokensPerDay))
        #expect(atMost(narrowed.spendPerMonthMicroUSD, limits.spendPerMonthMicroUSD))
        // Every concrete request the narrowed lists allow, the project's lists allow.
        for endpoint in [
            "POST /v1/chat/completions", "GET /v1/models/x", "GET /v1/models/x/y", "POST /v1/files/a/b",
            "POST /v1/files", "DELETE /v1/files/f", "POST /v1/embeddings/completions", "GET /v1/models",
            "PUT /v1/files/f", "GET /v1",
        ] {
            if ReferenceMatcher.endpoint(endpoint, narrowed.allowedEndpoints) {
                #expect(
                    ReferenceMatcher.endpoint(endpoint, limits.allowedEndpoints), "\(endpoint) widened by \(claims)")
            }
        }
        for model in ["gpt-4o", "gpt-4o-mini", "gpt-5", "o3", "o3-mini", "claude-sonnet-4"] {
            if ReferenceMatcher.model(model, narrowed.allowedModels) {
                #expect(ReferenceMatcher.model(model, limits.allowedModels), "\(model) widened by \(claims)")
            }
        }
    }
}

/// The matching rules of `Limits` written out plainly, to check narrowing against concrete requests.
enum ReferenceMatcher {
    static func endpoint(_ request: String, _ patterns: [String]) -> Bool {
        let (method, path) = split(request)
        return patterns.contains { pattern in
            let (patternMethod, patternPath) = split(pattern)
            guard patternMethod == "*" || patternMethod == method else { return false }
            if patternPath.last == "**" {
                let fixed = patternPath.dropLast()
                return path.count >= fixed.count && zip(fixed, path).allSatisfy { $0 == "*" || $0 == $1 }
            }
            return patternPath.count == path.count && zip(patternPath, path).allSatisfy { $0 == "*" || $0 == $1 }
        }
    }

    static func model(_ model: String, _ patterns: [String]?) -> Bool {
        guard let patterns else { return true }
        return patterns.contains { $0.hasSuffix("*") ? model.hasPrefix($0.dropLast()) : $0 == model }
    }

    private static func split(_ text: String) -> (String, [Substring]) {
        let parts = text.split(separator: " ")
        return (parts[0].uppercased(), parts[1].split(separator: "/"))
    }
}

/// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
