import AIServerKit
import Foundation

/// `/v1/images/generations`, `/v1/images/edits`, `/v1/images/variations`, and `/sandbox-files/images/…`
/// (the storage host that `url` results point to; it needs no credentials, like a signed blob URL).
enum OpenAIImages {
    /// The PNG of image `id` (a 64×64 avatar, see ``PNGWriter``); `b64_json` results and `url` downloads of
    /// the same image carry the same bytes.
    static func png(id: UInt64) -> Data { Data(PNGWriter.avatar(seed: id)) }

    /// The id of the `index`-th image made for `prompt`: it names the `url` and seeds the picture.
    static func imageID(prompt: String?, index: Int) -> UInt64 {
        SandboxText.hash((prompt ?? "") + String(index)) % 1_000_000
    }
    static let sizes: [String: Set<String>] = [
        "dall-e-2": ["256x256", "512x512", "1024x1024"],
        "dall-e-3": ["1024x1024", "1792x1024", "1024x1792"],
        "gpt-image-1": ["1024x1024", "1536x1024", "1024x1536", "auto"],
        "gpt-image-1-mini": ["1024x1024", "1536x1024", "1024x1536", "auto"],
        "gpt-image-1.5": ["1024x1024", "1536x1024", "1024x1536", "auto"],
        "gpt-image-2": ["1024x1024", "1536x1024", "1024x1536", "auto"],
        "gpt-image-2-2026-04-21": ["1024x1024", "1536x1024", "1024x1536", "auto"],
        "chatgpt-image-latest": ["1024x1024", "1536x1024", "1024x1536", "auto"],
    ]

    /// Serves `/sandbox-files/images/img_<id>.png` (any other name gets the picture of id 0).
    static func download(_ path: String) -> ResponsePlan {
        let name = (path as NSString).lastPathComponent
        let id = UInt64(name.dropFirst("img_".count).prefix { $0.isNumber }) ?? 0
        return ResponsePlan(status: 200, contentType: "image/png", body: .full(Array(png(id: id))))
    }

    private static func invalid(_ message: String, param: String? = nil) -> ResponsePlan {
        .error(status: 400, message: message, type: "invalid_request_error", param: param)
    }

    /// Common checks and the response for `count` images.
    private static func respond(
        model: String, prompt: String?, count: Int, size: String?, responseFormat: String?, quality: String?, style: String?,
        extras: [String: JSON], origin: String, stream: Stream? = nil
    ) -> ResponsePlan {
        guard let allowed = sizes[model] else {
            return .error(status: 404, message: "The model '\(model)' does not exist.", type: "invalid_request_error", code: "model_not_found", param: "model")
        }
        if let size, !allowed.contains(size) {
            return invalid("'\(size)' is not one of \(allowed.sorted()) - 'size'", param: "size")
        }
        guard (1...10).contains(count) else { return invalid("'n' must be between 1 and 10.", param: "n") }
        if model == "dall-e-3", count != 1 { return invalid("You must provide n=1 for this model.", param: "n") }
        let gptImage = model.hasPrefix("gpt-image") || model.hasPrefix("chatgpt-image")
        if let stream {
            guard gptImage else { return invalid("Streaming is only supported for GPT image models.", param: "stream") }
            guard (0...3).contains(stream.partialImages) else {
                return invalid("'partial_images' must be between 0 and 3.", param: "partial_images")
            }
        }
        if gptImage, responseFormat != nil { return invalid("Unknown parameter: 'response_format'.", param: "response_format") }
        if style != nil, model != "dall-e-3" { return invalid("'style' is only supported for dall-e-3.", param: "style") }
        if let quality {
            let qualities: Set<String> = gptImage ? ["low", "medium", "high", "auto"] : (model == "dall-e-3" ? ["standard", "hd"] : ["standard"])
            guard qualities.contains(quality) else { return invalid("Invalid value for 'quality': '\(quality)'.", param: "quality") }
        }
        let base64 = gptImage || responseFormat == "b64_json"
        let data: [JSON] = (0..<count).map { index in
            var image: JSON = [:]
            let id = imageID(prompt: prompt, index: index)
            if base64 {
                image["b64_json"] = .string(png(id: id).base64EncodedString())
            } else {
                image["url"] = .string("\(origin)/sandbox-files/images/img_\(id).png?se=2026-12-31&sig=sandbox")
            }
            if model == "dall-e-3", let prompt { image["revised_prompt"] = .string("A detailed rendering of: \(prompt)") }
            return image
        }
        var object: JSON = ["created": 1_700_000_000, "data": .array(data)]
        if gptImage {
            let promptTokens = SandboxText.countTokens(prompt ?? "")
            object["usage"] = [
                "input_tokens": .int(promptTokens), "output_tokens": .int(272 * count), "total_tokens": .int(promptTokens + 272 * count),
                "input_tokens_details": ["text_tokens": .int(promptTokens), "image_tokens": 0],
            ]
            object["background"] = extras["background"] ?? "opaque"
            object["output_format"] = extras["output_format"] ?? "png"
            object["quality"] = .string(quality ?? "medium")
            object["size"] = .string(size ?? "1024x1024")
        }
        if let stream { return streamed(object, prompt: prompt, stream: stream) }
        return .json(object)
    }

    static func generations(_ body: JSON, origin: String) -> ResponsePlan {
        guard let prompt = body["prompt"]?.string, !prompt.isEmpty else { return invalid("'prompt' is required.", param: "prompt") }
        let model = body["model"]?.string ?? "dall-e-2"
        return respond(
            model: model, prompt: prompt, count: body["n"]?.int ?? 1, size: body["size"]?.string,
            responseFormat: body["response_format"]?.string, quality: body["quality"]?.string, style: body["style"]?.string,
            extras: (body.object ?? [:]).filter { ["background", "output_format"].contains($0.key) }, origin: origin,
            stream: body["stream"]?.bool == true
                ? Stream(prefix: "image_generation", partialImages: body["partial_images"]?.int ?? 0) : nil)
    }

    static func multipart(_ request: RecordedRequest, edit: Bool) -> ResponsePlan {
        guard let parts = Multipart.parse(request.body, contentType: request.header("content-type")) else {
            return invalid("Expected a multipart/form-data body.")
        }
        func field(_ name: String) -> String? {
            parts.first { $0.name == name }.map { String(decoding: $0.data, as: UTF8.self) }
        }
        let images = parts.filter { $0.name == "image" || $0.name == "image[]" }
        guard !images.isEmpty else { return invalid("'image' is required.", param: "image") }
        let model = field("model") ?? "dall-e-2"
        if !model.hasPrefix("gpt-image") {
            guard images.count == 1 else { return invalid("\(model) takes one image.", param: "image") }
            guard images[0].data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
                return invalid("Invalid input image - format must be in ['RGBA', 'LA', 'L'], got unknown.", param: "image")
            }
        } else if images.count > 16 {
            return invalid("Up to 16 images can be edited at once.", param: "image")
        }
        if !edit, model != "dall-e-2" { return invalid("Variations are only supported for dall-e-2.", param: "model") }
        if edit, field("prompt")?.isEmpty ?? true { return invalid("'prompt' is required.", param: "prompt") }
        return respond(
            model: model, prompt: field("prompt"), count: field("n").flatMap { Int($0) } ?? 1, size: field("size"),
            responseFormat: field("response_format"), quality: field("quality"), style: nil,
            extras: ["background": field("background").map(JSON.string), "output_format": field("output_format").map(JSON.string)]
                .compactMapValues { $0 },
            origin: request.origin,
            stream: edit && field("stream") == "true"
                ? Stream(prefix: "image_edit", partialImages: field("partial_images").flatMap { Int($0) } ?? 0) : nil)
    }
}
