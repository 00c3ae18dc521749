import AISandbox
import Foundation
import SwiftOpenAI
import Testing

// README.md "Webhooks: verified events instead of polling", run with a delivery signed like the sandbox's. The
// README's code reads the secret from the environment; here it comes from the test (the one line that differs
// names its README line in a `// README:` comment), so a missing, empty and wrong secret can be tried too.

@Suite("README: webhooks")
struct WebhookReadmeTests {
    @Test("the snippet fetches the completed response, refuses a forged delivery, and won't start without a usable secret")
    func snippet() async throws {
        let secret = "whsec_" + Data("readme webhook secret".utf8).base64EncodedString()
        try await withService { _, service in
            let background = try await service.responseCreate(ModelResponseParameter(input: .string("Say hi"), model: .gpt4o, background: true))
            _ = try await service.responseModel(id: background.id)
            let finished = try await service.responseModel(id: background.id)
            #expect(finished.status == "completed")
            let body = Data(#"{"id":"evt_readme","object":"event","created_at":\#(Int(Date().timeIntervalSince1970)),"type":"response.completed","data":{"id":"\#(background.id)"}}"#.utf8)
            let timestamp = Int(Date().timeIntervalSince1970)
            let signed = try OpenAIWebhooks(secret: secret).signature(payload: body, id: "wh_readme", timestamp: timestamp)
            let headers = ["webhook-id": "wh_readme", "webhook-timestamp": String(timestamp), "webhook-signature": signed]
            var printed: [String] = []
            func print(_ text: String) { printed.append(text) }

            func run(environmentSecret: String?) async throws {
                // At start-up: without a usable secret nothing can be verified, so the server stops here
                guard let secret = environmentSecret else {  // README: guard let secret = ProcessInfo.processInfo.environment["OPENAI_WEBHOOK_SECRET"] else {
                    throw WebhookVerificationError.invalidSecret
                }
                let webhooks = try OpenAIWebhooks(validatingSecret: secret)   // "" or a whsec_ that isn't base64 throws .invalidSecret too
                // In your HTTP handler, with the body exactly as it arrived and the request's headers:
                do {
                    switch try webhooks.unwrap(payload: body, headers: headers) {
                    case .responseCompleted(let event):
                        let response = try await service.responseModel(id: event.resourceID)
                        print(response.outputText)
                    case .batchCompleted(let event), .batchFailed(let event), .batchExpired(let event):
                        print("batch \(event.resourceID) ended")
                    case .unknown(let type, _):
                        print("not handled: \(type)")
                    default:
                        break
                    }
                } catch let error as WebhookVerificationError {
                    print("refused: \(error)")           // answer 400: not signed with the secret, changed, or replayed
                }
            }

            try await run(environmentSecret: secret)
            try await run(environmentSecret: "whsec_" + Data("other".utf8).base64EncodedString())
            #expect(printed == [finished.outputText, "refused: webhook verification failed: no matching signature (1 v1 signature checked)"])
            for unusable in [nil, "", "whsec_", "whsec_not base64!"] {
                await #expect(throws: WebhookVerificationError.invalidSecret) { try await run(environmentSecret: unusable) }
            }
            #expect(printed.count == 2)
        }
    }
}
