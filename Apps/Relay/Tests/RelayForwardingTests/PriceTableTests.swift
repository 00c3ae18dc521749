import Foundation
import RelayForwarding
import Testing

@Suite("Price table")
struct PriceTableTests {
    @Test("the longest matching prefix prices a model; unknown models cost the default")
    func lookup() {
        let table = PriceTable.standard
        #expect(table.price(for: "gpt-4o-mini-2024-07-18") == PriceTable.Price(input: 150_000, output: 600_000))
        #expect(table.price(for: "gpt-4o-2024-08-06") == PriceTable.Price(input: 2_500_000, output: 10_000_000))
        #expect(table.price(for: "claude-opus-4-5-20251101") == PriceTable.Price(input: 5_000_000, output: 25_000_000))
        #expect(table.price(for: "claude-opus-4-1-20250805") == PriceTable.Price(input: 15_000_000, output: 75_000_000))
        #expect(table.price(for: "claude-haiku-4-5") == PriceTable.Price(input: 1_000_000, output: 5_000_000))
        #expect(table.price(for: "o3-pro") == PriceTable.Price(input: 20_000_000, output: 80_000_000))
        #expect(table.price(for: "my-deployment") == table.defaultPrice)
        #expect(table.price(for: "") == table.defaultPrice)
    }

    @Test("costs are micro-USD, rounded up, and saturate")
    func cost() {
        let table = PriceTable.standard
        // 1,000 input at $2.50/M = 2,500 µ$; 500 output at $10/M = 5,000 µ$.
        #expect(table.cost(model: "gpt-4o", inputTokens: 1000, outputTokens: 500) == 7500)
        // 1 token at $0.15/M = 0.15 µ$, rounded up to 1.
        #expect(table.cost(model: "gpt-4o-mini", inputTokens: 1, outputTokens: 0) == 1)
        #expect(table.cost(model: "gpt-4o", inputTokens: 0, outputTokens: 0) == 0)
        #expect(table.cost(model: "gpt-4o", inputTokens: -5, outputTokens: 0) == 0)
        #expect(table.cost(model: "x", inputTokens: .max, outputTokens: .max) == .max)
    }

    @Test("a JSON file loads, merges over the standard table, and bad files are refused")
    func load() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-prices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("prices.json")
        try Data(#"{"default":{"input":1,"output":2},"models":{"gpt4o-prod":{"input":2500000,"output":10000000}}}"#.utf8).write(to: file)
        let loaded = try PriceTable.load(from: file)
        #expect(loaded.price(for: "gpt4o-prod-eu") == PriceTable.Price(input: 2_500_000, output: 10_000_000))
        #expect(loaded.defaultPrice == PriceTable.Price(input: 1, output: 2))
        let merged = PriceTable.standard.merging(loaded)
        #expect(merged.price(for: "gpt-4o") == PriceTable.standard.price(for: "gpt-4o"))
        #expect(merged.price(for: "gpt4o-prod") == loaded.price(for: "gpt4o-prod"))
        let encoded = try JSONEncoder().encode(PriceTable.standard)
        #expect(try JSONDecoder().decode(PriceTable.self, from: encoded) == PriceTable.standard)

        try Data(#"{"default":{"input":-1,"output":2},"models":{}}"#.utf8).write(to: file)
        #expect(throws: PriceTable.LoadError.self) { try PriceTable.load(from: file) }
        try Data("{".utf8).write(to: file)
        #expect(throws: PriceTable.LoadError.self) { try PriceTable.load(from: file) }
        #expect(throws: PriceTable.LoadError.self) { try PriceTable.load(from: directory.appendingPathComponent("missing.json")) }
    }
}
