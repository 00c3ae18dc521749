import AISandbox
import Foundation
import SwiftOpenAI
import Testing

@Suite("Images")
struct ImageTests {
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    @Test("the seed's image snippets (with image Data): create, edit, variations")
    func seedSnippets() async throws {
        try await withService { sandbox, service in
            let prompt = "A mix of a dragon and an unicorn"
            let createParameters = ImageCreateParameters(prompt: prompt, model: .dalle3(.largeSquare))
            let created = try await service.createImages(parameters: createParameters)
            let imageURLS = created.data.map(\.url)
            #expect(imageURLS.count == 1 && imageURLS[0]?.path.hasPrefix("/sandbox-files/images/") == true)
            #expect(created.data[0].revisedPrompt == "A detailed rendering of: \(prompt)")
            let body = try #require(sandbox.lastRequest?.json)
            #expect(body["model"] as? String == "dall-e-3" && body["size"] as? String == "1024x1024" && body["n"] as? Int == 1)

            let data = Self.png  // the data from an image.
            let editParameters = ImageEditParameters(image: data, prompt: "Add a background filled with pink balloons.", numberOfImages: 4)
            let edited = try await service.editImage(parameters: editParameters).data.map(\.url)
            #expect(edited.count == 4)
            let editBody = String(decoding: try #require(sandbox.lastRequest).body, as: UTF8.self)
            #expect(editBody.contains(#"name="image"; filename="image1.png""#) && editBody.contains("Content-Type: image/png"))
            #expect(editBody.contains(#"name="n""#) && sandbox.lastRequest?.path == "/v1/images/edits")

            let variationParameters = ImageVariationParameters(image: data, numberOfImages: 4)
            let variations = try await service.createImageVariations(parameters: variationParameters).data.map(\.url)
            #expect(variations.count == 4 && sandbox.lastRequest?.path == "/v1/images/variations")
        }
    }

    @Test("gpt-image-1: options, base64 results decoded, several input images and a mask")
    func gptImage() async throws {
        try await withService { sandbox, service in
            let result = try await service.createImages(parameters: ImageCreateParameters(
                prompt: "A watercolor fox", model: .gptImage1, size: "1536x1024", numberOfImages: 2, quality: "high",
                background: "transparent", outputFormat: "webp", outputCompression: 80, moderation: "low"))
            let body = try #require(sandbox.lastRequest?.json)
            #expect(body["background"] as? String == "transparent" && body["output_format"] as? String == "webp")
            #expect(body["output_compression"] as? Int == 80 && body["moderation"] as? String == "low" && body["quality"] as? String == "high")
            #expect(body["response_format"] == nil)
            #expect(result.data.count == 2 && result.data.enumerated().allSatisfy { $1.imageData == Sandbox.imagePNG(prompt: "A watercolor fox", index: $0) })
            #expect(result.usage?.outputTokens == 544)
            #expect(try await service.imageData(for: result.data[0]) == Sandbox.imagePNG(prompt: "A watercolor fox"))

            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
            let edit = try await service.editImage(parameters: ImageEditParameters(
                images: [Self.png, jpeg], prompt: "Combine them", model: .gptImage1, mask: Self.png, inputFidelity: "high"))
            #expect(edit.data.first?.imageData == Sandbox.imagePNG(prompt: "Combine them"))
            let form = String(decoding: try #require(sandbox.lastRequest).body, as: UTF8.self)
            #expect(form.contains(#"name="image[]"; filename="image1.png""#) && form.contains(#"name="image[]"; filename="image2.jpg""#))
            #expect(form.contains("Content-Type: image/jpeg") && form.contains(#"name="mask"; filename="mask.png""#))
            #expect(form.contains(#"name="input_fidelity""#))
        }
    }

    @Test("url results download without the service's credentials; invalid requests fail with the server's error")
    func downloadAndErrors() async throws {
        try await withService { sandbox, service in
            let result = try await service.createImages(parameters: ImageCreateParameters(prompt: "cat", model: .dalle2(.small), numberOfImages: 2))
            let url = try #require(result.data.first?.url)
            let bytes = try await service.imageData(for: result.data[0])
            #expect(bytes == Sandbox.imagePNG(prompt: "cat"))
            let download = try #require(sandbox.lastRequest)
            #expect(download.path == url.path && download.queryValue("sig") == "sandbox")
            #expect(download.header("authorization") == nil)

            let b64 = try await service.createImages(parameters: ImageCreateParameters(prompt: "cat", model: .dalle2(.medium), responseFormat: .b64Json))
            #expect(b64.data.first?.imageData == Sandbox.imagePNG(prompt: "cat") && b64.data.first?.url == nil)

            await #expect {
                _ = try await service.createImages(parameters: ImageCreateParameters(prompt: "x", model: .dalle3(.portrait), numberOfImages: 2))
            } throws: { ($0 as? APIError)?.param == "n" }
            await #expect {
                _ = try await service.createImages(parameters: ImageCreateParameters(prompt: "x", model: .gptImage1, responseFormat: .url))
            } throws: { ($0 as? APIError)?.param == "response_format" }
            await #expect {
                _ = try await service.editImage(parameters: ImageEditParameters(image: Data("not a png".utf8), prompt: "x"))
            } throws: { ($0 as? APIError)?.kind == .badRequest }
        }
    }
}
