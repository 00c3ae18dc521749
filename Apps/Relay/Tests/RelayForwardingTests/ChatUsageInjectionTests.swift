import AISandbox
import Foundation
import NIOCore
import RelayCore
import RelayForwarding
import Testing

@Suite("Chat usage injection and the downstream filter")
struct ChatUsageInjectionTests {
    func inject(_ body: String) throws -> String {
        String(buffer: try ChatUsageInjection.inject(into: ByteBuffer(string: body)))
    }

    @Test("include_usage is set and every other byte is kept")
    func rewrite() throws {
        #expect(try inject(#"{"model":"m", "stream":true}"#) == #"{"stream_options":{"include_usage":true},"model":"m", "stream":true}"#)
        #expect(try inject(#" { } "#) == #" {"stream_options":{"include_usage":true} } "#)
        #expect(try inject(#"{"stream":true,"stream_options":null,"n":1}"#) == #"{"stream":true,"stream_options":{"include_usage":true},"n":1}"#)
        #expect(
            try inject(#"{"stream":true,"stream_options":{"include_obfuscation":false,"include_usage":false},"x":"\u00e9"}"#)
                == #"{"stream":true,"stream_options":{"include_obfuscation":false,"include_usage":true},"x":"\u00e9"}"#)
        for bad in [#"{"stream_options":1}"#, #"{"stream_options":{},"stream_options":{}}"#, "[1]", "{"] {
            #expect(throws: RelayError.self) { try inject(bad) }
        }
    }

    @Test("applies to chat-completions streams without include_usage only")
    func applies() {
        let streaming = RequestInspection(model: "m", stream: true)
        #expect(ChatUsageInjection.applies(provider: .openai, path: "/v1/chat/completions", inspection: streaming))
        #expect(ChatUsageInjection.applies(provider: .azure, path: "/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21", inspection: streaming))
        #expect(ChatUsageInjection.applies(provider: .azure, path: "/openai/v1/chat/completions", inspection: streaming))
        #expect(!ChatUsageInjection.applies(provider: .openai, path: "/v1/responses", inspection: streaming))
        #expect(!ChatUsageInjection.applies(provider: .anthropic, path: "/v1/chat/completions", inspection: streaming))
        #expect(!ChatUsageInjection.applies(provider: .openai, path: "/v1/chat/completions", inspection: RequestInspection(model: "m")))
        #expect(!ChatUsageInjection.applies(
            provider: .openai, path: "/v1/chat/completions", inspection: RequestInspection(model: "m", stream: true, includeUsage: true)))
    }

    func filtered(_ bytes: [UInt8], splits: [Int]) -> [UInt8] {
        var filter = InjectedUsageChunkFilter()
        var output: [UInt8] = []
        var start = 0
        for split in splits + [bytes.count] {
            output += Array(filter.filter(ByteBuffer(bytes: bytes[start..<split])).readableBytesView)
            start = split
        }
        return output + Array(filter.finish().readableBytesView)
    }

    @Test("a real stream with usage injected, filtered, is the stream the client asked for; the tap still reads the usage")
    func roundTrip() async throws {
        try await Sandbox.withRunning { sandbox in
            let asked = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: SandboxUpstream.chatStreamBody)
            let injectedBody = String(buffer: try ChatUsageInjection.inject(into: ByteBuffer(string: SandboxUpstream.chatStreamBody)))
            let upstream = try await SandboxUpstream.post(sandbox, "/v1/chat/completions", body: injectedBody)
            #expect(sandbox.lastRequest?.json?["stream_options"] as? [String: Bool] == ["include_usage": true])
            #expect(upstream.bytes != asked.bytes)
            #expect(upstream.eventPayloads.last?["usage"] is [String: Any])

            var tap = UsageTap(contentType: upstream.contentType)
            tap.consume(upstream.buffer)
            #expect(tap.finish() != nil)

            #expect(filtered(upstream.bytes, splits: []) == asked.bytes)
            for split in 0...upstream.bytes.count {
                let result = filtered(upstream.bytes, splits: [split])
                #expect(result == asked.bytes, "split at \(split)")
                if result != asked.bytes { break }
            }
            #expect(filtered(upstream.bytes, splits: Array(1..<upstream.bytes.count)) == asked.bytes)
        }
    }

    @Test("CRLF events, comments and other events pass byte for byte; only the usage chunk is dropped")
    func lineEndings() {
        let usage = #"data: {"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":4}}"#
        let chunk = #"data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"}}]}"#
        let input = ": keep-alive\r\n\r\n\(chunk)\r\n\r\n\(usage)\r\n\r\ndata: [DONE]\r\n\r\n"
        let expected = ": keep-alive\r\n\r\n\(chunk)\r\n\r\ndata: [DONE]\r\n\r\n"
        let bytes = Array(input.utf8)
        for split in 0...bytes.count {
            #expect(filtered(bytes, splits: [split]) == Array(expected.utf8), "split at \(split)")
        }
        let crOnly = Array("\(chunk)\r\r\(usage)\r\r".utf8)
        #expect(filtered(crOnly, splits: []) == Array("\(chunk)\r\r".utf8))
        let unterminated = Array("\(chunk)\n\n\(usage)".utf8)
        #expect(filtered(unterminated, splits: [5]) == unterminated)
    }

    @Test("an event longer than the cap passes through unfiltered")
    func cap() {
        var filter = InjectedUsageChunkFilter(cap: 8)
        let usage = Array(#"data: {"choices":[],"usage":{"prompt_tokens":1}}"#.utf8) + [0x0A, 0x0A]
        let out = filter.filter(ByteBuffer(bytes: usage[..<20]))
        let rest = filter.filter(ByteBuffer(bytes: usage[20...]))
        #expect(Array(out.readableBytesView) + Array(rest.readableBytesView) + Array(filter.finish().readableBytesView) == usage)
    }
}
