import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// The base64 audio of the `input_audio_buffer.append` events the sandbox received.
private func appendedAudio(_ sandbox: Sandbox) -> [String] {
    sandbox.realtimeEvents.compactMap { event -> String? in
        guard let json = event.json, json["type"] as? String == "input_audio_buffer.append" else { return nil }
        return json["audio"] as? String
    }
}

@Suite("Realtime sessions over WebSocket")
struct RealtimeSessionTests {
    @Test("the handshake carries each provider's credentials, path and query", arguments: realtimeTransports)
    func handshakeHeaders(transport: WebSocketTransport) async throws {
        try await within {
            try await withSandbox { sandbox in
                let host = sandbox.baseURL.absoluteString
                let openAI = OpenAIServiceFactory.service(apiKey: "sk-openai-key", organizationID: "org-1", overrideBaseURL: host)
                let azureV1 = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key-1"), apiVersion: "v1", routing: .v1))
                let azurePreview = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key-2"), apiVersion: "2025-04-01-preview"))
                let entra = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .bearerToken("entra-token"), apiVersion: "v1", routing: .v1))
                let cases: [(any OpenAIService, String, String, [(String, String)], [(String, String)])] = [
                    (openAI, "gpt-realtime", "/v1/realtime", [("model", "gpt-realtime")], [("authorization", "Bearer sk-openai-key"), ("openai-organization", "org-1")]),
                    (azureV1, "my-realtime", "/openai/v1/realtime", [("model", "my-realtime")], [("api-key", "azure-key-1")]),
                    (azurePreview, "my-realtime", "/openai/realtime", [("api-version", "2025-04-01-preview"), ("deployment", "my-realtime")], [("api-key", "azure-key-2")]),
                    (entra, "my-realtime", "/openai/v1/realtime", [("model", "my-realtime")], [("authorization", "Bearer entra-token")]),
                ]
                for (service, model, path, query, headers) in cases {
                    let session = try await service.realtimeSession(model: model, connection: realtimeOptions(transport))
                    let first = try await readEvents(session) { _ in true }
                    guard case .sessionCreated(let created)? = first.first else {
                        Issue.record("expected session.created first, got \(first)")
                        continue
                    }
                    #expect(created.model == model)
                    await session.close()
                    let handshake = try #require(sandbox.requests.last)
                    #expect(handshake.method == "GET")
                    #expect(handshake.path == path)
                    for (name, value) in query { #expect(handshake.queryValue(name) == value, "\(path) \(name)") }
                    for (name, value) in headers { #expect(handshake.header(name) == value, "\(path) \(name)") }
                    #expect(handshake.header("upgrade")?.lowercased() == "websocket")
                    #expect(handshake.header("sec-websocket-version") == "13")
                }
            }
        }
    }

    @Test("an ephemeral client secret is minted, then opens its session (and only that secret does)", arguments: realtimeTransports)
    func ephemeralSecret(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let secret = try await service.createRealtimeClientSecret(
                    parameters: .init(
                        expiresAfter: .init(seconds: 600),
                        session: .init(model: "gpt-realtime", instructions: "Speak like a pirate.", audio: .init(output: .init(voice: "marin")))))
                #expect(secret.value.hasPrefix("ek_"))
                #expect(secret.expiresAt > Int(Date().timeIntervalSince1970))
                #expect(secret.session?.instructions == "Speak like a pirate.")
                #expect(!String(describing: secret).contains(secret.value))
                let body = try #require(sandbox.lastRequest?.json)
                #expect((body["expires_after"] as? [String: Any])?["seconds"] as? Int == 600)
                #expect((body["session"] as? [String: Any])?["type"] as? String == "realtime")

                let session = try await RealtimeSession.connect(
                    clientSecret: secret.value, model: "gpt-realtime", baseURL: sandbox.baseURL.absoluteString, connection: realtimeOptions(transport))
                let first = try await readEvents(session) { _ in true }
                guard case .sessionCreated(let created)? = first.first else {
                    Issue.record("expected session.created, got \(first)")
                    return
                }
                #expect(created.instructions == "Speak like a pirate.")
                #expect(created.audio?.output?.voice == "marin")
                #expect(sandbox.lastRequest?.header("authorization") == "Bearer \(secret.value)")
                await session.close()

                await #expect {
                    _ = try await RealtimeSession.connect(
                        clientSecret: "ek_forged", model: "gpt-realtime", baseURL: sandbox.baseURL.absoluteString, connection: realtimeOptions(transport))
                } throws: { error in
                    guard let error = error as? APIError else { return false }
                    return error.kind == .authentication && error.statusCode == 401
                        && (transport == .urlSession || error.message.contains("Incorrect API key"))
                        && !error.description.contains("ek_forged")
                }
            }
        }
    }

    @Test("Azure mints client secrets on its v1 routes with api-key; its deployment routes say to use v1")
    func azureClientSecrets() async throws {
        try await within {
            try await withSandbox { sandbox in
                let v1 = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "v1", routing: .v1))
                let secret = try await v1.createRealtimeClientSecret(parameters: .init(session: .init(model: "my-realtime")))
                #expect(secret.value.hasPrefix("ek_"))
                #expect(sandbox.lastRequest?.path == "/openai/v1/realtime/client_secrets")
                #expect(sandbox.lastRequest?.header("api-key") == "azure-key")
                let deployments = OpenAIServiceFactory.service(
                    azureConfiguration: .init(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "2025-04-01-preview"))
                let before = sandbox.requests.count
                await #expect {
                    _ = try await deployments.createRealtimeClientSecret(parameters: .init())
                } throws: { error in
                    (error as? APIError)?.kind == .invalidRequest && (error as? APIError)?.message.contains("routing: .v1") == true
                }
                #expect(sandbox.requests.count == before)
            }
        }
    }

    @Test("a refused handshake is typed: 401, 403 and 404 with the server's message", arguments: realtimeTransports)
    func refusedHandshakes(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let host = sandbox.baseURL.absoluteString
                let noKey = OpenAIServiceFactory.service(apiKey: "", overrideBaseURL: host)
                let wrongVersion = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: host, overrideVersion: "v9")
                let cases: [(any OpenAIService, APIError.Kind, Int, String)] = [
                    (noKey, .authentication, 401, "You didn't provide an API key"),
                    (service, .permissionDenied, 403, "Realtime is not enabled"),
                    (wrongVersion, .notFound, 404, "Invalid URL"),
                ]
                for (service, kind, status, message) in cases {
                    if status == 403 {
                        sandbox.enqueue(.status(403, code: "realtime_not_enabled", message: "Realtime is not enabled for this project."), path: "/realtime")
                    }
                    do {
                        let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                        await session.close()
                        Issue.record("the \(status) handshake opened a session")
                    } catch let error as APIError {
                        #expect(error.kind == kind)
                        #expect(error.statusCode == status)
                        if transport == .nio { #expect(error.message.contains(message), "\(error)") }
                        #expect(!error.description.contains("sk-realtime-test"))
                    }
                }
            }
        }
    }

    @Test("session.update round trip: the wire event and session.updated", arguments: realtimeTransports)
    func sessionUpdate(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                _ = try await readEvents(session) { $0.isSessionCreated }
                try await session.updateSession(
                    RealtimeSessionConfiguration(
                        outputModalities: ["text"], instructions: "Tell bedtime stories.",
                        audio: .init(input: .init(turnDetection: .some(nil)), output: .init(voice: "coral")),
                        tools: [RealtimeTool(name: "get_time", description: "The time", parameters: .object(["zone": .string()]))],
                        toolChoice: .auto, maxOutputTokens: .limit(400)))
                let events = try await readEvents(session) { if case .sessionUpdated = $0 { true } else { false } }
                guard case .sessionUpdated(let updated)? = events.last else {
                    Issue.record("no session.updated: \(events)")
                    return
                }
                #expect(updated.instructions == "Tell bedtime stories.")
                #expect(updated.outputModalities == ["text"])
                #expect(updated.audio?.output?.voice == "coral")
                #expect(updated.audio?.input?.turnDetection == .some(nil))
                #expect(updated.tools?.first?.name == "get_time")
                #expect(updated.maxOutputTokens == .limit(400))
                #expect(updated.audio?.output?.format == .pcm16)

                let wire = try #require(sandbox.realtimeEvents.last?.json)
                #expect(wire["type"] as? String == "session.update")
                let sent = try #require(wire["session"] as? [String: Any])
                #expect(sent["type"] as? String == "realtime")
                #expect(((sent["audio"] as? [String: Any])?["input"] as? [String: Any])?["turn_detection"] is NSNull)
                #expect(sent["max_output_tokens"] as? Int == 400)
                #expect(sent["tool_choice"] as? String == "auto")
                await session.close()
            }
        }
    }

    @Test("text and audio responses accumulate to the sandbox's text, transcript and PCM16 bytes", arguments: realtimeTransports)
    func textAndAudio(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                _ = try await readEvents(session) { $0.isSessionCreated }

                try await session.sendText("Tell me about the moon")
                try await session.createResponse(.init(outputModalities: ["text"]))
                var seen: [RealtimeServerEvent] = []
                let text = try await session.collectResponse { seen.append($0) }
                #expect(text.text == "Hello from the sandbox. You said: Tell me about the moon")
                #expect(text.response?.status == "completed")
                #expect(text.response?.usage?.outputTokens ?? 0 > 0)
                #expect(text.audio.isEmpty)
                #expect(seen.contains { if case .conversationItemAdded(let added) = $0 { added.item.role == "user" } else { false } })
                let deltas = seen.filter { if case .responseOutputTextDelta = $0 { true } else { false } }.count
                #expect(deltas > 3)

                try await session.sendText("Sing a lullaby")
                try await session.createResponse()
                let audio = try await session.collectResponse()
                let expected = "Hello from the sandbox. You said: Sing a lullaby"
                #expect(audio.transcript == expected)
                #expect(audio.audio == Sandbox.realtimeAudio(transcript: expected))
                #expect(audio.invalidAudioDeltas == 0)
                #expect(PCM16Audio.duration(byteCount: audio.audio.count) > 1)

                let file = FileManager.default.temporaryDirectory.appendingPathComponent("realtime-\(UUID().uuidString).wav")
                defer { try? FileManager.default.removeItem(at: file) }
                try PCM16Audio.writeWAV(pcm16: audio.audio, to: file)
                let read = try PCM16Audio.read(wav: Data(contentsOf: file))
                #expect(read.pcm16 == audio.audio)
                #expect(read.sampleRate == 24_000 && read.channels == 1)

                // After a response, the server's rate limits arrive as a typed event.
                let limits = try await readEvents(session) { if case .rateLimitsUpdated = $0 { true } else { false } }
                if case .rateLimitsUpdated(let list)? = limits.last { #expect(list.map(\.name) == ["requests", "tokens"]) }
                await session.close()
            }
        }
    }

    @Test("audio input: appended in base64 chunks, committed, answered", arguments: realtimeTransports)
    func audioInput(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                _ = try await readEvents(session) { $0.isSessionCreated }
                let tone = PCM16Audio.tone(seconds: 0.5)
                try await session.appendAudio(tone, chunkBytes: 4800)
                try await session.commitAudio()
                let events = try await readEvents(session) { $0.isResponseDone }
                let types = events.map(\.typeName)
                #expect(types.contains("input_audio_buffer.speech_started"))
                #expect(types.contains("input_audio_buffer.committed"))
                let appended = appendedAudio(sandbox)
                #expect(appended.count == 5)
                let sent = try PCM16Audio.decode(base64Chunks: appended)
                #expect(sent == tone)
                await session.close()
            }
        }
    }

    @Test("a function call round trip: arguments joined, output sent back, the answer uses it", arguments: realtimeTransports)
    func functionCall(transport: WebSocketTransport) async throws {
        struct Weather: Decodable { let city: String }
        try await within {
            try await withRealtimeService { _, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                _ = try await readEvents(session) { $0.isSessionCreated }
                try await session.updateSession(
                    .init(
                        outputModalities: ["text"],
                        tools: [RealtimeTool(name: "get_weather", description: "Weather of a city", parameters: .object(["city": .string()]))]))
                try await session.sendText("[sandbox-tools: get_weather] What's the weather?")
                try await session.createResponse()
                let first = try await session.collectResponse()
                let call = try #require(first.functionCalls.first)
                #expect(first.functionCalls.count == 1)
                #expect(call.name == "get_weather")
                #expect(!call.callID.isEmpty)
                let arguments = try call.decodeArguments(as: Weather.self)
                #expect(!arguments.city.isEmpty)
                #expect(first.response?.output?.first?.arguments == call.arguments)

                try await session.sendFunctionCallOutput(callID: call.callID, output: #"{"forecast":"starry"}"#)
                try await session.createResponse()
                let answer = try await session.collectResponse()
                #expect(answer.functionCalls.isEmpty)
                #expect(answer.text.contains(#"{"forecast":"starry"}"#))
                await session.close()
            }
        }
    }

    @Test("unknown events arrive raw and don't end the session; server errors are events", arguments: realtimeTransports)
    func unknownAndErrors(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                _ = try await readEvents(session) { $0.isSessionCreated }

                try await session.send(.raw(["type": "session.teleport"]), eventID: "evt_client_1")
                let refused = try await readEvents(session) { $0.isError }
                guard case .error(let error)? = refused.last else {
                    Issue.record("no error event")
                    return
                }
                #expect(error.code == "invalid_value")
                #expect(error.param == "type")
                #expect(error.eventID == "evt_client_1")
                #expect(error.apiError.kind == .streamError)

                try await session.send(.inputAudioBufferAppend(audio: "not base64!"))
                if case .error(let bad)? = try await readEvents(session, until: { $0.isError }).last { #expect(bad.param == "audio") }

                // Asking for a response while one is refused before it starts is a typed error from collectResponse.
                try await session.send(.conversationItemDelete(itemID: "item_missing"))
                if case .error(let missing)? = try await readEvents(session, until: { $0.isError }).last { #expect(missing.code == "item_not_found") }

                sandbox.enqueue(SandboxBehavior(unknownEvents: true), path: "/realtime")
                let second = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                try await second.sendText("hello")
                try await second.createResponse(.init(outputModalities: ["text"]))
                let events = try await readEvents(second) { $0.isResponseDone }
                let unknown = events.compactMap { event -> String? in
                    if case .unknown(let type, let raw) = event, raw["detail"] != nil { type } else { nil }
                }
                #expect(unknown == ["sandbox.future_event"])
                #expect(events.last?.isResponseDone == true)
                await second.close()
                await session.close()
            }
        }
    }

    @Test("a connection dropped mid-response: what came first is delivered, then .connection", arguments: realtimeTransports)
    func abruptClose(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(closeAfterEvents: 6), path: "/realtime")
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                try await session.sendText("one two three four five six seven")
                try await session.createResponse(.init(outputModalities: ["text"]))
                let (events, failure) = await readToFailure(session)
                let error = try #require(failure)
                #expect(error.kind == .connection, "\(error)")
                let created = events.firstIndex { if case .responseCreated = $0 { true } else { false } }
                let index = try #require(created)
                // Exactly the six response events the sandbox sent before dropping the connection.
                #expect(events.count - index == 6)
                #expect(events.contains { if case .responseOutputTextDelta(let delta) = $0 { delta.delta == "Hello" } else { false } })
            }
        }
    }

    @Test("a close frame mid-response is .closed with its code and reason", arguments: realtimeTransports)
    func closeFrame(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(closeAfterEvents: 3, webSocketCloseCode: 1011), path: "/realtime")
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                try await session.sendText("hello")
                try await session.createResponse()
                let (events, failure) = await readToFailure(session)
                let count = events.count
                let error = try #require(failure)
                #expect(error.kind == .closed)
                #expect(error.closeCode == 1011)
                #expect(error.message.contains("The sandbox closed the session."))
                // session.created, the user item's two events, and three response events.
                #expect(count == 6)
            }
        }
    }

    @Test("a text message that is not UTF-8 is a protocol error: close 1007, .invalidResponse, earlier events delivered", arguments: realtimeTransports)
    func invalidUTF8(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(invalidUTF8: true), path: "/realtime")
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                let closedBefore = sandbox.closedConnections
                try await session.sendText("ZQX")
                let (events, failure) = await readToFailure(session)
                let error = try #require(failure)
                #expect(error.kind == .invalidResponse, "\(error)")
                #expect(error.message.contains("UTF-8"))
                // session.created arrived whole; the item echoing the broken text did not.
                #expect(events.count == 1)
                #expect(events.first?.isSessionCreated == true)
                #expect(await sandbox.waitForClosedConnections(closedBefore + 1, timeout: 10))
            }
        }
    }

    @Test("a reader that is behind is not a stalled server: events received but unread don't time out", arguments: realtimeTransports)
    func slowReader(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { _, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport, idle: 2))
                try await session.sendText("hello")
                try await session.createResponse(.init(outputModalities: ["text"]))
                // The whole response arrives and waits while nobody reads, for longer than the idle limit. (The limit
                // is 2 s so that a loaded machine's slow first answer is not itself a stall.)
                try await Task.sleep(nanoseconds: 3_000_000_000)
                let reply = try await session.collectResponse()
                #expect(reply.text == "Hello from the sandbox. You said: hello")
                await session.close()
            }
        }
    }

    @Test("a stalled response times out; the socket is closed", arguments: realtimeTransports)
    func stall(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(stallAfterEvents: 4), path: "/realtime")
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport, idle: 2))
                _ = try await readEvents(session) { $0.isSessionCreated }
                // Quiet between responses is fine: nothing has been asked for.
                try await Task.sleep(nanoseconds: 2_500_000_000)
                let closedBefore = sandbox.closedConnections
                try await session.sendText("hello")
                try await session.createResponse()
                let (events, failure) = await readToFailure(session)
                let error = try #require(failure)
                #expect(error.kind == .timeout, "\(error)")
                // The sandbox stalls after 4 response events; a machine too loaded to answer within the limit times out
                // earlier, which is the same verdict.
                #expect(events.filter { if case .responseCreated = $0 { true } else { false } }.count <= 1)
                #expect(await sandbox.waitForClosedConnections(closedBefore + 1, timeout: 10))
            }
        }
    }

    @Test("messages split into many frames arrive whole (fragments joined, multi-byte characters across frames)", arguments: realtimeTransports)
    func fragmentedMessages(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(splitting: .every(7)), path: "/realtime")
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                try await session.sendText("Une histoire de dragon, s'il te plaît — très douce 🐉")
                try await session.createResponse()
                let reply = try await session.collectResponse()
                let expected = "Hello from the sandbox. You said: Une histoire de dragon, s'il te plaît — très douce 🐉"
                #expect(reply.transcript == expected)
                #expect(reply.audio == Sandbox.realtimeAudio(transcript: expected))
                await session.close()
            }
        }
    }

    @Test("a server that goes silent, pongs included, is found dead by the keep-alive ping", arguments: realtimeTransports)
    func pingTimeout(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                sandbox.enqueue(SandboxBehavior(stallAfterEvents: 2), path: "/realtime")
                let options = RealtimeConnectionOptions(
                    transport: transport, connectTimeout: 60, pingInterval: 0.3, pingTimeout: 1, responseIdleTimeout: 0)
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: options)
                // On a loaded machine the 1.3 s ping verdict can come before these sends, which then fail on the
                // closed socket; the verdict is still what the events end with.
                try? await session.sendText("hello")
                try? await session.createResponse()
                let (events, failure) = await readToFailure(session)
                let count = events.count
                let error = try #require(failure)
                #expect(error.kind == .timeout, "\(error)")
                #expect(error.message.contains("ping"), "\(error)")
                // At most what came before the stall — session.created, the user item's two events, response.created and
                // the output item (a pong late on a loaded machine ends it sooner, the same verdict).
                #expect(count <= 5)
            }
        }
    }

    @Test("cancelling the task reading events closes the socket; pings keep an idle session alive", arguments: realtimeTransports)
    func cancellationAndPings(transport: WebSocketTransport) async throws {
        try await within {
            try await withRealtimeService { sandbox, service in
                let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport, ping: 0.1))
                let reader = Task {
                    var count = 0
                    for try await _ in session.events { count += 1 }
                    return count
                }
                // 0.1 s pings: 3 of them take 0.3 s; the wait is long only for a loaded CI machine.
                #expect(await eventually(30) { sandbox.realtimePings >= 3 })
                #expect(sandbox.openConnections == 1)
                let closedBefore = sandbox.closedConnections
                reader.cancel()
                _ = try? await reader.value
                #expect(await sandbox.waitForClosedConnections(closedBefore + 1, timeout: 10))
                do {
                    try await session.sendText("after the end")
                    Issue.record("sending on a closed session succeeded")
                } catch let error as APIError {
                    #expect(error.kind == .connection)
                }
            }
        }
    }

    #if !canImport(Darwin)
    @Test("URLSession on Linux without WebSocket support in libcurl fails with a clear .connection error, or works")
    func urlSessionNeedsWebSocketCurl() async throws {
        try await within {
            try await withRealtimeService { _, service in
                do {
                    let session = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(.urlSession))
                    let first = try await readEvents(session) { _ in true }
                    #expect(first.first?.isSessionCreated == true)
                    await session.close()
                } catch let error as APIError {
                    #expect(error.kind == .connection)
                    #expect(error.message.contains("WebSocket"), "\(error)")
                }
            }
        }
    }
    #endif

    @Test("a port with no server is .connection")
    func connectFailures() async throws {
        try await within {
            let dead = try await startSandbox()
            let url = dead.baseURL.absoluteString
            try await dead.shutdown()
            let service = OpenAIServiceFactory.service(apiKey: "sk-test", overrideBaseURL: url)
            for transport in realtimeTransports {
                do {
                    _ = try await service.realtimeSession(model: "gpt-realtime", connection: realtimeOptions(transport))
                    Issue.record("connected to a closed port")
                } catch let error as APIError {
                    #expect(error.kind == .connection || (transport == .urlSession && error.kind == .timeout), "\(transport): \(error)")
                }
            }
        }
    }
}
