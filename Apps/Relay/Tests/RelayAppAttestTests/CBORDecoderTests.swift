import Foundation
import Testing

@testable import RelayAppAttest

@Suite("The strict CBOR decoder")
struct CBORDecoderTests {
    let decoder = CBORDecoder()

    private func error(_ bytes: [UInt8], limits: CBORDecoder.Limits = .init()) -> CBORError? {
        do {
            _ = try CBORDecoder(limits: limits).decode(Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    @Test("integers, strings, arrays and maps decode, with every argument width")
    func decodes() throws {
        #expect(try decoder.decode(Data([0x17])) == .unsigned(23))
        #expect(try decoder.decode(Data([0x18, 0xFF])) == .unsigned(255))
        #expect(try decoder.decode(Data([0x19, 0x01, 0x00])) == .unsigned(256))
        #expect(try decoder.decode(Data([0x1A, 0x00, 0x01, 0x00, 0x00])) == .unsigned(65_536))
        #expect(try decoder.decode(Data([0x1B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])) == .unsigned(.max))
        #expect(try decoder.decode(Data([0x26])) == .negative(6))
        #expect(try decoder.decode(Data([0x43, 1, 2, 3])) == .bytes(Data([1, 2, 3])))
        #expect(try decoder.decode(Data([0x62, 0x68, 0x69])) == .text("hi"))
        let map = try decoder.decode(Data([0xA2, 0x61, 0x61, 0x82, 0x01, 0x20, 0x61, 0x62, 0x40]))
        #expect(map["a"] == .array([.unsigned(1), .negative(0)]))
        #expect(map["b"] == .bytes(Data()))
        #expect(map["c"] == nil)
    }

    @Test("truncated input is refused at every point: header, argument, content, missing entries")
    func truncated() {
        #expect(error([]) == .truncated(offset: 0))
        #expect(error([0x19, 0x01]) == .truncated(offset: 2))
        #expect(error([0x43, 1, 2]) == .truncated(offset: 3))
        #expect(error([0x82, 0x01]) == .truncated(offset: 2))
        #expect(error([0xA1, 0x61, 0x61]) == .truncated(offset: 3))
    }

    @Test("oversize lengths fail before allocating: a 2^64-1 byte string, a 2^32 entry array, a long input")
    func oversize() {
        #expect(error([0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]) == .truncated(offset: 10))
        #expect(error([0x7A, 0x7F, 0xFF, 0xFF, 0xFF, 0x61]) == .truncated(offset: 6))
        #expect(error([0x9A, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]) == .tooLarge(offset: 0))
        #expect(error([0xBB, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == .tooLarge(offset: 0))
        // Within the entry limit but more entries than bytes left.
        #expect(error([0x98, 0x20, 0x00]) == .truncated(offset: 3))
        let long = [UInt8]([0x5A, 0x00, 0x01, 0x00, 0x00]) + [UInt8](repeating: 0, count: 65_536)
        #expect(error(long) == .tooLarge(offset: 0))
    }

    @Test("nesting deeper than the limit is refused")
    func depth() {
        #expect(error([UInt8](repeating: 0x81, count: 7) + [0x00]) == nil)
        #expect(error([UInt8](repeating: 0x81, count: 9) + [0x00]) == .tooDeep(offset: 8))
        #expect(error([UInt8](repeating: 0x81, count: 100_000) + [0x00]) == .tooLarge(offset: 0))
    }

    @Test("what App Attest never uses is refused: indefinite lengths, tags, floats, simple values, reserved values")
    func unsupported() {
        #expect(error([0x5F, 0x41, 0x00, 0xFF]) == .indefiniteLength(offset: 0))
        #expect(error([0x9F, 0xFF]) == .indefiniteLength(offset: 0))
        #expect(error([0xBF, 0xFF]) == .indefiniteLength(offset: 0))
        #expect(error([0xC2, 0x41, 0x01]) == .unsupported(offset: 0))
        #expect(error([0xF9, 0x3C, 0x00]) == .unsupported(offset: 0))
        #expect(error([0xF5]) == .unsupported(offset: 0))
        #expect(error([0x1C]) == .unsupported(offset: 0))
        #expect(error([0x1F]) == .unsupported(offset: 0))
    }

    @Test("invalid UTF-8, duplicate keys and trailing bytes are refused")
    func invalid() {
        #expect(error([0x62, 0xC3, 0x28]) == .invalidUTF8(offset: 0))
        #expect(error([0xA2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02]) == .duplicateKey(offset: 4))
        #expect(error([0x01, 0x02]) == .trailingBytes(offset: 1))
    }

    @Test("random bytes never crash or hang the decoder, and what decodes re-encodes to the same bytes")
    func randomInput() {
        var generator = SplitMix64(seed: 0x5EED)
        var decoded = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if (try? decoder.decode(Data(bytes))) != nil { decoded += 1 }
        }
        // Some short random inputs are valid items (a single small integer, for one): the loop really decodes.
        #expect(decoded > 0)
    }
}

/// A seeded generator, so a failing input can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
