import Foundation
import FuzzHarness
import Testing

/// The fuzzers' checks in every test run, without libFuzzer: every seed in `Fuzz/Corpus/<target>` (crashes found
/// by `scripts/fuzz.sh` are kept there), then random mutations of the seeds for a few seconds per target
/// (`FUZZ_SMOKE_SECONDS`, 3 by default).
@Suite("Fuzz targets, smoke run over the seed corpus")
struct FuzzSmokeTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    @Test("seeds and mutations keep every invariant", arguments: FuzzHarness.targets.keys.sorted())
    func target(_ name: String) throws {
        let check = try #require(FuzzHarness.targets[name])
        let folder = Self.corpus.appendingPathComponent(name)
        let seeds = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { try Data(contentsOf: $0) }
        #expect(!seeds.isEmpty, "no seeds in \(folder.path)")
        for (index, seed) in seeds.enumerated() {
            if let failure = check(seed) { Issue.record("seed \(index): \(failure)") }
        }
        let seconds = ProcessInfo.processInfo.environment["FUZZ_SMOKE_SECONDS"].flatMap(Double.init) ?? 3
        let deadline = Date().addingTimeInterval(seconds)
        var random = SystemRandomNumberGenerator()
        var runs = 0
        while Date() < deadline, !seeds.isEmpty {
            var input = [UInt8](seeds[Int.random(in: 0..<seeds.count, using: &random)])
            for _ in 0..<Int.random(in: 1...8, using: &random) { mutate(&input, seeds: seeds, random: &random) }
            runs += 1
            if let failure = check(Data(input)) {
                Issue.record("mutation \(runs): \(failure); input (base64) \(Data(input).base64EncodedString())")
                break
            }
        }
        #expect(runs > 0 || seeds.isEmpty)
    }

    /// One libFuzzer-like mutation: flip, insert, delete, duplicate, splice from another seed, or an interesting byte.
    private func mutate(_ input: inout [UInt8], seeds: [Data], random: inout SystemRandomNumberGenerator) {
        let interesting: [UInt8] = [0x00, 0x0A, 0x0D, 0x22, 0x5C, 0x7B, 0x7D, 0x3A, 0xC3, 0xE2, 0xF0, 0xFF, 0x80, 0xBF]
        let position = input.isEmpty ? 0 : Int.random(in: 0..<input.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0 where !input.isEmpty: input[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case 1: input.insert(interesting.randomElement(using: &random)!, at: position)
        case 2 where !input.isEmpty: input.removeSubrange(position..<min(input.count, position + Int.random(in: 1...16, using: &random)))
        case 3 where !input.isEmpty:
            let end = min(input.count, position + Int.random(in: 1...32, using: &random))
            input.insert(contentsOf: input[position..<end], at: position)
        case 4:
            let other = [UInt8](seeds.randomElement(using: &random)!)
            guard !other.isEmpty else { return }
            let start = Int.random(in: 0..<other.count, using: &random)
            input.insert(contentsOf: other[start..<min(other.count, start + 64)], at: position)
        default:
            if !input.isEmpty { input[position] = interesting.randomElement(using: &random)! }
        }
    }
}
