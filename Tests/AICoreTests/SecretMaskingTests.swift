import AISandbox
import Foundation
import HTTPTypes
import Logging
import SwiftAITestSupport
import Testing

@testable import AICore

/// A server (or proxy) that echoes the key back in its error message must not put the key into `APIError`,
/// its description, or the debug log.
@Suite("Keys echoed by a server are masked in errors and logs")
struct SecretMaskingTests {
    @Test("key-shaped tokens are cut to their last 4 characters; other text is left alone")
    func masking() {
        let key = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
        #expect(HeaderRedaction.maskSecrets(in: "Incorrect API key provided: \(key).") == "Incorrect API key provided: sk-…6789.")
        #expect(HeaderRedaction.maskSecrets(in: "x-api-key sk-ant-api03-\(String(repeating: "Z", count: 30))9999")
            == "x-api-key sk-…9999")
        #expect(HeaderRedaction.maskSecrets(in: "two: \(key) and \(key)") == "two: sk-…6789 and sk-…6789")
        #expect(HeaderRedaction.maskSecrets(in: "a short sk-123 stays, so does task-sk-like text") == "a short sk-123 stays, so does task-sk-like text")
        #expect(HeaderRedaction.maskSecrets(in: "desk-\(String(repeating: "a", count: 30))") == "desk-\(String(repeating: "a", count: 30))")
        #expect(HeaderRedaction.maskSecrets(in: "no key here") == "no key here")
        #expect(HeaderRedaction.maskSecrets(in: "ends with sk-") == "ends with sk-")
    }

    @Test("a 401 whose message echoes the key: the error, its description and the log hold only the masked key",
          arguments: TransportKind.allCases)
    func echoedKey(transport kind: TransportKind) async throws {
        let key = "sk-proj-EchoedSecretKey0123456789abcdefXYZ"
        let logs = CapturingLogHandler()
        let transport = kind.make()
        try await withSandbox { sandbox in
            let client = APIClient(
                configuration: ClientConfiguration(
                    baseURL: sandbox.baseURL.appendingPathComponent("v1"), headers: HTTPFields(["Authorization": "Bearer \(key)"]),
                    retryPolicy: .none, logger: Logger(label: "test", factory: { _ in logs })),
                transport: transport)
            sandbox.enqueue(.status(401, message: "Incorrect API key provided: \(key). You can find your API key at …"))
            let error = await #expect(throws: APIError.self) {
                _ = try await client.send(APIRequest(method: .get, path: "/models"))
            }
            #expect(error?.kind == .authentication)
            #expect(error?.message.contains("sk-…fXYZ") == true)
            for text in [error?.message ?? "", error?.description ?? "", logs.text] {
                #expect(!text.contains(key))
                #expect(!text.contains("EchoedSecretKey"))
            }
        }
        try await transport.shutdown()
    }
}
