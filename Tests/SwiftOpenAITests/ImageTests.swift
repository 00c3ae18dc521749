import AISandbox
import Foundation
import SwiftAITestSupport
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

    // MARK: Streamed generation and edits

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test("a streamed generation sends stream and partial_images and yields partial PNGs, then the final one", arguments: TransportKind.allCases)
    func streamedGeneration(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            var parameters = ImageCreateParameters(prompt: "a lighthouse at dusk", model: .gptImage15, size: "1024x1024", quality: "low")
            parameters.partialImages = 2
            var partials: [ImageStreamEvent.Image] = []
            var completed: [ImageStreamEvent.Image] = []
            for try await event in try await service.createImagesStream(parameters: parameters) {
                switch event {
                case .partialImage(let image): partials.append(image)
                case .completed(let image): completed.append(image)
                case .unknown(let type, _): Issue.record("unexpected event \(type)")
                }
            }
            let request = try #require(sandbox.lastRequest)
            #expect(request.path == "/v1/images/generations")
            #expect(request.header("accept") == "text/event-stream")
            let body = try #require(request.json)
            #expect(body["stream"] as? Bool == true)
            #expect(body["partial_images"] as? Int == 2)
            #expect(body["model"] as? String == "gpt-image-1.5")
            #expect(partials.map(\.partialImageIndex) == [0, 1])
            #expect(partials.allSatisfy { $0.type == "image_generation.partial_image" && $0.size == "1024x1024" && $0.quality == "low" })
            let final = try #require(completed.first)
            #expect(completed.count == 1 && final.type == "image_generation.completed")
            #expect(final.usage?["total_tokens"] != nil)
            let images = try (partials + [final]).map { try #require($0.data) }
            #expect(images.allSatisfy { Array($0.prefix(8)) == Self.signature })
            #expect(Set(images).count == 3, "each partial shows more of the picture")
        }
    }

    @Test("a streamed edit sends stream in its form and yields image_edit events", arguments: TransportKind.allCases)
    func streamedEdit(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            var parameters = ImageEditParameters(images: [Self.png], prompt: "add a moon", model: .gptImage1)
            parameters.partialImages = 1
            var types: [String] = []
            for try await event in try await service.editImageStream(parameters: parameters) {
                types.append(event.image?.type ?? "unknown")
            }
            let request = try #require(sandbox.lastRequest)
            #expect(request.path == "/v1/images/edits")
            let form = String(decoding: request.body, as: UTF8.self)
            #expect(form.contains("name=\"stream\"\r\n\r\ntrue"))
            #expect(form.contains("name=\"partial_images\"\r\n\r\n1"))
            #expect(types == ["image_edit.partial_image", "image_edit.completed"])
        }
    }

    @Test("streaming is refused for DALL·E and for more than 3 partial images, with the parameter named", arguments: TransportKind.allCases)
    func streamedRefusals(transport: TransportKind) async throws {
        try await withService(transport: transport) { _, service in
            let dalle = await #expect(throws: APIError.self) {
                _ = try await service.createImagesStream(parameters: ImageCreateParameters(prompt: "x", model: ImageModel.dalle3))
            }
            #expect(dalle?.statusCode == 400 && dalle?.param == "stream")
            var tooMany = ImageCreateParameters(prompt: "x", model: .gptImage2)
            tooMany.partialImages = 4
            let partials = await #expect(throws: APIError.self) {
                _ = try await service.createImagesStream(parameters: tooMany)
            }
            #expect(partials?.param == "partial_images")
        }
    }
}
