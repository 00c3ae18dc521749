import Foundation
import NIOCore
import RelayCore
import RelayForwarding
import Testing

@Suite("Request inspection")
struct RequestInspectorTests {
    func inspect(_ provider: Provider, _ path: String, _ body: String, contentType: String? = "application/json") throws -> RequestInspection {
        try RequestInspector.inspect(provider: provider, path: path, contentType: contentType, body: ByteBuffer(string: body))
    }

    @Test("chat completions: model, the larger of max_tokens and max_completion_tokens, stream options")
    func chat() throws {
        let body = #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"{\"model\":\"gpt-5-pro\",\"max_tokens\":1}"}],"#
            + #""max_completion_tokens":300,"max_tokens":200,"stream":true,"stream_options":{"include_usage":true}}"#
        let inspection = try inspect(.openai, "/v1/chat/completions", body)
        #expect(inspection.model == "gpt-4o-mini")
        #expect(inspection.maxOutputTokens == 300)
        #expect(inspection.stream && inspection.includeUsage)
        #expect(inspection.estimatedInputTokens == (body.utf8.count + 3) / 4)
    }

    @Test("Responses, Anthropic Messages and embeddings bodies")
    func otherAPIs() throws {
        let responsesBody = #"{"model":"o3","input":"hi","max_output_tokens":1e3,"stream":false}"#
        let responses = try inspect(.openai, "/v1/responses", responsesBody)
        #expect(responses == RequestInspection(model: "o3", maxOutputTokens: 1000, estimatedInputTokens: (responsesBody.utf8.count + 3) / 4))
        let messages = try inspect(.anthropic, "/v1/messages", SandboxUpstream.messagesStreamBody)
        #expect(messages.model == "claude-sonnet-4-5" && messages.maxOutputTokens == 256 && messages.stream && !messages.includeUsage)
        let embeddings = try inspect(.openai, "/v1/embeddings", SandboxUpstream.embeddingsBody, contentType: "application/json; charset=utf-8")
        #expect(embeddings.model == "text-embedding-3-small" && embeddings.maxOutputTokens == nil && !embeddings.stream)
    }

    @Test("an escaped key or value is read as the upstream reads it")
    func escapes() throws {
        let inspection = try inspect(.openai, "/v1/chat/completions", #"{"mod\u0065l":"gpt-4o\u002dmini","max_tokens":null}"#)
        #expect(inspection.model == "gpt-4o-mini")
        #expect(inspection.maxOutputTokens == nil)
    }

    @Test("Azure deployment paths name the model; the v1 API reads the body")
    func azure() throws {
        let deployment = try inspect(.azure, "/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-10-21", #"{"messages":[]}"#)
        #expect(deployment.model == "gpt4o-prod")
        let overriding = try inspect(.azure, "/openai/deployments/cheap/chat/completions", #"{"model":"gpt-5-pro","messages":[]}"#)
        #expect(overriding.model == "cheap")
        let v1 = try inspect(.azure, "/openai/v1/responses", #"{"model":"gpt-4.1","input":"x"}"#)
        #expect(v1.model == "gpt-4.1")
    }

    @Test("multipart uploads: the model field is read, the file skipped")
    func multipart() throws {
        let boundary = "----relay-boundary"
        var body = ByteBuffer()
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"model\"\r\nContent-Type: audio/mpeg\r\n\r\n")
        body.writeBytes([UInt8](repeating: 0xFF, count: 10_000) + Array("; name=\"model\"\r\n".utf8))
        body.writeString("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\ngpt-4o-transcribe\r\n--\(boundary)--\r\n")
        let inspection = try RequestInspector.inspect(
            provider: .openai, path: "/v1/audio/transcriptions", contentType: "multipart/form-data; boundary=\"\(boundary)\"", body: body)
        #expect(inspection.model == "gpt-4o-transcribe")
        #expect(inspection.estimatedInputTokens == 0 && !inspection.stream)
        let other = try RequestInspector.inspect(provider: .openai, path: "/v1/files", contentType: "application/octet-stream", body: body)
        #expect(other == RequestInspection())
    }

    @Test("base64 payloads count as about 2,000 tokens each, text by its length")
    func payloads() throws {
        let image = "data:image/png;base64," + String(repeating: "iVBORw0KGgo=", count: 100_000)
        let body = #"{"model":"gpt-4o","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"\#(image)"}}]}]}"#
        let inspection = try inspect(.openai, "/v1/chat/completions", body)
        let expected = (body.utf8.count - image.utf8.count - 2 + 8000 + 3) / 4
        #expect(inspection.estimatedInputTokens == expected)
        let prose = String(repeating: "word ", count: 10_000)
        let text = try inspect(.openai, "/v1/chat/completions", #"{"model":"gpt-4o","messages":[{"role":"user","content":"\#(prose)"}]}"#)
        #expect(text.estimatedInputTokens > 12_000)
    }

    @Test("bodies the relay can't read the same way as the upstream are refused", arguments: [
        #"{"model":"gpt-4o-mini","model":"gpt-5-pro"}"#, #"{"model":"a","mod\u0065l":"b"}"#, #"{"model":5}"#,
        #"{"model":"x","max_tokens":"100"}"#, #"{"model":"x","max_tokens":10.5}"#, #"["model"]"#, #"{"model":"x""#,
        #"{"model":"x"} {}"#, #"{"model":"x","messages":[}"#, "not json",
    ])
    func refused(_ body: String) {
        #expect(throws: RelayError.self) { try inspect(.openai, "/v1/chat/completions", body) }
    }

    @Test("an empty body (a GET) names nothing")
    func empty() throws {
        #expect(try inspect(.openai, "/v1/models", "", contentType: nil) == RequestInspection())
    }
}
