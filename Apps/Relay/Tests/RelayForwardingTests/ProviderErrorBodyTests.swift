import Foundation
import HTTPTypes
import NIOCore
import RelayCore
import RelayForwarding
import Testing

@Suite("Errors in the provider's shape")
struct ProviderErrorBodyTests {
    func decode(_ body: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
    }

    @Test("OpenAI and Azure: error.message, type, param null, code", arguments: [
        (RelayError.badRequest("bad"), "invalid_request_error", "bad_request"),
        (RelayError.unauthenticated("who"), "authentication_error", "invalid_api_key"),
        (RelayError.forbidden("no"), "permission_error", "forbidden"),
        (RelayError.notFound("gone"), "invalid_request_error", "not_found"),
        (RelayError.payloadTooLarge(limit: 10), "invalid_request_error", "request_too_large"),
        (RelayError.rateLimited("slow", retryAfter: 7), "rate_limit_exceeded", "rate_limit_exceeded"),
        (RelayError.unavailable("db"), "server_error", "unavailable"),
        (RelayError.upstreamFailed("down"), "server_error", "upstream_failed"),
    ])
    func openAI(_ error: RelayError, _ type: String, _ code: String) throws {
        for provider in [Provider.openai, .azure] {
            let (status, headers, body) = ProviderErrorBody.make(error, provider: provider)
            #expect(status == error.status)
            #expect(headers[.contentType] == "application/json")
            #expect(headers[ProviderErrorBody.reasonHeader] == error.reason)
            #expect(headers[.retryAfter] == (status == 429 ? "7" : nil))
            let object = try #require(try decode(body)["error"] as? [String: Any])
            #expect(object["message"] as? String == error.message)
            #expect(object["type"] as? String == type)
            #expect(object["code"] as? String == code)
            #expect(object["param"] is NSNull)
        }
    }

    @Test("Anthropic: type error and error.type, message", arguments: [
        (RelayError.badRequest("bad"), "invalid_request_error"), (RelayError.unauthenticated("who"), "authentication_error"),
        (RelayError.forbidden("no"), "permission_error"), (RelayError.notFound("gone"), "not_found_error"),
        (RelayError.payloadTooLarge(limit: 10), "request_too_large"), (RelayError.rateLimited("slow", retryAfter: 0), "rate_limit_error"),
        (RelayError.unavailable("db"), "overloaded_error"), (RelayError.upstreamFailed("down"), "api_error"),
    ])
    func anthropic(_ error: RelayError, _ type: String) throws {
        let (status, headers, body) = ProviderErrorBody.make(error, provider: .anthropic)
        #expect(status == error.status)
        #expect(headers[.retryAfter] == (status == 429 ? "1" : nil))
        let json = try decode(body)
        #expect(json["type"] as? String == "error")
        let object = try #require(json["error"] as? [String: Any])
        #expect(object["type"] as? String == type)
        #expect(object["message"] as? String == error.message)
    }
}
