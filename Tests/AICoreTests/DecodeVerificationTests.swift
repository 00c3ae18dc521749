import AISandbox
import Foundation
import SwiftAITestSupport
import Testing

@testable import AICore

/// Decodes to the name of the decoder that decoded it (and encodes that name), so `FastJSONDecoder` and
/// `JSONDecoder` always disagree on it: the verification's mismatch, on demand.
private struct DecoderName: Codable {
    var name: String

    init(from decoder: any Decoder) throws { name = String(describing: type(of: decoder)) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// The check of every decode against `JSONDecoder` is a switch this project's tests turn on, never something the
/// process's name decides: this test process is named like every app's test runner (`…PackageTests.xctest`).
@Suite("Decode verification: off unless switched on")
struct DecodeVerificationTests {
    private let payload = Data("{}".utf8)

    @Test("a switch starts off: a mismatch does not throw, even in a process named like a test runner")
    func offByDefault() throws {
        let verification = DecodeVerification()
        #expect(!verification.isOn)
        let value = try FastJSONDecoder().decode(DecoderName.self, from: payload, verification: verification)
        // The fast decoder did decode it (so JSONDecoder's result would have differed).
        #expect(!value.name.isEmpty)
    }

    #if DEBUG
    @Test("switched on, every decode is checked: a mismatch throws a DecodingError naming the type")
    func onWhenSwitched() throws {
        let verification = DecodeVerification()
        verification.turnOn()
        #expect(verification.isOn)
        #expect {
            _ = try FastJSONDecoder().decode(DecoderName.self, from: payload, verification: verification)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("DecoderName")
        }
    }

    @Test("the tests' shared helpers turn the shared switch on, which plain decodes consult")
    func helpersTurnItOn() async throws {
        try await withSandbox { _ in
            #expect(FastJSONDecoder.verifiesEveryDecode)
            #expect(throws: DecodingError.self) { _ = try FastJSONDecoder().decode(DecoderName.self, from: payload) }
        }
    }
    #endif
}
