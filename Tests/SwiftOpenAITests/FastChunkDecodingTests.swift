@_spi(Streaming) import AICore
import Foundation
import Testing

@testable import SwiftOpenAI

/// The fast chunk reader must agree with `JSONDecoder` wherever it accepts a payload, and decline the rest.
@Suite("Fast chunk decoding agrees with JSONDecoder")
struct FastChunkDecodingTests {
    static let accepted: [String] = [
        #"{"id":"c1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini","system_fingerprint":"fp","choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":" h\u00e9llo \ud83d\ude00 \"quoted\" \\ \/ \n\t\r\b\f"},"finish_reason":null}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"日本語 😀 ünïcödé"},"finish_reason":null}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"city\": \"Par"}}]},"finish_reason":null}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":null}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":12,"total_tokens":21,"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":5,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"a"},"logprobs":{"content":[{"token":"a","logprob":-1.5e-3,"bytes":[97],"top_logprobs":[{"token":"a","logprob":-0.0015,"bytes":null}]}],"refusal":null},"finish_reason":null}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"x"},"finish_reason":3}]}"#,
        "{ \"id\" : \"c1\" ,\n \"object\":\"chat.completion.chunk\",\r\n\t\"created\":1,\"model\":\"m\",\"extra\":{\"nested\":[1,{\"a\":null},true,false,-2.5e+3]},\"choices\":[ ] }",
        #"{"choices":[],"created":0,"id":"","model":"","object":"","prompt_filter_results":[{"prompt_index":0,"content_filter_results":{"hate":{"filtered":false,"severity":"safe"}}}]}"#,
        #"{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","service_tier":"default","choices":[{"index":0,"delta":{"refusal":"I can't"},"finish_reason":null}]}"#,
        #"{"id":"c\u0031","object":"chat.completion.chunk","created":-5,"model":"m","choices":[{"index":0,"delta":{"function_call":{"name":"f","arguments":"{}"}},"finish_details":{"type":"stop"}}]}"#,
    ]

    static let declined: [String] = [
        #"{"object":"chat.completion.chunk","created":1,"model":"m","choices":[]}"#,
        #"{"id":null,"object":"chat.completion.chunk","created":1,"model":"m","choices":[]}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":"1","model":"m","choices":[]}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1.5,"model":"m","choices":[]}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"delta":{}}]}"#,
        #"{"id":"\ud83d","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[]} trailing"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[],}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":01,"model":"m","choices":[]}"#,
        #"{"error":{"message":"boom","type":"server_error"}}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"x":-}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"x":1.}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"x":"\q"}"#,
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"logprobs":{"content":[{"token":"a","logprob":1e400,"bytes":null}]}}]}"#,
    ]

    private func canonical(_ chunk: ChatCompletionChunkObject) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(chunk), as: UTF8.self)
    }

    @Test("accepted payloads decode exactly as JSONDecoder decodes them", arguments: accepted.indices)
    func agrees(index: Int) throws {
        let data = Data(Self.accepted[index].utf8)
        let fast = try JSONReader.read(data) { try ChatCompletionChunkObject(reading: &$0) }
        let reference = try JSONDecoder().decode(ChatCompletionChunkObject.self, from: data)
        #expect(try canonical(fast) == canonical(reference))
    }

    @Test("payloads the reader declines fall back to JSONDecoder", arguments: declined.indices)
    func declines(index: Int) throws {
        let data = Data(Self.declined[index].utf8)
        #expect(throws: (any Error).self) { _ = try JSONReader.read(data) { try ChatCompletionChunkObject(reading: &$0) } }
        let fallback = Result { try ChatCompletionChunkObject.decode(from: data, fallback: FastJSONDecoder()) }
        let reference = Result { try JSONDecoder().decode(ChatCompletionChunkObject.self, from: data) }
        switch (fallback, reference) {
        case (.success(let a), .success(let b)):
            let (left, right) = (try canonical(a), try canonical(b))
            #expect(left == right)
        case (.failure, .failure): break
        default: Issue.record("fallback and JSONDecoder disagree on \(Self.declined[index])")
        }
    }

    @Test("invalid UTF-8 inside a string is declined")
    func invalidUTF8() {
        var bytes = Array(#"{"id":"c","object":"o","created":1,"model":"m","choices":[]}"#.utf8)
        bytes[7] = 0xFF
        #expect(throws: (any Error).self) { _ = try JSONReader.read(Data(bytes)) { try ChatCompletionChunkObject(reading: &$0) } }
    }
}
