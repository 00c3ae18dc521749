import AICore
import AISandbox
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// `swiftai webhooks listen` as a child process: its lines as they come, and a stop that kills it.
/// `@unchecked Sendable`: `port` is set once, by `start()`, before the test reads it; the output is kept in a
/// ``LockedValue`` the pipe's reader fills.
final class WebhookListener: @unchecked Sendable {
    private let process = Process()
    private let text = LockedValue("")
    private(set) var port = 0

    init(secret: String) throws {
        process.executableURL = try BuiltExecutable.url(named: "swiftai")
        process.arguments = ["webhooks", "listen", "--port", "0", "--secret", secret]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [text] handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    var output: String { text.current }

    /// Waits for the "listening on" line and reads the port from it.
    func start() async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("listening on http://127.0.0.1:") }),
                let port = Int(line.split(separator: ":").last?.split(separator: "/").first ?? "")
            {
                self.port = port
                return
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the listener did not start: \(output)"])
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

@Suite("Webhooks end to end: the sandbox signs, swiftai webhooks listen verifies")
struct WebhookDeliveryTests {
    static let secret = "whsec_" + Data("the sandbox's webhook secret".utf8).base64EncodedString()

    @Test("background responses and batches end by themselves and their signed events reach the listener")
    func endToEnd() async throws {
        let listener = try WebhookListener(secret: Self.secret)
        defer { listener.stop() }
        try await listener.start()
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/"))
        try await withSandbox(webhookURL: url, webhookSecret: Self.secret) { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-webhooks", overrideBaseURL: sandbox.baseURL.absoluteString)
            // Cancelled first, within the second the sandbox takes to finish a background response.
            let cancelled = try await service.responseCreate(
                ModelResponseParameter(input: .string("Never mind"), model: .gpt4o, background: true))
            // On a machine loaded enough to take more than the sandbox's two seconds, the response has completed first:
            // the event then says so. Either way the listener gets the event of what really happened.
            let cancelledStatus = try await service.responseCancel(id: cancelled.id).status
            let cancelledEvent = cancelledStatus == "cancelled" ? "response.cancelled" : "response.completed"
            let background = try await service.responseCreate(
                ModelResponseParameter(input: .string("Write a long story"), model: .gpt4o, background: true))
            #expect(background.status == "queued")

            let file = try await service.uploadFile(
                parameters: .init(fileName: "batch.jsonl", file: Data(#"{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hi"}]}}"#.utf8), purpose: "batch"))
            let batch = try await service.createBatch(parameters: .init(inputFileID: file.id, endpoint: "/v1/chat/completions"))

            let expected = [
                "response.completed evt_", " \(background.id)", cancelledEvent, " \(cancelled.id)", "batch.completed", " \(batch.id)",
            ]
            let arrived = await eventually(30) { expected.allSatisfy { listener.output.contains($0) } }
            #expect(arrived, "the listener printed: \(listener.output)")
            // Nothing was polled: the response finished by itself.
            let retrieved = try await service.responseModel(id: background.id)
            #expect(retrieved.status == "completed")
            // The sandbox records a delivery once the listener's answer is back, after the listener printed it: wait for
            // the record itself, not for the listener's output.
            let recorded = await eventually(30) { sandbox.webhookDeliveries.count >= 3 }
            #expect(recorded, "the sandbox recorded \(sandbox.webhookDeliveries)")
            #expect(sandbox.webhookDeliveries.allSatisfy { $0.status == 200 })
            #expect(Set(sandbox.webhookDeliveries.map(\.type)) == ["response.completed", cancelledEvent, "batch.completed"])
            #expect(sandbox.webhookDeliveries.count == 3)
        }

        // A delivery with a wrong signature is refused with 400 and a reason, and the secret never shows.
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"type": "response.completed"}"#.utf8)
        request.setValue("evt_forged", forHTTPHeaderField: "webhook-id")
        request.setValue(String(Int(Date().timeIntervalSince1970)), forHTTPHeaderField: "webhook-timestamp")
        request.setValue("v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", forHTTPHeaderField: "webhook-signature")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(await eventually { listener.output.contains("refused: webhook verification failed: no matching signature") })
        #expect(!listener.output.contains(Self.secret))
    }

    @Test("an endpoint that fails is retried with the same event id; an unusable URL or secret is refused at start")
    func retriesAndSettings() async throws {
        // Nothing listens on port 9 (discard, a privileged port no test server takes; a port freed by a stopped
        // sandbox could be taken by another test's sandbox running beside this one): every try fails, each recorded.
        let deadURL = URL(string: "http://127.0.0.1:9")!
        try await withSandbox(webhookURL: deadURL, webhookSecret: Self.secret) { sandbox in
            let service = OpenAIServiceFactory.service(apiKey: "sk-webhooks", overrideBaseURL: sandbox.baseURL.absoluteString)
            _ = try await service.responseCreate(ModelResponseParameter(input: .string("Hi"), model: .gpt4o, background: true))
            #expect(await eventually(30) { sandbox.webhookDeliveries.count == 4 })
            #expect(Set(sandbox.webhookDeliveries.map(\.eventID)).count == 1)
            #expect(sandbox.webhookDeliveries.allSatisfy { $0.status == 0 })
        }
        await #expect(throws: SandboxError.self) { _ = try await Sandbox.start(webhookURL: URL(string: "ftp://example.com")!, webhookSecret: Self.secret) }
        for secret in ["whsec_%%%", "", "whsec_"] {
            await #expect {
                _ = try await Sandbox.start(webhookURL: deadURL, webhookSecret: secret)
            } throws: { error in
                if case SandboxError.invalidWebhookSecret = error { true } else { false }
            }
        }
        await #expect(throws: SandboxError.self) { _ = try await Sandbox.start(webhookURL: deadURL, webhookSecret: nil) }
    }
}
