import Foundation

/// What models cost, to count spend against `Limits.spendPerMonthMicroUSD`: millionths of a US dollar
/// (micro-USD) per million tokens, input and output apart.
///
/// A model id is priced by the longest entry it starts with, so dated snapshots (`gpt-4o-2024-08-06`) and
/// variants (`gpt-4o-mini`, priced by its own entry) find their price; anything else, including Azure deployment
/// names that don't start with a model id, costs ``defaultPrice``. Cached and cache-write input tokens are priced
/// as ordinary input, which overstates spend a little rather than understating it.
public struct PriceTable: Codable, Sendable, Equatable {
    public struct Price: Codable, Sendable, Equatable {
        /// Micro-USD per million input tokens ($2.50 → 2_500_000).
        public var input: Int64
        /// Micro-USD per million output tokens.
        public var output: Int64

        public init(input: Int64, output: Int64) {
            self.input = input
            self.output = output
        }
    }

    /// Prices by model id prefix.
    public var models: [String: Price]
    /// The price of a model no entry matches.
    public var defaultPrice: Price

    public init(models: [String: Price], defaultPrice: Price) {
        self.models = models
        self.defaultPrice = defaultPrice
    }

    enum CodingKeys: String, CodingKey {
        case models
        case defaultPrice = "default"
    }

    /// Why a price file was refused.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a price table from a JSON file:
    /// `{"default": {"input": 15000000, "output": 75000000}, "models": {"gpt-4o": {"input": 2500000, "output": 10000000}}}`.
    ///
    /// The file is the whole table; start from ``standard`` with ``merging(_:)`` to add or override a few entries.
    public static func load(from url: URL) throws(LoadError) -> PriceTable {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadError(description: "The price table \(url.path) can't be read.")
        }
        let table: PriceTable
        do {
            table = try JSONDecoder().decode(PriceTable.self, from: data)
        } catch {
            throw LoadError(description: "The price table \(url.path) is not valid: \(error)")
        }
        let prices = [table.defaultPrice] + Array(table.models.values)
        guard prices.allSatisfy({ $0.input >= 0 && $0.output >= 0 }) else {
            throw LoadError(description: "The price table \(url.path) has a negative price.")
        }
        return table
    }

    /// This table with `other`'s entries added (replacing the same ids) and `other`'s default.
    public func merging(_ other: PriceTable) -> PriceTable {
        PriceTable(models: models.merging(other.models) { _, new in new }, defaultPrice: other.defaultPrice)
    }

    /// The price of `model`: the longest matching prefix, else the default.
    public func price(for model: String) -> Price {
        pricedModel(model).flatMap { models[$0] } ?? defaultPrice
    }

    /// The table's entry `model` is priced by (its longest matching prefix), or nil for a model the table doesn't
    /// know: a bounded name for metrics labels, whatever model a client asks for.
    public func pricedModel(_ model: String) -> String? {
        var best: String?
        for prefix in models.keys where model.hasPrefix(prefix) && prefix.count > (best?.count ?? -1) {
            best = prefix
        }
        return best
    }

    /// What `inputTokens` and `outputTokens` of `model` cost, in micro-USD, rounded up (a budget is never
    /// undercounted); saturates instead of overflowing.
    public func cost(model: String, inputTokens: Int, outputTokens: Int) -> Int64 {
        let price = price(for: model)
        return Self.saturatingAdd(
            Self.partCost(tokens: inputTokens, perMillion: price.input), Self.partCost(tokens: outputTokens, perMillion: price.output))
    }

    private static func partCost(tokens: Int, perMillion: Int64) -> Int64 {
        guard tokens > 0, perMillion > 0 else { return 0 }
        let (product, overflow) = Int64(tokens).multipliedReportingOverflow(by: perMillion)
        guard !overflow else {
            let cost = (Double(tokens) * Double(perMillion) / 1_000_000).rounded(.up)
            return cost >= Double(Int64.max) ? .max : Int64(cost)
        }
        return product / 1_000_000 + (product % 1_000_000 == 0 ? 0 : 1)
    }

    private static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
