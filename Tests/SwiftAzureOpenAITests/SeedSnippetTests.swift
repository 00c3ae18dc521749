import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftAzureOpenAI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The seed 002 README snippets, unchanged apart from placeholder values (the endpoint is the sandbox, the
// ids are those the sandbox created).

private let decoder = JSONDecoder()

func handleResponse(data: Data, httpResponse: HTTPURLResponse) throws -> APIResponse<SAOAIResponse> {
    // Extract any metadata you collect from headers and timing
    let rateLimit = RateLimitInfo(remaining: nil, resetTime: nil, limit: nil)
    let metadata = ResponseMetadata(
        requestId: httpResponse.allHeaderFields["x-request-id"] as? String,
        timestamp: Date(),
        processingTime: nil,
        rateLimit: rateLimit
    )

    let body = try decoder.decode(SAOAIResponse.self, from: data)
    return APIResponse(
        data: body,
        metadata: metadata,
        statusCode: httpResponse.statusCode,
        headers: httpResponse.allHeaderFields as? [String: String] ?? [:]
    )
}

func sendResponsesRequest(endpoint: String) async throws -> APIResponse<SAOAIResponse> {
    let config = SAOAIAzureConfiguration(
        endpoint: endpoint,
        apiKey: "your-api-key",
        deploymentName: "gpt-4o-mini"
    )

    let request = SAOAIRequest(
        model: config.deploymentName,
        input: [
            SAOAIMessage(
                role: .user,
                content: [.inputText(.init(text: "Hello!"))]
            )
        ]
    )

    let json = try JSONEncoder().encode(request)
    var urlRequest = URLRequest(url: config.baseURL)
    urlRequest.httpMethod = "POST"
    urlRequest.httpBody = json

    // Apply configuration headers
    for (key, value) in config.headers {
        urlRequest.setValue(value, forHTTPHeaderField: key)
    }

    let (data, response) = try await URLSession.shared.data(for: urlRequest)
    let httpResponse = response as! HTTPURLResponse

    return try handleResponse(data: data, httpResponse: httpResponse)
}

@Suite("Seed 002 README snippets")
struct SeedSnippetTests {
    @Test("quick start, messages, streaming, reasoning, tools, files, retrieve/delete, request building")
    func readmeSnippets() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let endpoint = sandbox.baseURL.absoluteString
        var printed = ""
        func print(_ items: Any..., terminator: String = "\n") {
            printed += items.map { "\($0)" }.joined(separator: " ") + terminator
        }
        func fflush(_: Any?) {}
        let stdout: Any? = nil

        // Configure your client
        let config = SAOAIAzureConfiguration(
            endpoint: endpoint,
            apiKey: "your-api-key",
            deploymentName: "gpt-4o-mini"
        )
        let client = SAOAIClient(configuration: config)

        // Simple string input - just like Python!
        let response = try await client.responses.create(
            model: config.deploymentName,
            input: "Write a haiku about Swift programming.",
            maxOutputTokens: 200,
            temperature: 0.7
        )

        // Extract the response text
        for output in response.output {
            for part in output.content ?? [] {
                switch part {
                case .outputText(let text):
                    print(text.text)
                case .functionCall(let call):
                    print("Function call: \(call.name) args=\(call.arguments)")
                }
            }
        }
        #expect(printed == "Hello from AISandbox! You said: Write a haiku about Swift programming.\n")
        let sent = try #require(sandbox.lastRequest)
        #expect(sent.path == "/openai/v1/responses" && sent.queryValue("api-version") == "preview")
        #expect(sent.header("api-key") == "your-api-key" && sent.header("authorization") == nil)
        #expect(sent.json?["max_output_tokens"] as? Int == 200 && sent.json?["temperature"] as? Double == 0.7)

        // Create messages easily with convenience initializer
        let messages = [
            SAOAIMessage(role: .system, text: "You are a helpful assistant."),
            SAOAIMessage(role: .user, text: "What's the weather like?"),
            SAOAIMessage(role: .assistant, text: "I don't have real-time weather data."),
            SAOAIMessage(role: .user, text: "Can you help me with Swift programming?"),
        ]

        let conversation = try await client.responses.create(
            model: config.deploymentName,
            input: messages,
            maxOutputTokens: 300
        )
        #expect(conversation.outputText == "Hello from AISandbox! You said: Can you help me with Swift programming?")
        let input = try #require(sandbox.lastRequest?.json?["input"] as? [[String: Any]])
        #expect(input.map { $0["role"] as? String } == ["system", "user", "assistant", "user"])
        #expect(((input[2]["content"] as? [[String: Any]])?.first)?["type"] as? String == "output_text")

        // Create a streaming call
        printed = ""
        let stream = client.responses.createStreaming(
            model: config.deploymentName,
            input: "Write a story about space exploration",
            maxOutputTokens: 500,
            temperature: 0.7
        )

        // Process events as they arrive
        for try await event in stream {
            if let parts = event.output?.first?.content {
                for part in parts {
                    if let text = part.text, !text.isEmpty { print(text, terminator: "") }
                }
                fflush(stdout)
            }
        }
        #expect(printed == "Hello from AISandbox! You said: Write a story about space exploration")

        // Reasoning configuration (effort and optional summary)
        let reasoning = SAOAIReasoning(effort: "medium", summary: "concise")
        let text = SAOAIText.low()

        let reasoned = try await client.responses.create(
            model: config.deploymentName,
            input: "Explain BFS vs DFS",
            maxOutputTokens: 200,
            reasoning: reasoning,
            text: text
        )
        #expect(reasoned.output.first?.type == "reasoning")
        #expect(reasoned.output.first?.summary?.first?.contains("medium effort") == true)
        let reasoningBody = try #require(sandbox.lastRequest?.json)
        #expect((reasoningBody["reasoning"] as? [String: String]) == ["effort": "medium", "summary": "concise"])
        #expect((reasoningBody["text"] as? [String: String]) == ["verbosity": "low"])

        // Define a function tool using SAOAIJSONValue
        let sumTool = SAOAITool.function(
            name: "sum_calculator",
            description: "Return the sum of two integers",
            parameters: .object([
                "type": .string("object"),
                "properties": .object([
                    "a": .object(["type": .string("integer")]),
                    "b": .object(["type": .string("integer")]),
                ]),
                "required": .array([.string("a"), .string("b")]),
            ])
        )

        // Pass tool definitions in the request
        let toolResponse = try await client.responses.create(
            model: config.deploymentName,
            input: "What's 15 + 27?",
            tools: [sumTool]
        )
        let call = try #require(toolResponse.functionCalls.first)
        #expect(call.name == "sum_calculator" && call.arguments == #"{"a":2,"b":2}"#)
        let toolBody = try #require((sandbox.lastRequest?.json?["tools"] as? [[String: Any]])?.first)
        #expect(toolBody["type"] as? String == "function" && toolBody["name"] as? String == "sum_calculator")
        #expect((toolBody["parameters"] as? [String: Any])?["required"] as? [String] == ["a", "b"])

        // If the model asks to call a tool in streaming, send function outputs back (minimal form)
        let functionOutput = SAOAIInputContent.FunctionCallOutput(callId: call.callId, output: "{\"result\": 42}")
        let functionStream = client.responses.createStreaming(
            model: config.deploymentName,
            functionCallOutputs: [functionOutput],
            previousResponseId: toolResponse.id
        )
        var followUp = ""
        for try await event in functionStream { followUp += event.output?.first?.content?.first?.text ?? "" }
        #expect(followUp == "The tool call \(call.callId) returned: {\"result\": 42}")
        #expect(sandbox.lastRequest?.json?["previous_response_id"] as? String == toolResponse.id)

        // Example 1: PDF analysis with Base64-encoded data
        let pdfData = Data("%PDF-1.4 sandbox document".utf8)
        let base64String = pdfData.base64EncodedString()

        let pdfResponse = try await client.responses.create(
            model: "gpt-4o",  // Vision models support PDF inputs
            input: [
                .message(
                    SAOAIMessage(
                        role: .user,
                        text: "Summarize this PDF document",
                        filename: "report.pdf",
                        base64FileData: base64String,
                        mimeType: "application/pdf"
                    ))
            ]
        )
        #expect(pdfResponse.outputText.contains("[received file report.pdf (\(pdfData.count) bytes)]"))
        let pdfPart = try #require(((sandbox.lastRequest?.json?["input"] as? [[String: Any]])?.first?["content"] as? [[String: Any]])?.last)
        #expect(pdfPart["type"] as? String == "input_file" && pdfPart["file_data"] as? String == "data:application/pdf;base64,\(base64String)")

        // Example 2: Using a file ID from uploaded files
        let fileIdResponse = try await client.responses.create(
            model: "gpt-4o-mini",
            input: [
                .message(
                    SAOAIMessage(
                        role: .user,
                        text: "Analyze the uploaded document",
                        fileId: "assistant-KaVLJQTiWEvdz8yJQHHkqJ"
                    ))
            ]
        )
        #expect(fileIdResponse.outputText.contains("file assistant-KaVLJQTiWEvdz8yJQHHkqJ"))

        // Example 3: Direct file content creation
        let message = SAOAIMessage(
            role: .user,
            content: [
                .inputText(.init(text: "What are the key findings in this document?")),
                .inputFile(.init(fileId: "assistant-123456789")),
            ])
        #expect(message.content.count == 2)

        // Retrieve a response by ID
        let retrieved = try await client.responses.retrieve(fileIdResponse.id!)
        #expect(retrieved == fileIdResponse)

        // Delete a response
        let deleted = try await client.responses.delete(fileIdResponse.id!)
        #expect(deleted)
        await #expect(throws: SAOAIError.self) { try await client.responses.retrieve(fileIdResponse.id!) }

        let request = SAOAIRequest(
            model: config.deploymentName,  // Azure: deployment name; OpenAI: model name
            input: [
                SAOAIMessage(
                    role: .system,
                    content: [.inputText(.init(text: "You are a helpful assistant."))]
                ),
                SAOAIMessage(
                    role: .user,
                    content: [.inputText(.init(text: "Write a haiku about Swift programming."))]
                ),
            ],
            maxOutputTokens: 200,
            temperature: 0.7
        )
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any]
        #expect(encoded?["model"] as? String == "gpt-4o-mini" && encoded?["max_output_tokens"] as? Int == 200)
        #expect((encoded?["input"] as? [[String: Any]])?.count == 2)

        // Use your preferred HTTP stack (the seed's URLSession example, against the sandbox)
        let apiResponse = try await sendResponsesRequest(endpoint: endpoint)
        #expect(apiResponse.statusCode == 200)
        #expect(apiResponse.metadata.requestId?.isEmpty == false)
        printed = ""
        let outputs = apiResponse.data.output
        for output in outputs {
            for part in output.content ?? [] {
                switch part {
                case .outputText(let text):
                    print(text.text)
                case .functionCall(let call):
                    print("Function call: \(call.name) \narguments: \(call.arguments)")
                }
            }
        }
        #expect(printed == "Hello from AISandbox! You said: Hello!\n")

        // Configure OpenAI
        let openaiConfig = SAOAIOpenAIConfiguration(
            apiKey: "sk-your-openai-api-key",
            organization: "org-your-organization"  // Optional
        )
        #expect(openaiConfig.baseURL.absoluteString == "https://api.openai.com/v1/responses")
        #expect(openaiConfig.headers["Authorization"] == "Bearer sk-your-openai-api-key")
        #expect(openaiConfig.headers["OpenAI-Organization"] == "org-your-organization")
        let azureConfig = SAOAIAzureConfiguration(
            endpoint: "https://your-resource.openai.azure.com",
            apiKey: "your-azure-api-key",
            deploymentName: "gpt-4o-mini",  // Your deployment name
            apiVersion: "preview"  // Responses API version (default: "preview")
        )
        #expect(azureConfig.baseURL.absoluteString == "https://your-resource.openai.azure.com/openai/v1/responses?api-version=preview")
        #expect(azureConfig.headers == ["api-key": "your-azure-api-key", "Content-Type": "application/json"])
        #expect(!String(describing: azureConfig).contains("your-azure-api-key"))
    }

    @Test("errors are typed: the error snippet's catch clauses, 429 with retry-after, 401 without a key")
    func errors() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let client = SAOAIClient(
            configuration: SAOAIAzureConfiguration(endpoint: sandbox.baseURL.absoluteString, apiKey: "k", deploymentName: "gpt-4o-mini"),
            maxRetries: 0)
        sandbox.enqueue(SandboxBehavior(status: 429, errorMessage: "Rate limit reached", headers: ["retry-after": "3"]), path: "/openai/v1/responses")
        var caught: SAOAIError?
        do {
            // ... perform request and decode ...
            _ = try await client.responses.create(model: "gpt-4o-mini", input: "Hi")
        } catch let error as SAOAIError {
            caught = error
        } catch let error as DecodingError {
            throw SAOAIError.decodingError(error)
        } catch {
            throw SAOAIError.networkError(error)
        }
        guard case .apiError(let response)? = caught else {
            Issue.record("expected apiError, got \(String(describing: caught))")
            return
        }
        #expect(response.statusCode == 429 && response.retryAfter == 3 && response.error.message == "Rate limit reached")
        #expect(response.requestId != nil && caught?.requestId == response.requestId)
        #expect(caught?.localizedDescription.contains("HTTP 429") == true)

        let keyless = SAOAIClient(
            configuration: SAOAIAzureConfiguration(endpoint: sandbox.baseURL.absoluteString, apiKey: "", deploymentName: "gpt-4o-mini"))
        await #expect {
            _ = try await keyless.responses.create(model: "gpt-4o-mini", input: "Hi")
        } throws: { ($0 as? SAOAIError)?.statusCode == 401 }
        // Streams report HTTP errors from the loop.
        await #expect {
            for try await _ in keyless.responses.createStreaming(model: "gpt-4o-mini", input: "Hi") {}
        } throws: { ($0 as? SAOAIError)?.statusCode == 401 }
        // A truncated stream is a network error; a failed response is thrown after its event.
        sandbox.enqueue(SandboxBehavior(omitDone: true), path: "/openai/v1/responses")
        var text = ""
        await #expect {
            for try await event in client.responses.createStreaming(model: "gpt-4o-mini", input: "cut short") {
                text += event.output?.first?.content?.first?.text ?? ""
            }
        } throws: { error in
            if case .networkError = error as? SAOAIError { return true }
            return false
        }
        #expect(text == "Hello from AISandbox! You said: cut short")
        let failed = #"event: response.failed"# + "\n" + #"data: {"type":"response.failed","sequence_number":0,"response":{"id":"resp_f","object":"response","created_at":1,"status":"failed","model":"m","output":[],"error":{"code":"server_error","message":"The model failed"}}}"# + "\n\n"
        sandbox.enqueue(.raw(200, body: failed, contentType: "text/event-stream"), path: "/openai/v1/responses")
        var types: [SAOAIStreamingEventType] = []
        await #expect {
            for try await event in client.responses.createStreaming(model: "gpt-4o-mini", input: "fail") {
                if let type = event.eventType { types.append(type) }
            }
        } throws: { error in
            guard case .apiError(let response)? = error as? SAOAIError else { return false }
            return response.error.code == "server_error" && response.error.message == "The model failed"
        }
        #expect(types == [.responseFailed])
    }

    @Test("create(_:) returns metadata; Entra tokens are fetched per request; OpenAI configuration with a base URL")
    func metadataAndCredentials() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        sandbox.enqueue(
            SandboxBehavior(headers: ["x-ratelimit-limit-requests": "100", "x-ratelimit-remaining-requests": "99", "x-ratelimit-reset-requests": "6m0s", "openai-processing-ms": "12"]),
            path: "/v1/responses")
        let openAI = SAOAIClient(configuration: SAOAIOpenAIConfiguration(apiKey: "sk-1", baseURL: sandbox.baseURL.absoluteString + "/v1"))
        let result = try await openAI.responses.create(SAOAIRequest(model: "gpt-4o", input: [SAOAIMessage(role: .user, text: "meta")]))
        #expect(result.statusCode == 200)
        #expect(result.metadata.requestId == result.headers["x-request-id"] && result.metadata.requestId != nil)
        #expect(result.metadata.rateLimit == RateLimitInfo(remaining: 99, resetTime: result.metadata.rateLimit?.resetTime, limit: 100))
        let reset = try #require(result.metadata.rateLimit?.resetTime)
        #expect(abs(reset.timeIntervalSince(result.metadata.timestamp) - 360) < 1)
        #expect(result.metadata.processingTime == 0.012)
        #expect(sandbox.lastRequest?.path == "/v1/responses" && sandbox.lastRequest?.header("authorization") == "Bearer sk-1")

        let counter = CallCounter()
        let entra = SAOAIClient(
            configuration: SAOAIAzureConfiguration(
                endpoint: sandbox.baseURL.absoluteString, tokenProvider: { "token-\(counter.next())" }, deploymentName: "gpt-4o-mini"))
        _ = try await entra.responses.create(model: "gpt-4o-mini", input: "one")
        #expect(sandbox.lastRequest?.header("authorization") == "Bearer token-1" && sandbox.lastRequest?.header("api-key") == nil)
        _ = try await entra.responses.create(model: "gpt-4o-mini", input: "two")
        #expect(sandbox.lastRequest?.header("authorization") == "Bearer token-2")
    }
}

@Suite("README SwiftAzureOpenAI snippet")
struct ReadmeAzureSnippetTests {
    @Test("the README's SwiftAzureOpenAI tour runs against the sandbox")
    func tour() async throws {
        let sandbox = try await startSandbox()
        defer { Task { try? await sandbox.shutdown() } }
        let config = SAOAIAzureConfiguration(
            endpoint: sandbox.baseURL.absoluteString, apiKey: "k", deploymentName: "gpt-4o-mini")
        let client = SAOAIClient(configuration: config)
        let response = try await client.responses.create(model: config.deploymentName, input: "Hello", maxOutputTokens: 200)
        #expect(response.outputText == "Hello from AISandbox! You said: Hello")
        var printed = ""
        for try await event in client.responses.createStreaming(model: config.deploymentName, input: "Tell a story") {
            printed += event.output?.first?.content?.first?.text ?? ""
        }
        #expect(printed == "Hello from AISandbox! You said: Tell a story")
        let result = try await client.responses.create(SAOAIRequest(model: "gpt-4o-mini", input: [SAOAIMessage(role: .user, text: "Hi")]))
        #expect(result.metadata.requestId != nil && result.data.outputText.hasSuffix("Hi"))
    }
}
