import AICore
import Foundation
import HTTPTypes
import Testing

@testable import AICore

@Suite("Retry policy, errors, multipart, JSON")
struct RetryPolicyAndErrorTests {
    @Test("retried statuses match the official SDKs")
    func retriedStatuses() {
        let policy = RetryPolicy.default
        for status in [408, 409, 429, 500, 502, 503, 504, 529] { #expect(policy.shouldRetry(status: status, headers: [:])) }
        for status in [400, 401, 403, 404, 422] { #expect(!policy.shouldRetry(status: status, headers: [:])) }
        #expect(policy.shouldRetry(status: 400, headers: HTTPFields(["X-Should-Retry": "true"])))
        #expect(!policy.shouldRetry(status: 503, headers: HTTPFields(["x-should-retry": "false"])))
    }

    @Test("backoff is min(0.5·2^n, 8) × (1 − 0.25·random)")
    func backoff() {
        let policy = RetryPolicy.default
        #expect(policy.delay(forRetry: 0, random: 0) == 0.5)
        #expect(policy.delay(forRetry: 1, random: 0) == 1)
        #expect(policy.delay(forRetry: 3, random: 0) == 4)
        #expect(policy.delay(forRetry: 10, random: 0) == 8)
        #expect(policy.delay(forRetry: 0, random: 1) == 0.375)
        for retry in 0..<6 {
            let delay = policy.delay(forRetry: retry)
            let base = min(0.5 * pow(2, Double(retry)), 8)
            #expect(delay <= base && delay >= base * 0.75)
        }
    }

    @Test("retry-after-ms, retry-after seconds and HTTP dates; over 60 s falls back to backoff")
    func retryAfter() {
        let policy = RetryPolicy.default
        #expect(policy.delay(forRetry: 0, headers: HTTPFields(["retry-after-ms": "250"]), random: 0) == 0.25)
        #expect(policy.delay(forRetry: 0, headers: HTTPFields(["retry-after": "3"]), random: 0) == 3)
        #expect(policy.delay(forRetry: 0, headers: HTTPFields(["retry-after-ms": "100", "retry-after": "9"]), random: 0) == 0.1)
        #expect(policy.delay(forRetry: 0, headers: HTTPFields(["retry-after": "120"]), random: 0) == 0.5)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let date = "Tue, 14 Nov 2023 22:13:25 GMT"
        #expect(RetryPolicy.retryAfter(from: HTTPFields(["Retry-After": date]), now: now) == 5)
        #expect(RetryPolicy.retryAfter(from: HTTPFields(["retry-after": "soon"])) == nil)
    }

    @Test("error bodies of OpenAI, Anthropic and proxies are understood")
    func errorBodies() {
        let openAI = APIError.fromResponse(
            status: 400, headers: HTTPFields(["x-request-id": "req_1"]),
            body: Data(#"{"error":{"message":"Bad param","type":"invalid_request_error","param":"model","code":"model_not_found"}}"#.utf8))
        #expect(openAI.kind == .badRequest)
        #expect(openAI.message == "Bad param")
        #expect(openAI.param == "model")
        #expect(openAI.code == "model_not_found")
        #expect(openAI.requestID == "req_1")
        #expect(openAI.localizedDescription.contains("Bad param"))

        let anthropic = APIError.fromResponse(
            status: 529, headers: HTTPFields(["request-id": "req_a"]),
            body: Data(#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#.utf8))
        #expect(anthropic.kind == .overloaded)
        #expect(anthropic.type == "overloaded_error")
        #expect(anthropic.requestID == "req_a")

        let empty = APIError.fromResponse(status: 503, headers: [:], body: Data())
        #expect(empty.kind == .server)
        #expect(empty.message.contains("503"))
    }

    @Test("multipart bodies follow RFC 7578")
    func multipart() {
        var form = MultipartFormData(boundary: "B")
        form.append(name: "model", value: "whisper-1")
        form.append(name: "file", filename: "a\"b.wav", contentType: "audio/wav", data: Data([0, 1, 2]))
        form.append(name: "temperature", value: Optional<Double>.none)
        let expected = "--B\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a%22b.wav\"\r\nContent-Type: audio/wav\r\n\r\n"
        var data = Data(expected.utf8)
        data.append(contentsOf: [0, 1, 2])
        data.append(Data("\r\n--B--\r\n".utf8))
        #expect(form.encoded() == data)
        #expect(form.contentType == "multipart/form-data; boundary=B")
    }

    @Test("JSONValue round-trips and reads nested values")
    func jsonValue() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true], "b": ["c": "d"]]
        let parsed = try JSONValue(parsing: value.jsonString)
        #expect(parsed == value)
        #expect(parsed["a"]?[1]?.doubleValue == 2.5)
        #expect(parsed["b"]?["c"]?.stringValue == "d")
        #expect(value.jsonString == #"{"a":[1,2.5,"x",null,true],"b":{"c":"d"}}"#)
    }
}
