import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Content provenance")
struct ProvenanceTests {
    @Test("an image the sandbox generated is recognised; a copy with its mark altered is invalid; another image is not", arguments: TransportKind.allCases)
    func images(kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let generated = try await service.createImages(parameters: .init(prompt: "a lighthouse", model: .gptImage1))
            let png = try #require(generated.data.first?.imageData)

            let check = try await service.checkContentProvenance(parameters: ContentProvenanceParameters(data: png, fileName: "lighthouse.png", contentType: "image/png"))
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST" && request.path == "/v1/content_provenance_checks")
            #expect(String(decoding: request.body, as: UTF8.self).contains("name=\"file\"; filename=\"lighthouse.png\"\r\nContent-Type: image/png"))
            #expect(check.object == "content_provenance_check" && check.isDetected)
            #expect(check.results.map(\.type) == ["c2pa", "synthid"] && check.results.allSatisfy { $0.outcome == .detected })
            #expect(check.results[0].validationState == "trusted" && check.results[0].issuer == "OpenAI")

            var tampered = [UInt8](png)
            let marker = Array("AISandbox".utf8)
            let at = try #require(tampered.indices.first { Array(tampered[$0..<min($0 + marker.count, tampered.count)]) == marker })
            tampered[at] = UInt8(ascii: "X")
            let altered = try await service.checkContentProvenance(parameters: .init(data: Data(tampered), fileName: "x.png", contentType: "image/png"))
            #expect(altered.results[0].outcome == .detected && altered.results[0].validationState == "invalid")
            #expect(altered.results[1].outcome == .notDetected)

            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) + Data("JFIF".utf8)
            let other = try await service.checkContentProvenance(parameters: .init(data: jpeg, fileName: "photo.jpg", contentType: "image/jpeg"))
            #expect(!other.isDetected && other.results[0].validationState == "not_present" && other.results[0].issuer == nil)
        }
    }

    @Test("speech the sandbox made carries SynthID; other audio doesn't; a text file is refused", arguments: TransportKind.allCases)
    func audio(kind: TransportKind) async throws {
        try await withService(transport: kind) { _, service in
            let speech = try await service.createSpeech(parameters: .init(model: .tts1, input: "Hello there", voice: .alloy))
            let check = try await service.checkContentProvenance(parameters: .init(data: speech.output, fileName: "hello.mp3", contentType: "audio/mpeg"))
            #expect(check.results.map(\.type) == ["synthid"] && check.isDetected)
            let wav = Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)
            #expect(try await !service.checkContentProvenance(parameters: .init(data: wav, fileName: "a.wav", contentType: "audio/wav")).isDetected)
            let text = await #expect(throws: APIError.self) {
                try await service.checkContentProvenance(parameters: .init(data: Data("hello".utf8), fileName: "a.txt", contentType: "text/plain"))
            }
            #expect(text?.kind == .badRequest && text?.param == "file")
        }
    }

    @Test("Azure: provenance checks are OpenAI's; nothing is sent")
    func azure() async throws {
        try await withSandbox { sandbox in
            let azure = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "v1", routing: .v1))
            let error = await #expect(throws: APIError.self) {
                try await azure.checkContentProvenance(parameters: .init(data: Data([1]), fileName: "a.png", contentType: "image/png"))
            }
            #expect(error?.kind == .invalidRequest && sandbox.requests.isEmpty)
        }
    }
}
