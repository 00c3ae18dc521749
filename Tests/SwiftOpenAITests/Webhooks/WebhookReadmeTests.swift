import AISandbox
import Foundation
import SwiftOpenAI
import Testing

// README.md "Webhooks: verified events instead of polling", run with a delivery signed like the sandbox's.

@Suite("README: webhooks")
struct WebhookReadmeTests {
    @Test("the handler snippet fetches the completed response, and refuses a forged delivery")
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
            var printed: [String] = []
            func print(_ text: String) { printed.append(text) }

            for (headers, environmentSecret) in [
                (["webhook-id": "wh_readme", "webhook-timestamp": String(timestamp), "webhook-signature": signed], secret),
                (["webhook-id": "wh_readme", "webhook-timestamp": String(timestamp), "webhook-signature": signed], "whsec_" + Data("other".utf8).base64EncodedString()),
            ] {
                // The README's code.
                let webhooks = OpenAIWebhooks(secret: environmentSecret)
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
            #expect(printed == [finished.outputText, "refused: webhook verification failed: no matching signature (1 v1 signature checked)"])
        }
    }
}
