import AISandbox
import Foundation
import InfiniteStories
import Testing

@Suite("Avatars")
struct AvatarTests {
    @Test("dall-e-3 with the seed's size, quality and b64_json; a PNG; the revised prompt kept; usage counted")
    func dalle3() async throws {
        let usage = APIUsageTracker()
        try await withStories(usage: usage) { sandbox, stories in
            let avatar = try await stories.generateAvatar(
                request: AvatarGenerationRequest(hero: luna, prompt: "A girl with curly red hair and an owl", size: "1792x1024", quality: "hd"))
            let body = try #require(sandbox.requests(to: "/images/generations").last?.json)
            #expect(body["model"] as? String == "dall-e-3")
            #expect(body["prompt"] as? String == "A girl with curly red hair and an owl")
            #expect(body["n"] as? Int == 1)
            #expect(body["size"] as? String == "1792x1024")
            #expect(body["quality"] as? String == "hd")
            #expect(body["response_format"] as? String == "b64_json")
            #expect(avatar.format == .png)
            #expect(ImageFormat.detect(avatar.imageData) == .png)
            #expect(avatar.revisedPrompt?.contains("A girl with curly red hair") == true)
            let moderation = try #require(sandbox.moderationRequests.first?.json?["input"] as? [String])
            #expect(moderation.contains("A girl with curly red hair and an owl"))
            #expect(await usage.summary().first { $0.model == "dall-e-3" }?.images == 1)
            #expect(abs(await usage.estimatedCost(model: "dall-e-3") - 0.12) < 1e-9)
        }
    }

    @Test("gpt-image-1: its own quality and size names, PNG output, no response_format")
    func gptImage() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            let avatar = try await stories.generateAvatar(
                request: AvatarGenerationRequest(hero: luna, prompt: "", size: "1024x1792", quality: "standard", model: "gpt-image-1"))
            let body = try #require(sandbox.requests(to: "/images/generations").last?.json)
            #expect(body["model"] as? String == "gpt-image-1")
            #expect(body["size"] as? String == "1024x1536")
            #expect(body["quality"] as? String == "medium")
            #expect(body["output_format"] as? String == "png")
            #expect(body["response_format"] == nil)
            #expect((body["prompt"] as? String)?.contains("Luna, curly red hair") == true)
            #expect(avatar.format == .png)
            #expect(avatar.revisedPrompt == nil)
        }
    }

    @Test("bytes that are not an image fail with imageGenerationFailed")
    func notAnImage() async throws {
        try await withStories(settings: unmoderated) { sandbox, stories in
            let notImage = Data("<html>not an image</html>".utf8).base64EncodedString()
            sandbox.enqueue(
                .raw(200, body: #"{"created":1,"data":[{"b64_json":"\#(notImage)"}]}"#, contentType: "application/json"),
                path: "/images/generations")
            await #expect {
                _ = try await stories.generateAvatar(request: AvatarGenerationRequest(hero: luna, prompt: "an owl"))
            } throws: { error in
                if case .imageGenerationFailed = error as? AIServiceError { return true }
                return false
            }
        }
    }

    @Test("PNG, JPEG and WebP by magic number, nothing else")
    func formats() {
        #expect(ImageFormat.detect(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == .png)
        #expect(ImageFormat.detect(Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
        #expect(ImageFormat.detect(Data(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8))) == .webp)
        #expect(ImageFormat.detect(Data(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVE".utf8))) == nil)
        #expect(ImageFormat.detect(Data("GIF89a".utf8)) == nil)
        #expect(ImageFormat.detect(Data()) == nil)
    }
}
